// `npm run media:migrate` as an operator runs it when moving to S3: every local file lands in the
// bucket, stored URLs keep working, a second run copies nothing (docs/architecture.md#conventions).
// Real s3rver on loopback.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { withTestApp } from "../../testing/app.ts";
import { engines, testConfig } from "../../testing/db.ts";
import { startS3Server, type S3TestServer } from "../../testing/s3-server.ts";
import { variantKey } from "./image-variants.ts";
import { migrateMediaToBucket } from "./media-migration.ts";
import { s3MediaStorage, type S3MediaStorage } from "./s3-storage.ts";
import { localMediaStorage } from "./storage.ts";

const run = promisify(execFile);

/** A data folder with media stored on local disk as before S3: its keys, bytes and uploads root. */
async function localUploads(tag: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pragmatist-migrate-${tag}-`));
  const disk = localMediaStorage(dataDir);
  const image = await sharp({
    create: { width: 900, height: 500, channels: 3, background: "#0f766e" },
  })
    .webp()
    .toBuffer();
  const files = new Map<string, Buffer>([
    [`articles/gas-${tag}-0123456789abcdef.webp`, image],
    [variantKey(`articles/gas-${tag}-0123456789abcdef.webp`, 480), image.subarray(0, 200)],
    [`avatars/${tag}0123456789abcdef0123456789abcd.webp`, image.subarray(0, 300)],
  ]);
  for (const [key, bytes] of files) await disk.put(key, bytes, "image/webp");
  // What an interrupted write leaves behind: not a media file.
  fs.writeFileSync(path.join(disk.root, "avatars", "x.webp.1a2b3c.tmp"), "half");
  return { dataDir, root: disk.root, files };
}

/** Media rows at `/uploads/<key>` for `keys`, as the importer and uploads wrote them. */
async function insertMediaRows(db: Db, keys: string[]) {
  for (const key of keys) {
    await db.kysely
      .insertInto("media")
      .values({
        url: `/uploads/${key}`,
        mime: "image/webp",
        width: 900,
        height: 500,
        size_bytes: 1,
        alternative_text: null,
        created_at: new Date().toISOString(),
        owner_id: null,
      })
      .execute();
  }
}

describe.each(engines)("media:migrate on %s", (engine) => {
  let s3: S3TestServer;
  let bucket: S3MediaStorage;
  let local: Awaited<ReturnType<typeof localUploads>>;
  beforeAll(async () => {
    s3 = await startS3Server();
    const settings = testConfig(s3.env()).s3;
    if (!settings) throw new Error("S3 is not configured");
    bucket = s3MediaStorage(settings);
    local = await localUploads(engine);
  });
  afterAll(async () => {
    bucket.close();
    await s3.close();
    fs.rmSync(local.dataDir, { recursive: true, force: true });
  });
  const ctx = withTestApp(engine, () => ({ config: s3.env() }));

  const migrate = (publicUrl?: string) =>
    migrateMediaToBucket({ root: local.root, storage: bucket, db: ctx.db, publicUrl });

  it("copies every local file once, and the same /uploads URLs serve them from the bucket", async () => {
    const keys = [...local.files.keys()];
    await insertMediaRows(ctx.db, keys);
    const first = await migrate();
    expect(first).toEqual({
      copied: 3,
      present: 0,
      skipped: [{ file: "avatars/x.webp.1a2b3c.tmp", reason: "unfinished write" }],
      rewritten: 0,
      missing: 0,
    });
    for (const [key, bytes] of local.files) {
      const served = await ctx.app.inject({ url: `/uploads/${key}` });
      expect(served.statusCode, key).toBe(200);
      expect(served.rawPayload.equals(bytes), key).toBe(true);
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    // Typed by its bytes: the whole image is a WebP.
    expect((await ctx.app.inject({ url: `/uploads/${keys[0]}` })).headers["content-type"]).toBe(
      "image/webp",
    );

    const second = await migrate();
    expect(second).toMatchObject({ copied: 0, present: 3, rewritten: 0 });
  });

  it("with S3_PUBLIC_URL, points stored URLs at it once, leaving rows whose object is missing", async () => {
    const orphan = `articles/orphan-${engine}-0123456789abcdef.webp`;
    await insertMediaRows(ctx.db, [orphan]);
    const publicUrl = "https://media.example.test";
    expect(await migrate(publicUrl)).toMatchObject({
      copied: 0,
      present: 3,
      rewritten: 3,
      missing: 1,
    });
    const urls = (await ctx.db.kysely.selectFrom("media").select("url").execute()).map(
      (r) => r.url,
    );
    expect(urls.sort()).toEqual(
      [...[...local.files.keys()].map((k) => `${publicUrl}/${k}`), `/uploads/${orphan}`].sort(),
    );
    expect(await migrate(publicUrl)).toMatchObject({ copied: 0, rewritten: 0, missing: 1 });
  });
});

describe("npm run media:migrate", () => {
  let s3: S3TestServer;
  let local: Awaited<ReturnType<typeof localUploads>>;
  beforeAll(async () => {
    s3 = await startS3Server();
    local = await localUploads("cli");
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(local.dataDir, { recursive: true, force: true });
  });

  const migrate = (settings: Record<string, string>) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: local.dataDir, ...settings };
    delete env.DATABASE_URL;
    return run("npm", ["run", "--silent", "media:migrate"], { cwd: repoRoot, env });
  };

  it("prints what it copied, copies nothing the second time, and refuses without S3_BUCKET", async () => {
    const first = await migrate(s3.env());
    expect(first.stdout).toContain(`${local.root} -> bucket media: 3 copied, 0 already there`);
    const second = await migrate(s3.env());
    expect(second.stdout).toContain("0 copied, 3 already there, 1 skipped");
    await expect(migrate({})).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("S3_BUCKET is not set"),
    });
  });
});
