// POST /api/studio/images as the editor's text field calls it: an image for an article's text,
// kept larger than an avatar, named by its size and content, owned by the publication
// (docs/product/api.md#api-upload, docs/product/studio.md#studio-images).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { registerMember } from "../../testing/fixtures.ts";
import { multipart } from "../../testing/multipart.ts";
import { ARTICLE_IMAGE_MAX_PX } from "./upload.service.ts";

const png = (width: number, height: number, background = "#3366aa") =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe.each(engines)("images of articles' text on %s", (engine) => {
  const ctx = withTestApp(engine);

  /** A signed-in member with `role`. */
  const person = async (role: "member" | "author" | "editor") => {
    const m = await registerMember((o) => ctx.app.inject(o));
    await ctx.db.kysely.updateTable("users").set({ role }).where("id", "=", m.id).execute();
    return m;
  };
  const upload = (auth: Record<string, string>, data: Buffer) => {
    const { payload, headers } = multipart([
      { field: "files", filename: "chart.png", type: "image/png", data },
    ]);
    return ctx.app.inject({
      method: "POST",
      url: "/api/studio/images",
      payload,
      headers: { ...headers, ...auth },
    });
  };

  it("stores a wide image at 1600 px, named by its size and content, with smaller copies", async () => {
    const { auth } = await person("author");
    const res = await upload(auth, await png(2400, 1200));
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = res.json();
    expect(stored).toMatchObject({ mime: "image/webp", width: ARTICLE_IMAGE_MAX_PX, height: 800 });
    expect(stored.url).toMatch(/^\/uploads\/articles\/images\/1600x800-[0-9a-f]{16}\.webp$/);
    const served = await ctx.app.inject({ url: stored.url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1600);
    for (const w of [480, 800]) {
      const copy = await ctx.app.inject({ url: stored.url.replace(".webp", `.w${w}.webp`) });
      expect(copy.statusCode).toBe(200);
      expect((await sharp(copy.rawPayload).metadata()).width).toBe(w);
    }
  });

  it("keeps a small image as it is, and the same image twice as one file and row", async () => {
    const { auth } = await person("editor");
    const image = await png(300, 200, "#aa6633");
    const first = (await upload(auth, image)).json()[0];
    expect(first).toMatchObject({ width: 300, height: 200 });
    const again = await upload((await person("author")).auth, image);
    expect(again.statusCode).toBe(201);
    expect(again.json()[0]).toMatchObject({ id: first.id, url: first.url });
    // The publication's, not the writer's: deleting an account never takes an article's image.
    const row = await ctx.db.kysely
      .selectFrom("media")
      .select("owner_id")
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBeNull();
  });

  it("is for writers only, and refuses what is not an image as the avatar upload does", async () => {
    const image = await png(10, 10);
    expect((await upload({}, image)).statusCode).toBe(401);
    const member = await upload((await person("member")).auth, image);
    expect(member.statusCode).toBe(403);
    expect(member.json().error.name).toBe("ForbiddenError");
    const text = await upload((await person("author")).auth, Buffer.from("<svg onload=alert(1)>"));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe("Only JPEG, PNG, WebP or GIF images can be uploaded");
  });
});
