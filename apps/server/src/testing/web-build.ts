// The production web build for tests that render pages (app.inject or a started server) and for the
// benchmarks: made once when missing or stale, as `npm start` does.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../config.ts";

/**
 * Runs `cli/ensure-build.ts` (builds apps/web when apps/web/build is missing or older than its
 * sources), its two lines of progress and a failed build's log on this process's terminal.
 * @throws Error when there is still no server build afterwards.
 */
export function ensureWebBuild(): void {
  execFileSync(process.execPath, ["apps/server/src/cli/ensure-build.ts"], {
    cwd: repoRoot,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (!fs.existsSync(path.join(repoRoot, "apps/web/build/server/index.js"))) {
    throw new Error("No web build, and `npm run build` did not make one");
  }
}
