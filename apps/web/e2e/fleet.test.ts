// The fleet check as part of the test run (docs/architecture.md#overview): `npm run fleet:check`
// starts Debian's nginx on docs/deploy/nginx.conf in front of 3 production processes on one fresh
// PostgreSQL database, Redis and the loopback S3, and every claim it prints must hold. It needs
// what CI provides (.ci/run): DATABASE_URL's server, REDIS_URL and nginx; without PostgreSQL and
// Redis configured it is skipped, like the server tests' PostgreSQL runs.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Runs the fleet check to its end: its exit code and everything it printed. */
function fleetCheck(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bench/fleet-check.ts"], {
      cwd: repoRoot,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)("a fleet behind nginx", () => {
  it("passes npm run fleet:check: every claim holds", { timeout: 240_000 }, async () => {
    const { code, output } = await fleetCheck();
    const claims = output.split("\n").filter((line) => /^(ok|FAIL) {2}/.test(line));
    expect(
      claims.filter((line) => line.startsWith("FAIL")),
      output,
    ).toEqual([]);
    for (const claim of [
      "nginx caches public answers",
      "an avatar uploaded through A is served by B and C",
      "a publish through A shows at once",
      "an anonymous visitor's 2 Max credits hold across processes",
      "SIGKILL of B under load loses no GET",
      "a rolling restart",
    ]) {
      expect(
        claims.some((line) => line.startsWith(`ok    ${claim}`)),
        claim,
      ).toBe(true);
    }
    expect(code, output).toBe(0);
  });
});
