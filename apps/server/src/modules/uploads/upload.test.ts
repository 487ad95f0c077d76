// POST /api/upload as a client sees it: images by their bytes, re-encoded without metadata
// (docs/product/api.md#api-upload).
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { UPLOADS_PER_HOUR } from "./upload.service.ts";
import { registerMember } from "../../testing/fixtures.ts";
import { multipart, type Part } from "../../testing/multipart.ts";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366aa" } });

/** A PNG whose header claims `width` x `height` (a decompression bomb needs no real pixels). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  // IHDR: length (4) "IHDR" (4) width (4) height (4) ... CRC over type + data (17 bytes).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(engines)("uploads on %s", (engine) => {
  const ctx = withTestApp(engine);

  const member = () => registerMember((o) => ctx.app.inject(o));

  /** POST /api/upload with `parts`; `crop` is the query parameter's value, sent as is. */
  const upload = (auth: Record<string, string>, parts: Part[], crop?: string) => {
    const { payload, headers } = multipart(parts);
    return ctx.app.inject({
      method: "POST",
      url: "/api/upload",
      query: crop === undefined ? {} : { crop },
      payload,
      headers: { ...headers, ...auth },
    });
  };
  const file = (data: Buffer | string, filename: string, type: string): Part[] => [
    { field: "files", filename, type, data },
  ];

  it("stores a JPEG as an upright WebP without EXIF or GPS, answering Strapi's array", async () => {
    const { id, auth } = await member();
    const jpeg = await solid(300, 200)
      .jpeg()
      .withExif({
        IFD0: { Copyright: "Secret Camera Owner" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "51/1 30/1 2610/100",
          GPSLongitudeRef: "W",
          GPSLongitude: "0/1 7/1 3960/100",
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(auth, file(jpeg, "holiday.jpg", "image/jpeg"));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(1);
    const [stored] = body;
    expect(Object.keys(stored).sort()).toEqual(
      ["ext", "height", "id", "mime", "name", "size", "url", "width"].sort(),
    );
    expect(stored).toMatchObject({ mime: "image/webp", ext: ".webp", width: 200, height: 300 });
    expect(stored.url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    expect(stored.name).not.toContain("holiday");

    const served = await ctx.app.inject({ url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    // Embeddable by mail clients showing a newsletter (not helmet's same-origin).
    expect(served.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(served.headers["cache-control"]).toMatch(/max-age=31536000.*immutable/);
    const bytes = served.rawPayload;
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(bytes.includes("Secret Camera")).toBe(false);
    expect(bytes.includes("EXIF") || bytes.includes("Exif")).toBe(false);
    expect(stored.size).toBeCloseTo(bytes.length / 1024, 1);

    const row = await ctx.db.kysely
      .selectFrom("media")
      .selectAll()
      .where("id", "=", stored.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_id: id, mime: "image/webp", url: stored.url });
  });

  it("scales a large image to fit 512 px and never enlarges a small one", async () => {
    const { auth } = await member();
    const big = await upload(
      auth,
      file(await solid(2000, 1000).png().toBuffer(), "a.png", "image/png"),
    );
    expect(big.json()[0]).toMatchObject({ width: 512, height: 256 });
    const small = await upload(
      auth,
      file(await solid(40, 30).png().toBuffer(), "b.png", "image/png"),
    );
    expect(small.json()[0]).toMatchObject({ width: 40, height: 30 });
  });

  it("recognises images by their bytes: a PNG named .gif, a WebP sent as octet-stream, a GIF", async () => {
    const { auth } = await member();
    const png = await solid(64, 64).png().toBuffer();
    expect((await upload(auth, file(png, "cat.gif", "image/gif"))).statusCode).toBe(201);
    const webp = await solid(64, 64).webp().toBuffer();
    expect((await upload(auth, file(webp, "blob", "application/octet-stream"))).statusCode).toBe(
      201,
    );
    const gif = await solid(64, 64).gif().toBuffer();
    expect((await upload(auth, file(gif, "anim.gif", "image/gif"))).statusCode).toBe(201);
  });

  it("drops whatever rides along in a GIF/script polyglot: only decoded pixels are stored", async () => {
    const { auth } = await member();
    const gif = await solid(32, 32).gif().toBuffer();
    const polyglot = Buffer.concat([gif, Buffer.from("\n<script>alert(document.cookie)</script>")]);
    const res = await upload(auth, file(polyglot, "x.gif", "image/gif"));
    expect(res.statusCode).toBe(201);
    const served = await ctx.app.inject({ url: res.json()[0].url });
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.rawPayload.includes("script")).toBe(false);
  });

  it.each([
    [
      "an SVG named .png sent as image/png",
      `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`,
      "avatar.png",
      "image/png",
    ],
    [
      "an SVG",
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>`,
      "a.svg",
      "image/svg+xml",
    ],
    ["HTML", "<!doctype html><html><script>alert(1)</script></html>", "a.html", "text/html"],
    ["HTML named .jpg", "<html><body onload=alert(1)>", "a.jpg", "image/jpeg"],
    ["text", "just some words", "notes.txt", "text/plain"],
    ["a PDF", "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF", "cv.png", "image/png"],
  ])("refuses %s with 400", async (_label, data, filename, type) => {
    const { auth } = await member();
    const res = await upload(auth, file(data, filename, type));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      name: "ValidationError",
      message: "Only JPEG, PNG, WebP or GIF images can be uploaded",
    });
  });

  it("refuses a TIFF (a real image, but not one we accept) and a truncated PNG", async () => {
    const { auth } = await member();
    const tiff = await solid(16, 16).tiff().toBuffer();
    expect((await upload(auth, file(tiff, "a.png", "image/png"))).statusCode).toBe(400);
    const png = await solid(256, 256).png().toBuffer();
    const res = await upload(auth, file(png.subarray(0, 60), "cut.png", "image/png"));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("The image could not be read");
  });

  it("refuses a decompression bomb: a small PNG claiming 100 megapixels", async () => {
    const { auth } = await member();
    const res = await upload(
      auth,
      file(await pngClaiming(10_000, 10_000), "bomb.png", "image/png"),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/at most 50 megapixels/);
  });

  it("refuses 6 MB with 413 and the Strapi error body", async () => {
    const { auth } = await member();
    const png = await solid(8, 8).png().toBuffer();
    const huge = Buffer.concat([png, randomBytes(6 * 1024 * 1024)]);
    const res = await upload(auth, file(huge, "big.png", "image/png"));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      data: null,
      error: {
        status: 413,
        name: "PayloadTooLargeError",
        message: "The image must be at most 5 MB",
        details: { maxBytes: 5 * 1024 * 1024 },
      },
    });
  });

  it("wants exactly one file in the field files", async () => {
    const { auth } = await member();
    const png = await solid(8, 8).png().toBuffer();
    const cases: Part[][] = [
      [{ field: "avatar", filename: "a.png", type: "image/png", data: png }],
      [
        { field: "files", filename: "a.png", type: "image/png", data: png },
        { field: "files", filename: "b.png", type: "image/png", data: png },
      ],
      [
        { field: "files", filename: "a.png", type: "image/png", data: png },
        { field: "ref", data: "plugin::users-permissions.user" },
      ],
      [{ field: "files", data: "not a file" }],
      [],
    ];
    for (const parts of cases) expect((await upload(auth, parts)).statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: "POST",
      url: "/api/upload",
      headers: auth,
      payload: { files: "x" },
    });
    expect(json.statusCode).toBe(400);
  });

  it("is for signed-in members only, and limits each to 30 uploads an hour", async () => {
    const png = await solid(8, 8).png().toBuffer();
    expect((await upload({}, file(png, "a.png", "image/png"))).statusCode).toBe(401);
    expect(
      (await upload({ authorization: "Bearer not.a.token" }, file(png, "a.png", "image/png")))
        .statusCode,
    ).toBe(401);
    const { auth } = await member();
    for (let i = 0; i < UPLOADS_PER_HOUR; i += 1) {
      expect((await upload(auth, file(png, "a.png", "image/png"))).statusCode).toBe(201);
    }
    const over = await upload(auth, file(png, "a.png", "image/png"));
    expect(over.statusCode).toBe(429);
    expect(over.json().error.name).toBe("RateLimitError");
    // Another member has their own budget.
    expect((await upload((await member()).auth, file(png, "a.png", "image/png"))).statusCode).toBe(
      201,
    );
  });

  it("keeps only the square crop=x,y,width,height of the upright image, then scales it", async () => {
    const { auth } = await member();
    // 1200 x 800, red on the left half, blue on the right.
    const blue = await solid(600, 800).png().toBuffer();
    const photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: "#ff0000" },
    })
      .composite([{ input: blue, left: 600, top: 0 }])
      .png()
      .toBuffer();
    const res = await upload(auth, file(photo, "wide.png", "image/png"), "600,100,600,600");
    expect(res.statusCode).toBe(201);
    expect(res.json()[0]).toMatchObject({ width: 512, height: 512 });
    const served = await sharp((await ctx.app.inject({ url: res.json()[0].url })).rawPayload);
    expect(await served.metadata()).toMatchObject({ width: 512, height: 512 });
    const [r, , b] = (await served.stats()).channels;
    expect(r!.mean).toBeLessThan(120);
    expect(b!.mean).toBeGreaterThan(150);

    // A photo taken sideways (EXIF orientation 6): 300 x 200 as stored, 200 x 300 upright.
    const sideways = await solid(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const upright = await upload(auth, file(sideways, "s.jpg", "image/jpeg"), "0,100,200,200");
    expect(upright.json()[0]).toMatchObject({ width: 200, height: 200 });
    // Inside the stored pixels, outside the upright ones.
    const turned = await upload(auth, file(sideways, "s.jpg", "image/jpeg"), "100,0,200,200");
    expect(turned.statusCode).toBe(400);
  });

  it("refuses a crop that is malformed, negative, not square or outside the image with a 400", async () => {
    const { auth } = await member();
    const png = await solid(100, 60).png().toBuffer();
    for (const crop of [
      "",
      "1,2,3",
      "0,0,10,10,1",
      "a,b,c,d",
      "-1,0,10,10",
      "0,0,10,11",
      "0,0,0,0",
      "0.5,0,10,10",
    ]) {
      const res = await upload(auth, file(png, "a.png", "image/png"), crop);
      expect(res.statusCode, crop).toBe(400);
      expect(res.json()).toMatchObject({
        data: null,
        error: { status: 400, name: "ValidationError" },
      });
      expect(res.json().error.details.errors[0].path, crop).toEqual(["crop"]);
    }
    for (const crop of ["0,0,61,61", "41,0,60,60", "0,1,60,60"]) {
      const res = await upload(auth, file(png, "a.png", "image/png"), crop);
      expect(res.statusCode, crop).toBe(400);
      expect(res.json().error).toMatchObject({
        name: "ValidationError",
        message: "The crop must lie inside the image",
        details: { errors: [{ path: ["crop"] }] },
      });
    }
    const messages = await Promise.all(
      ["-1,0,10,10", "0,0,10,11"].map(async (crop) => {
        const res = await upload(auth, file(png, "a.png", "image/png"), crop);
        return res.json().error.message;
      }),
    );
    expect(messages).toEqual([
      "crop: must be x,y,width,height in whole pixels, none negative",
      "crop: must be a square of at least 1 pixel",
    ]);
    expect((await upload(auth, file(png, "a.png", "image/png"), "40,0,60,60")).statusCode).toBe(
      201,
    );
    // The other checks still apply with a crop.
    const huge = Buffer.concat([png, randomBytes(6 * 1024 * 1024)]);
    expect((await upload(auth, file(huge, "big.png", "image/png"), "0,0,60,60")).statusCode).toBe(
      413,
    );
    const text = await upload(auth, file("hello", "a.png", "image/png"), "0,0,60,60");
    expect(text.json().error.message).toBe("Only JPEG, PNG, WebP or GIF images can be uploaded");
  });
});
