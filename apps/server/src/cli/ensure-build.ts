// `npm start` step: build the web app when there is no production build, or when its sources
// changed since; the bundler's output goes to a log file, and only its last lines
// to the terminal when the build fails (item 14).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../config.ts";

/** Where the build's own output goes (the build folder is remade by each build). */
const buildLog = path.join(repoRoot, "apps/web/build-output.log");
/** What the build is made from, under the repository root: folders, then single files. */
const SOURCE_DIRS = ["apps/web/app", "apps/web/public", "packages/contracts/src"];
const SOURCE_FILES = ["apps/web/vite.config.ts", "apps/web/react-router.config.ts"];
/** Lines of the log shown when a build fails. */
const FAILURE_LINES = 40;

/** The newest modification time (ms) among the build's sources under `root`; tests do not count. */
function newestSource(root: string): number {
  const files = SOURCE_FILES.map((f) => path.join(root, f));
  for (const dir of SOURCE_DIRS.map((d) => path.join(root, d)).filter((d) => fs.existsSync(d))) {
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.push(path.join(entry.parentPath, entry.name));
    }
  }
  return files
    .filter((f) => !/\.test\.tsx?$/.test(f) && fs.existsSync(f))
    .reduce((newest, f) => Math.max(newest, fs.statSync(f).mtimeMs), 0);
}

/**
 * Why the web app under `root` must be built now ("no web build yet", "the web app changed since
 * its build"), or null when its server build is newer than every source.
 */
export function staleBuildReason(root: string): string | null {
  const serverBuild = path.join(root, "apps/web/build/server/index.js");
  if (!fs.existsSync(serverBuild)) return "no web build yet";
  if (newestSource(root) > fs.statSync(serverBuild).mtimeMs) {
    return "the web app changed since its build";
  }
  return null;
}

/** Builds the web app, its output into `buildLog`; on failure shows the log's end and exits. */
function build(reason: string): void {
  const log = path.relative(repoRoot, buildLog);
  console.log(`${reason}: building it (about a minute; its output goes to ${log}) …`);
  const started = Date.now();
  const out = fs.openSync(buildLog, "w");
  const run = spawnSync("npm", ["run", "build"], { cwd: repoRoot, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  if (run.status !== 0) {
    const tail = fs.readFileSync(buildLog, "utf8").trimEnd().split("\n").slice(-FAILURE_LINES);
    console.error(`The web build failed. The end of ${log}:\n${tail.join("\n")}`);
    process.exit(run.status ?? 1);
  }
  console.log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
}

if (import.meta.main) {
  const reason = staleBuildReason(repoRoot);
  if (reason) build(reason);
}
