// The smaller copies of stored images that cards and articles offer in srcset, as a browser
// fetches them: made at import and upload, made on first request for older images, sized right.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { registerMember } from "../../testing/fixtures.ts";
import { multipart } from "../../testing/multipart.ts";
import { importFolder } from "../importer/importer.service.ts";
import { VARIANT_WIDTHS, variantKey } from "./image-variants.ts";
import { localMediaStorage } from "./storage.ts";

const storage = localMediaStorage(":memory:");
const quiet = { info() {}, warn() {}, error() {} };

const webp = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#134e4a" } })
    .webp()
    .toBuffer();

describe.each(engines)("image copies on %s", (engine) => {
  const ctx = withTestApp(engine);

  /** GETs `url`: its status, headers and, for an image, its pixel size. */
  async function fetchImage(url: string) {
    const res = await ctx.app.inject({ url });
    if (res.statusCode !== 200) return { res, width: 0, height: 0, format: "" };
    const { width, height, format } = await sharp(res.rawPayload).metadata();
    return { res, width, height, format: String(format) };
  }

  it("makes the copies of an image stored before copies existed on first request, sized and cached", async () => {
    const key = `tests/older-${engine}-0123456789abcdef.webp`;
    await storage.put(key, await webp(1200, 630), "image/webp");
    for (const [width, height] of [
      [480, 252],
      [800, 420],
    ] as const) {
      const copy = `/uploads/${variantKey(key, width)}`;
      const first = await fetchImage(copy);
      expect(first.res.statusCode, copy).toBe(200);
      expect({ width: first.width, height: first.height, format: first.format }).toEqual({
        width,
        height,
        format: "webp",
      });
      expect(first.res.headers["content-type"]).toBe("image/webp");
      expect(first.res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(first.res.headers["x-content-type-options"]).toBe("nosniff");
      // Made once: the next request is served from storage.
      expect(await storage.find(variantKey(key, width))).not.toBeNull();
      expect((await fetchImage(copy)).res.rawPayload.equals(first.res.rawPayload)).toBe(true);
    }
  });

  it("makes no copy at a width it does not offer, of a missing image or wider than the image", async () => {
    const small = `tests/small-${engine}-0123456789abcdef.webp`;
    await storage.put(small, await webp(400, 300), "image/webp");
    const big = `tests/big-${engine}-0123456789abcdef.webp`;
    await storage.put(big, await webp(1200, 630), "image/webp");
    for (const url of [
      `/uploads/${big.replace(".webp", ".w300.webp")}`,
      `/uploads/${big.replace(".webp", ".w480.w480.webp")}`,
      `/uploads/${variantKey(small, 480)}`,
      `/uploads/${variantKey(`tests/missing-${engine}.webp`, 480)}`,
      "/uploads/../escape.w480.webp",
    ]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect(await storage.find(variantKey(small, 480))).toBeNull();
  });

  it("stores the copies of a member's upload with it, and removes them with the account", async () => {
    const { id, auth } = await registerMember((o) => ctx.app.inject(o));
    const png = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer();
    const form = multipart([{ field: "files", filename: "a.png", type: "image/png", data: png }]);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/upload",
      ...form,
      headers: { ...form.headers, ...auth },
    });
    expect(res.statusCode).toBe(201);
    const [stored] = res.json() as { url: string; width: number }[];
    expect(stored?.width).toBe(512);
    const key = stored?.url.slice("/uploads/".length) ?? "";
    // 480 px is narrower than the 512 px upload, 800 px is not.
    expect(await storage.find(variantKey(key, 480))).not.toBeNull();
    expect(await storage.find(variantKey(key, 800))).toBeNull();
    expect(await fetchImage(`/uploads/${variantKey(key, 480)}`)).toMatchObject({
      width: 480,
      height: 240,
    });

    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: `/api/users/${id}`,
      headers: auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await storage.find(key)).toBeNull();
    expect(await storage.find(variantKey(key, 480))).toBeNull();
    expect((await ctx.app.inject({ url: `/uploads/${variantKey(key, 480)}` })).statusCode).toBe(
      404,
    );
  });

  it("stores the copies of every imported thumbnail at import", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-variants-"));
    try {
      fs.writeFileSync(
        path.join(dir, "authors.json"),
        JSON.stringify([{ username: "Copy Author", email: `copies-${engine}@example.org` }]),
      );
      fs.writeFileSync(
        path.join(dir, `copies-${engine}.md`),
        `---\ntitle: "Copies of ${engine}"\nslug: copies-of-${engine}\npublishDate: "2024-03-04"\nauthor: "Copy Author"\ntype: Research\n---\n\nBody.\n`,
      );
      const summary = await importFolder(ctx.app.services, dir, { storage, log: quiet });
      expect(summary.skipped).toEqual([]);
      const thumbnail = (await ctx.app.services.articles.findBySlug(`copies-of-${engine}`))
        ?.attributes.thumbnailUrl;
      expect(thumbnail).toMatchObject({ width: 1200, height: 630 });
      const key = thumbnail?.url.slice("/uploads/".length) ?? "";
      for (const width of VARIANT_WIDTHS) {
        expect(await storage.find(variantKey(key, width)), `${width} px copy`).not.toBeNull();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
