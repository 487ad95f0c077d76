// `npm run user:role` as an operator runs it: it reads `.env` from the folder
// it runs in, as `npm start` does, so DATA_DIR need not be repeated; and an invitation prints its
// one link to choose a password, the link of an invitation page. Runs the package's own script
// through npm in a temporary folder that holds only that script, the code and a `.env`.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../config.ts";
import { openDb } from "../db/client.ts";

const run = promisify(execFile);

describe("npm run user:role with a .env", () => {
  let folder: string;
  let dataDir: string;

  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-dotenv-"));
    dataDir = path.join(folder, "data-from-dotenv");
    const scripts = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"))
      .scripts as Record<string, string>;
    fs.writeFileSync(
      path.join(folder, "package.json"),
      JSON.stringify({ private: true, scripts: { "user:role": scripts["user:role"] } }),
    );
    fs.symlinkSync(path.join(repoRoot, "apps"), path.join(folder, "apps"));
    fs.writeFileSync(
      path.join(folder, ".env"),
      `DATA_DIR=${dataDir}\nPUBLIC_URL=https://research.example.test\nLOG_LEVEL=silent\n`,
    );
  });
  afterAll(() => {
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("uses the DATA_DIR of .env and prints the invitation's one link", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ["DATA_DIR", "DATABASE_URL", "REDIS_URL", "SMTP_URL", "PUBLIC_URL"]) {
      delete env[name];
    }
    const args = ["nadia@example.test", "editor", "--create", "--username", "Nadia Haddad"];
    const { stdout } = await run("npm", ["run", "--silent", "user:role", "--", ...args], {
      cwd: folder,
      env,
    });

    // One link, the page for a first password at the .env's public address.
    const links = stdout.match(/https?:\/\/\S+/g) ?? [];
    expect(links, stdout).toHaveLength(1);
    expect(stdout).toMatch(
      /^Link to choose a password: https:\/\/research\.example\.test\/passreset\?code=[\w-]+&invite=1$/m,
    );
    // The account and the mail went to the .env's data folder.
    const mailFile = /Mail written to (\S+)/.exec(stdout)?.[1] ?? "";
    expect(path.dirname(mailFile)).toBe(path.join(dataDir, "outbox"));
    const db = openDb({ dataDir });
    try {
      const account = await db.kysely
        .selectFrom("users")
        .select(["username", "role"])
        .where("email", "=", "nadia@example.test")
        .executeTakeFirst();
      expect(account).toEqual({ username: "Nadia Haddad", role: "editor" });
    } finally {
      await db.close();
    }
  });
});
