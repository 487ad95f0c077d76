// The role command line, `npm run user:role <email> <role>`
// (docs/product/accounts.md#permission-matrix).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../config.ts";
import { type Db, openDb } from "../../db/client.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { insertUser } from "../../testing/fixtures.ts";

const run = promisify(execFile);

describe("npm run user:role", () => {
  let dataDir: string;
  let db: Db;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-role-"));
    db = openDb({ dataDir });
    await migrateToLatest(db);
    await insertUser(db, { username: "Future Editor", email: "editor@example.test" });
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    return run(
      process.execPath,
      [path.join(repoRoot, "apps/server/src/cli/user-role.ts"), ...args],
      {
        env,
      },
    ).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
  };

  it("sets the role of an existing account and prints it", async () => {
    const res = await cli("Editor@Example.test", "editor");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/editor@example\.test .* is now editor/);
    const row = await db.kysely
      .selectFrom("users")
      .select("role")
      .where("email", "=", "editor@example.test")
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("editor");
  });

  it("audits the change with the old and new role, and never leaves no admin", async () => {
    const account = async () =>
      await db.kysely
        .selectFrom("users")
        .select(["id", "role"])
        .where("email", "=", "editor@example.test")
        .executeTakeFirstOrThrow();
    const roleEntries = () =>
      db.kysely
        .selectFrom("audit_log")
        .select(["actor_id", "target_id", "details"])
        .where("action", "=", "member.role")
        .orderBy("id", "desc")
        .execute();
    const before = await account();
    expect((await cli("editor@example.test", "admin")).code).toBe(0);
    const [entry] = await roleEntries();
    expect(entry).toMatchObject({ actor_id: null, target_id: before.id });
    expect(JSON.parse(String(entry?.details))).toEqual({
      from: before.role,
      to: "admin",
      via: "command line",
    });
    // The only admin cannot be made a member: refused, unchanged, nothing logged.
    const count = (await roleEntries()).length;
    const demote = await cli("editor@example.test", "member");
    expect(demote.code).toBe(1);
    expect(demote.stderr).toContain("needs at least one admin");
    expect((await account()).role).toBe("admin");
    expect(await roleEntries()).toHaveLength(count);
  });

  it("fails on an unknown account or role, and with no arguments", async () => {
    expect((await cli("nobody@example.test", "admin")).code).toBe(1);
    const badRole = await cli("editor@example.test", "superuser");
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toMatch(/member, author, editor, admin/);
    expect((await cli()).code).toBe(2);
  });
});
