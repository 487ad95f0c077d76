// The Node options `npm start` gives the server (package.json's start script), for the tests and
// benchmarks that run a process as the server runs (docs/scale.md#operator-commands).
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../config.ts";

/**
 * The options between `node` and `apps/server/src/main.ts` in the start script of `checkout`'s
 * package.json (this repository's by default; another checkout's when a benchmark serves its
 * build), less `--env-file…` (the tests' and benchmarks' processes get their environment
 * themselves), e.g. `["--max-semi-space-size=16"]`.
 * @throws Error when the start script no longer runs `node … apps/server/src/main.ts`.
 */
export function startNodeOptions(checkout = repoRoot): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(checkout, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const found = /\bnode((?: --\S+)*) apps\/server\/src\/main\.ts/.exec(pkg.scripts.start ?? "");
  if (!found) throw new Error("package.json's start script does not run apps/server/src/main.ts");
  return (found[1] ?? "")
    .trim()
    .split(/\s+/)
    .filter((option) => option && !option.startsWith("--env-file"));
}
