// npm run backup and npm run restore as an operator runs them (docs/deploy/backups.md): a backup
// taken while an editor keeps writing restores into an empty DATA_DIR with every write acknowledged
// before it started, refuses to write over data, and the app starts on what it restored.
import { execFile, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { repoRoot } from "../config.ts";
import { localMediaStorage } from "../modules/uploads/storage.ts";
import { insertArticle, insertUser, registerMember, type TestMember } from "../testing/fixtures.ts";
import { engines, testConfig } from "../testing/db.ts";
import { insertComment } from "../testing/studio.ts";
import type { BackupManifest } from "./backup-format.ts";
import { type Db, type Dialect, openDb } from "./client.ts";
import { migrations } from "./migrations/index.ts";

const run = promisify(execFile);
const latestMigration = Object.keys(migrations).sort().at(-1);
const pgDumpOnPath = spawnSync("pg_dump", ["--version"]).status === 0;

/** Where one site keeps its data: a DATA_DIR, and on PostgreSQL a database of its own. */
interface Site {
  dataDir: string;
  databaseUrl: string | undefined;
  /** The settings the app and the command-line tools run with. */
  env: Record<string, string>;
}

/** A write the editor's client saw acknowledged: the article's id, when it was sent and answered. */
interface Ack {
  id: number;
  sentAt: number;
  ackedAt: number;
}

/** The temporary PostgreSQL databases this file made, dropped by `dropAll`. */
const made: string[] = [];

/**
 * Creates a PostgreSQL database for one site over DATABASE_URL (the postgres superuser on
 * 127.0.0.1) and returns its URL.
 */
async function temporaryDatabase(): Promise<string> {
  const admin = process.env.DATABASE_URL ?? "";
  const name = `backup_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  made.push(name);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  url.search = "";
  return url.toString();
}
async function dropAll(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL ?? "" });
  await client.connect();
  for (const name of made.splice(0))
    await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

async function site(engine: Dialect, dataDir: string): Promise<Site> {
  const databaseUrl = engine === "postgres" ? await temporaryDatabase() : undefined;
  // No APP_SECRET: the secret is generated into DATA_DIR/secret.key, as on a fresh machine.
  const env = {
    DATA_DIR: dataDir,
    APP_SECRET: "",
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  };
  return { dataDir, databaseUrl, env };
}

/**
 * Runs a command-line tool as `npm run <tool> -- args` does (node on its script), with the site's
 * settings and none of this process's DATABASE_URL, REDIS_URL, BACKUP_DIR or S3_BUCKET.
 */
async function cli(tool: "backup" | "restore", args: string[], on: Site) {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent", ...on.env };
  for (const name of ["DATABASE_URL", "REDIS_URL", "BACKUP_DIR", "S3_BUCKET"]) {
    if (!(name in on.env)) delete env[name];
  }
  const script = path.join(repoRoot, "apps/server/src/cli", `${tool}.ts`);
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], {
      env,
      cwd: repoRoot,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The editor's drafting: one POST /api/articles after another until stopped, each acknowledgement noted. */
function keepWriting(app: Awaited<ReturnType<typeof buildApp>>, editor: TestMember) {
  const acks: Ack[] = [];
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      const sentAt = performance.now();
      const res = await app.inject({
        method: "POST",
        url: "/api/articles",
        headers: editor.auth,
        payload: { data: { title: `Draft ${acks.length + 1}`, content: "Notes." } },
      });
      if (res.statusCode !== 201)
        throw new Error(`POST /api/articles: ${res.statusCode} ${res.body}`);
      acks.push({
        id: (res.json() as { data: { id: number } }).data.id,
        sentAt,
        ackedAt: performance.now(),
      });
    }
  })();
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return {
    acks,
    until,
    async stop() {
      stopping = true;
      await loop;
    },
  };
}

/** Members who like the comment the backup holds, and its article. */
const LIKERS = 2;
const LIKED_SLUG = "liked-discussion";

/** The ids of the editor's articles in a site's database (all but the liked discussion), in order. */
async function articleIds(on: Site): Promise<number[]> {
  const db = openDb({ dataDir: on.dataDir, databaseUrl: on.databaseUrl });
  try {
    const rows = await db.kysely
      .selectFrom("articles")
      .select("id")
      .where("slug", "!=", LIKED_SLUG)
      .orderBy("id")
      .execute();
    return rows.map((r) => r.id);
  } finally {
    await db.close();
  }
}

/**
 * A published article (one of the site's articles) with a comment by the first of `likers` new
 * members, liked by all of them; returns the comment's id.
 */
async function commentLikedBy(db: Db, likers: number): Promise<number> {
  const articleId = await insertArticle(db, { slug: LIKED_SLUG });
  const members: number[] = [];
  for (let i = 0; i < likers; i += 1) members.push(await insertUser(db));
  const id = await insertComment(db, {
    articleId,
    authorId: members[0] ?? 0,
    content: "Worth keeping.",
  });
  const now = new Date().toISOString();
  for (const user_id of members)
    await db.kysely
      .insertInto("comment_likes")
      .values({ comment_id: id, user_id, created_at: now })
      .execute();
  return id;
}

const MEDIA = [
  ["avatars/nadia-0123456789abcdef.webp", randomBytes(2048)],
  ["articles/gas-fees-fedcba9876543210.webp", randomBytes(4096)],
] as const;

for (const engine of engines) {
  const skip = engine === "postgres" && !pgDumpOnPath;
  describe.skipIf(skip)(`npm run backup / restore under write load (${engine})`, () => {
    let folder: string;
    let live: Site;
    let restored: Site;
    let editor: TestMember;
    let writes: Ack[];
    let backupWindow: { startedAt: number; finishedAt: number };
    let manifest: BackupManifest;
    let likedComment: number;
    const backupDir = () => path.join(folder, "backup");

    beforeAll(async () => {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-backup-"));
      live = await site(engine, path.join(folder, "live"));
      const app = await buildApp(testConfig(live.env), { web: false, logger: false });
      try {
        editor = await registerMember((o) => app.inject(o));
        await app.services.db.kysely
          .updateTable("users")
          .set({ role: "editor" })
          .where("id", "=", editor.id)
          .execute();
        for (const [key, bytes] of MEDIA)
          await localMediaStorage(live.dataDir).put(key, bytes, "image/webp");
        likedComment = await commentLikedBy(app.services.db, LIKERS);
        const writer = keepWriting(app, editor);
        await writer.until(() => writer.acks.length >= 20);
        const startedAt = performance.now();
        const backup = await cli("backup", [backupDir()], live);
        const finishedAt = performance.now();
        const after = writer.acks.length;
        await writer.until(() => writer.acks.length >= after + 5);
        await writer.stop();
        expect(backup.stderr).toBe("");
        expect(backup.code).toBe(0);
        writes = writer.acks;
        backupWindow = { startedAt, finishedAt };
      } finally {
        await app.close();
      }
      manifest = JSON.parse(fs.readFileSync(path.join(backupDir(), "manifest.json"), "utf8"));
      restored = await site(engine, path.join(folder, "restored"));
      const restore = await cli("restore", [backupDir()], restored);
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
    }, 120_000);

    afterAll(async () => {
      if (engine === "postgres") await dropAll();
      fs.rmSync(folder, { recursive: true, force: true });
    });

    it("holds every write acknowledged before the backup started and none sent after it ended", async () => {
      const ids = await articleIds(restored);
      const before = writes.filter((w) => w.ackedAt < backupWindow.startedAt);
      const during = writes.filter(
        (w) => w.ackedAt > backupWindow.startedAt && w.ackedAt < backupWindow.finishedAt,
      );
      const after = writes.filter((w) => w.sentAt > backupWindow.finishedAt);
      // The editor kept writing while the backup ran: it never blocked the site.
      expect(during.length).toBeGreaterThan(0);
      expect(ids).toEqual(expect.arrayContaining(before.map((w) => w.id)));
      for (const w of after) expect(ids).not.toContain(w.id);
      // One instant of the database: the writes up to some point, with no gap.
      expect(ids).toEqual(writes.slice(0, ids.length).map((w) => w.id));
      expect(manifest.rows.articles).toBe(ids.length + 1);
      expect(manifest.rows.users).toBe(1 + LIKERS);
    });

    it("restores an intact database at the backup's migration level, with the uploads and the secret", async () => {
      expect(manifest).toMatchObject({ engine, migration: { latest: latestMigration } });
      const db = openDb({ dataDir: restored.dataDir, databaseUrl: restored.databaseUrl });
      try {
        if (db.sqlite) expect(db.sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
        const applied = await sql<{
          name: string;
        }>`select name from kysely_migration order by name`.execute(db.kysely);
        expect(applied.rows.at(-1)?.name).toBe(manifest.migration.latest);
      } finally {
        await db.close();
      }
      for (const [key, bytes] of MEDIA) {
        expect(fs.readFileSync(path.join(restored.dataDir, "uploads", ...key.split("/")))).toEqual(
          bytes,
        );
      }
      expect(manifest.uploads).toEqual({ files: MEDIA.length, bytes: 2048 + 4096 });
      expect(fs.readFileSync(path.join(restored.dataDir, "secret.key"), "utf8")).toBe(
        fs.readFileSync(path.join(live.dataDir, "secret.key"), "utf8"),
      );
    });

    it("refuses a data dir that is not empty, and on PostgreSQL a database with tables, changing nothing", async () => {
      const before = {
        files: fs.readdirSync(restored.dataDir).sort(),
        ids: await articleIds(restored),
      };
      const again = await cli("restore", [backupDir()], restored);
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain(`DATA_DIR ${restored.dataDir} is not empty`);
      expect({
        files: fs.readdirSync(restored.dataDir).sort(),
        ids: await articleIds(restored),
      }).toEqual(before);
      if (engine === "postgres") {
        const intoUsedDb = {
          ...restored,
          env: { ...restored.env, DATA_DIR: path.join(folder, "fresh") },
        };
        const refused = await cli("restore", [backupDir()], intoUsedDb);
        expect(refused.code).not.toBe(0);
        expect(refused.stderr).toContain("The database at DATABASE_URL is not empty");
        expect(fs.existsSync(path.join(folder, "fresh"))).toBe(false);
      }
    });

    it("refuses a backup whose database file changed since it was taken, writing nothing", async () => {
      const damaged = path.join(folder, "damaged");
      fs.cpSync(backupDir(), damaged, { recursive: true });
      const file = path.join(damaged, manifest.database.file);
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
      fs.writeFileSync(file, bytes);
      const into = { ...restored, env: { ...restored.env, DATA_DIR: path.join(folder, "unused") } };
      const refused = await cli("restore", [damaged], into);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain("does not match the manifest");
      expect(fs.existsSync(path.join(folder, "unused"))).toBe(false);
    });

    it("restores each comment's like count once, and keeps it on the next like", async () => {
      const app = await buildApp(testConfig(restored.env), { web: false, logger: false });
      try {
        const db = app.services.db.kysely;
        const likeCount = async () =>
          (
            await db
              .selectFrom("comments")
              .select("like_count")
              .where("id", "=", likedComment)
              .executeTakeFirstOrThrow()
          ).like_count;
        // A restore that loaded the likes after making the count's triggers would count them twice.
        expect(await likeCount()).toBe(LIKERS);
        const toggle = () =>
          app.inject({
            method: "POST",
            url: `/api/comment-manager/comments/${likedComment}/like`,
            headers: editor.auth,
          });
        const liked = await toggle();
        expect(liked.json()).toEqual({ liked: true, likeCount: LIKERS + 1 });
        expect(await likeCount()).toBe(LIKERS + 1);
        expect((await toggle()).json()).toEqual({ liked: false, likeCount: LIKERS });
      } finally {
        await app.close();
      }
    });

    it("starts the app on the restored data: the editor is still signed in and the last draft and media are served", async () => {
      const app = await buildApp(testConfig(restored.env), { web: false, logger: false });
      try {
        expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
        const last = writes.filter((w) => w.ackedAt < backupWindow.startedAt).at(-1);
        const draft = await app.inject({
          url: `/api/studio/articles/${last?.id}`,
          headers: editor.auth,
        });
        expect(draft.statusCode).toBe(200);
        const [key, bytes] = MEDIA[0];
        const media = await app.inject({ url: `/uploads/${key}` });
        expect(media.statusCode).toBe(200);
        expect(media.rawPayload).toEqual(bytes);
      } finally {
        await app.close();
      }
    });
  });
}
