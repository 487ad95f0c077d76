// A new user's first hour: `npm start` says which Node it needs on an older
// one, rebuilds the web app when its sources changed, says in one plain line where it serves, and
// the command-line tools mail links to that address, not to the default port.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { staleBuildReason } from "./cli/ensure-build.ts";
import { repoRoot } from "./config.ts";
import { listeningPort, type LogLine, startServer } from "./testing/server-process.ts";

const run = promisify(execFile);
const folders: string[] = [];
const tempFolder = (prefix: string) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
};
afterAll(() => folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true })));

/** A Node older than package.json's `engines` on this machine (Debian's system Node), or null. */
function olderNode(): string | null {
  for (const candidate of ["/usr/bin/node", "/usr/local/bin/node"]) {
    if (!fs.existsSync(candidate) || fs.realpathSync(candidate) === process.execPath) continue;
    const version = execFileSync(candidate, ["--version"], { encoding: "utf8" }).trim();
    if (Number(/^v(\d+)/.exec(version)?.[1]) < 22) return candidate;
  }
  return null;
}

describe("a new user's first start", () => {
  const older = olderNode();
  it.skipIf(older === null)("says which Node it needs when started with an older one", () => {
    // Skipped where no Node older than 22 is installed beside this one (nothing to try it with).
    let failure: { status: number; stderr: string } | null = null;
    try {
      execFileSync(older as string, ["apps/server/src/cli/check-node.mjs"], {
        cwd: repoRoot,
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (e) {
      failure = e as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toMatch(
      /^Pragmatist needs Node >=\d+\.\d+: it runs its TypeScript directly/,
    );
    expect(failure?.stderr).toContain("Install Node 24 LTS");
  });

  it("rebuilds the web app when a source is newer than its build, not otherwise", () => {
    const root = tempFolder("pragmatist-stale-");
    const write = (file: string, at: number) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), "x");
      fs.utimesSync(path.join(root, file), at, at);
    };
    write("apps/web/app/routes/home.tsx", 1_000);
    expect(staleBuildReason(root)).toBe("no web build yet");
    write("apps/web/build/server/index.js", 2_000);
    expect(staleBuildReason(root)).toBeNull();
    write("apps/web/app/routes/home.test.tsx", 3_000); // a test changes no page
    expect(staleBuildReason(root)).toBeNull();
    write("packages/contracts/src/articles.ts", 3_000);
    expect(staleBuildReason(root)).toBe("the web app changed since its build");
  });

  it("says where it serves in one plain line, and the tools invite readers to that address", async () => {
    const dataDir = tempFolder("pragmatist-served-");
    const server = startServer({ DATA_DIR: dataDir });
    let port: number;
    try {
      port = listeningPort(
        await server.waitFor((l: LogLine) => l.msg.startsWith("Server listening")),
      );
      const url = `http://127.0.0.1:${port}`;
      await expect
        .poll(() => server.stderr())
        .toContain(`Pragmatist is serving Crypto Pragmatist on ${url}\n`);
      expect(fs.readFileSync(path.join(dataDir, "served-url.txt"), "utf8")).toBe(`${url}\n`);
    } finally {
      await server.stop();
    }
    // No PORT and no PUBLIC_URL here: the invitation still leads to the server's address.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
    for (const name of ["DATABASE_URL", "REDIS_URL", "SMTP_URL", "PUBLIC_URL", "PORT", "HOST"]) {
      delete env[name];
    }
    const args = ["first.editor@example.test", "editor", "--create", "--username", "First Editor"];
    const { stdout } = await run(process.execPath, ["apps/server/src/cli/user-role.ts", ...args], {
      cwd: repoRoot,
      env,
    });
    expect(stdout).toMatch(
      new RegExp(
        `^Link to choose a password: http://127\\.0\\.0\\.1:${port}/passreset\\?code=`,
        "m",
      ),
    );
  });
});
