// `npm start` step: build the web app when no production build exists yet.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../config.ts";

const serverBuild = path.join(repoRoot, "apps/web/build/server/index.js");
if (fs.existsSync(serverBuild)) {
  console.log("web build found; skipping build (run `npm run build` to rebuild)");
} else {
  console.log("no web build yet; building apps/web …");
  execFileSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
}
