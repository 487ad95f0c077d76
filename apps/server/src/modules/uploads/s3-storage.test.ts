// Media in an S3 bucket as readers and members see it: uploads land in the bucket, the same
// /uploads URLs serve them with the same headers, account deletion removes them
// (docs/architecture.md#conventions). Against a real S3 protocol server on loopback (s3rver),
// through the official SDK.
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { openTestApp, withTestApp } from "../../testing/app.ts";
import { engines, testConfig } from "../../testing/db.ts";
import { registerMember } from "../../testing/fixtures.ts";
import { multipart } from "../../testing/multipart.ts";
import { seedDemoContentIfEmpty } from "../importer/importer.service.ts";
import { startS3Server, type S3TestServer } from "../../testing/s3-server.ts";
import { variantKey } from "./image-variants.ts";
import { s3MediaStorage, type S3MediaStorage } from "./s3-storage.ts";
import { localMediaStorage } from "./storage.ts";

const quiet = { info() {}, warn() {}, error() {} };

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#134e4a" } })
    .png()
    .toBuffer();

/** The bucket as an operator would inspect it: a second client over the same settings. */
function bucketOf(s3: S3TestServer, overrides: Record<string, string> = {}): S3MediaStorage {
  const settings = testConfig(s3.env(overrides)).s3;
  if (!settings) throw new Error("S3 is not configured");
  return s3MediaStorage(settings);
}

describe.each(engines)("media in an S3 bucket on %s", (engine) => {
  let s3: S3TestServer;
  let bucket: S3MediaStorage;
  // Registered first: the server is up before the app and stopped after it.
  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = bucketOf(s3);
  });
  afterAll(async () => {
    bucket.close();
    await s3.close();
  });
  const ctx = withTestApp(engine, () => ({ config: s3.env() }));

  const uploadAvatar = async (auth: Record<string, string>, image: Buffer) => {
    const form = multipart([{ field: "files", filename: "a.png", type: "image/png", data: image }]);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/upload",
      ...form,
      headers: { ...form.headers, ...auth },
    });
    expect(res.statusCode).toBe(201);
    const [stored] = res.json() as { url: string; width: number }[];
    return { url: stored?.url ?? "", key: stored?.url.slice("/uploads/".length) ?? "" };
  };

  it("stores an uploaded avatar in the bucket, not on disk, and serves it at its /uploads URL", async () => {
    const { auth } = await registerMember((o) => ctx.app.inject(o));
    const { url, key } = await uploadAvatar(auth, await png(2000, 1000));
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    const object = await bucket.read(key);
    expect(await sharp(object ?? Buffer.alloc(0)).metadata()).toMatchObject({
      format: "webp",
      width: 512,
      height: 256,
    });
    expect(fs.existsSync(path.join(localMediaStorage(":memory:").root, key))).toBe(false);

    const served = await ctx.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(object ?? Buffer.alloc(0))).toBe(true);
    expect(served.headers).toMatchObject({
      "content-type": "image/webp",
      "content-length": String(object?.length),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "cross-origin",
    });
    const etag = String(served.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(served.headers["last-modified"]).toBeDefined();

    // A browser revalidating its copy gets a 304 without the bytes; a HEAD gets the headers.
    const again = await ctx.app.inject({ url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const since = String(served.headers["last-modified"]);
    const unchanged = await ctx.app.inject({ url, headers: { "if-modified-since": since } });
    expect(unchanged.statusCode).toBe(304);
    const head = await ctx.app.inject({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(object?.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it("keeps the smaller copies in the bucket, and makes an older image's copy on first request", async () => {
    const { auth } = await registerMember((o) => ctx.app.inject(o));
    const { key } = await uploadAvatar(auth, await png(2000, 1000));
    expect(await bucket.find(variantKey(key, 480))).not.toBeNull();
    expect(await bucket.find(variantKey(key, 800))).toBeNull();
    const copy = await ctx.app.inject({ url: `/uploads/${variantKey(key, 480)}` });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers["content-type"]).toBe("image/webp");
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width: 480, height: 240 });

    const older = `tests/older-${engine}-0123456789abcdef.webp`;
    const webp = await sharp(await png(1200, 630))
      .webp()
      .toBuffer();
    await bucket.put(older, webp, "image/webp");
    const made = await ctx.app.inject({ url: `/uploads/${variantKey(older, 800)}` });
    expect(made.statusCode).toBe(200);
    expect(await sharp(made.rawPayload).metadata()).toMatchObject({ width: 800, height: 420 });
    expect(await bucket.find(variantKey(older, 800))).not.toBeNull();
  });

  it("answers 404 for a missing key and for anything that is not a media key", async () => {
    for (const url of [
      "/uploads/avatars/missing.webp",
      "/uploads/../pragmatist.db",
      "/uploads/%2e%2e/pragmatist.db",
      "/uploads/avatars%2Fmissing.webp",
      "/uploads/Avatars/X.webp",
      "/uploads/",
      "/uploads/avatars/",
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.name, url).toBe("NotFoundError");
    }
    // Not even a URL: the router's 400, never a 500.
    expect((await ctx.app.inject({ url: "/uploads/%E0%A4%A.webp" })).statusCode).toBe(400);
  });

  it("removes a member's own upload and its copies from the bucket with their account", async () => {
    const { id, auth } = await registerMember((o) => ctx.app.inject(o));
    const { url, key } = await uploadAvatar(auth, await png(1000, 1000));
    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: `/api/users/${id}`,
      headers: auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await bucket.find(key)).toBeNull();
    expect(await bucket.find(variantKey(key, 480))).toBeNull();
    expect((await ctx.app.inject({ url })).statusCode).toBe(404);
  });

  it("seeds the demo content's images into the bucket", async () => {
    const demo = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-s3-demo-"));
    try {
      fs.writeFileSync(
        path.join(demo, "authors.json"),
        JSON.stringify([{ username: "Seed Author", email: `seed-${engine}@example.org` }]),
      );
      fs.writeFileSync(
        path.join(demo, "seeded.md"),
        `---\ntitle: "Seeded"\nslug: seeded-${engine}\npublishDate: "2024-03-04"\nauthor: "Seed Author"\ntype: Research\n---\n\nBody.\n`,
      );
      const config = { ...testConfig(s3.env()), demoContentDir: demo };
      const problems: unknown[] = [];
      const log = {
        ...quiet,
        warn: (o: object) => problems.push(o),
        error: (o: object) => problems.push(o),
      };
      await seedDemoContentIfEmpty(ctx.app.services, config, log);
      expect(problems).toEqual([]);
      const article = await ctx.app.services.articles.findBySlug(`seeded-${engine}`);
      const url = article?.attributes.thumbnailUrl?.url ?? "";
      expect(url).toMatch(/^\/uploads\/articles\/.+\.webp$/);
      expect(await bucket.find(url.slice("/uploads/".length))).not.toBeNull();
      expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    } finally {
      fs.rmSync(demo, { recursive: true, force: true });
    }
  });

  it("pings the bucket, and fails the ping with the reason when the bucket is missing", async () => {
    await expect(ctx.app.services.media.ping()).resolves.toBeUndefined();
    const missing = bucketOf(s3, { S3_BUCKET: "no-such-bucket" });
    try {
      await expect(missing.ping()).rejects.toThrow('S3 bucket "no-such-bucket" does not exist');
    } finally {
      missing.close();
    }
  });
});

describe.each(engines)("media in an S3 bucket with S3_PUBLIC_URL on %s", (engine) => {
  const publicUrl = "https://media.example.test/pragmatist";
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());
  const ctx = withTestApp(engine, () => ({ config: s3.env({ S3_PUBLIC_URL: `${publicUrl}/` }) }));

  it("gives out URLs under the public base, still answers /uploads/, and deletes by either", async () => {
    const bucket = bucketOf(s3);
    try {
      const { id, auth } = await registerMember((o) => ctx.app.inject(o));
      const form = multipart([
        { field: "files", filename: "a.png", type: "image/png", data: await png(300, 300) },
      ]);
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/upload",
        ...form,
        headers: { ...form.headers, ...auth },
      });
      const url = (res.json() as { url: string }[])[0]?.url ?? "";
      expect(url).toMatch(
        /^https:\/\/media\.example\.test\/pragmatist\/avatars\/[0-9a-f]{32}\.webp$/,
      );
      const key = url.slice(publicUrl.length + 1);
      const object = await bucket.read(key);
      expect(object).not.toBeNull();
      const served = await ctx.app.inject({ url: `/uploads/${key}` });
      expect(served.rawPayload.equals(object ?? Buffer.alloc(0))).toBe(true);

      await ctx.app.inject({ method: "DELETE", url: `/api/users/${id}`, headers: auth });
      expect(await bucket.find(key)).toBeNull();
    } finally {
      bucket.close();
    }
  });
});

describe("media in an S3 bucket that cannot be reached", () => {
  it("answers 503 with the error body, and fails the ping saying so", async () => {
    // A port nothing listens on any more: every connection is refused.
    const closed = net.createServer().listen(0, "127.0.0.1");
    await once(closed, "listening");
    const { port } = closed.address() as net.AddressInfo;
    closed.close();
    const { app, close } = await openTestApp("sqlite", {
      config: { S3_BUCKET: "media", S3_ENDPOINT: `http://127.0.0.1:${port}` },
    });
    try {
      const res = await app.inject({ url: "/uploads/avatars/0123456789abcdef.webp" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        data: null,
        error: {
          status: 503,
          name: "ApplicationError",
          message: "The media storage is unavailable",
        },
      });
      await expect(app.services.media.ping()).rejects.toThrow(
        'S3 bucket "media" cannot be reached',
      );
    } finally {
      await close();
    }
  });
});

describe("local media storage ping", () => {
  it("passes while the uploads folder is there and fails once it is gone", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-ping-"));
    const storage = localMediaStorage(dataDir);
    await expect(storage.ping()).resolves.toBeUndefined();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await expect(storage.ping()).rejects.toThrow(/ENOENT/);
  });
});

describe("S3 settings", () => {
  it("keeps local disk without S3_BUCKET and refuses S3 settings that cannot work", () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(
      loadConfig({
        S3_BUCKET: "media",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
        S3_PUBLIC_URL: "https://cdn.example.test/",
      }).s3,
    ).toEqual({
      endpoint: undefined,
      region: "us-east-1",
      bucket: "media",
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      forcePathStyle: true,
      publicUrl: "https://cdn.example.test",
    });
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /S3_ENDPOINT need S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id" })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ S3_BUCKET: "Media_Bucket" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: "media", S3_PUBLIC_URL: "javascript:alert(1)" })).toThrow(
      /S3_PUBLIC_URL/,
    );
  });
});
