// Writing drafts in the studio as authors and editors see it (docs/product/studio.md#studio):
// slugs, validation, autosave and conflicts, revisions, thumbnails and the social image
// (docs/product/studio.md#studio-seo).
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import type { Revision, RevisionSummary } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import type { TestMember } from "../../testing/fixtures.ts";
import { get, postArticle, putArticle, writeArticle } from "../../testing/studio.ts";
import { studioArticlesSuite } from "./studio-articles.test-setup.ts";

describe.each(engines)("studio articles on %s", (engine) => {
  const { ctx, author, otherAuthor, editor, open, revisions } = studioArticlesSuite(engine);

  /**
   * A `width` × `height` PNG uploaded by `who` to `url` (a member's upload, or with
   * "/api/studio/images" an image for articles). @returns its media id.
   */
  async function upload(who: TestMember, url = "/api/upload", width = 40, height = 30) {
    const png = await sharp({ create: { width, height, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(png)], { type: "image/png" }), "cover.png");
    const request = new Request("http://localhost/", { method: "POST", body: form });
    const res = await ctx.inject({
      method: "POST",
      url,
      headers: {
        ...who.auth,
        "content-type": request.headers.get("content-type") ?? "",
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()[0].id as number;
  }

  describe("writing a draft", () => {
    it("makes the slug from the title, unique, and starts as a draft by the caller", async () => {
      const first = await writeArticle(ctx, author, {
        title: "Staking & You: A Primer",
        subTitle: "What validators do",
        content: "# Staking\n\nValidators lock ether to propose and attest blocks.",
        types: ["Research"],
        categories: ["Staking", "Ethereum"],
        tags: ["validators"],
        ecosystems: ["Ethereum"],
      });
      expect(first.attributes).toMatchObject({
        title: "Staking & You: A Primer",
        slug: "staking-you-a-primer",
        status: "draft",
        state: "draft",
        types: ["Research"],
        categories: [
          { name: "Staking", slug: "staking" },
          { name: "Ethereum", slug: "ethereum" },
        ],
        tags: ["validators"],
        ecosystems: [{ name: "Ethereum", slug: "ethereum" }],
        author: { id: author.id, username: "Ada Writer" },
        thumbnail: null,
        readingTimeMinutes: 1,
      });
      expect(first.attributes.excerpt).toContain("Validators lock ether");
      const second = await writeArticle(ctx, author, { title: "Staking & you: a primer" });
      expect(second.attributes.slug).toBe("staking-you-a-primer-2");
      // Only listed fields are ever answered.
      expect(Object.keys(first).sort()).toEqual(["attributes", "id"]);
      expect(first.attributes).not.toHaveProperty("clicks");
    });

    it("refuses a slug in use with a clear 400, and fields that are not the article's", async () => {
      await writeArticle(ctx, author, { title: "Taken", slug: "taken-slug" });
      const taken = await postArticle(ctx, author, { title: "Another", slug: "taken-slug" });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().error.message).toBe(
        'The slug "taken-slug" is already used by another article: choose another one',
      );
      const bad = await postArticle(ctx, author, { title: "Bad", slug: "Not A Slug" });
      expect(bad.statusCode).toBe(400);
      for (const extra of [{ authorId: editor.id }, { clicks: 5 }, { role: "admin" }]) {
        const res = await postArticle(ctx, author, { title: "Sneaky", ...extra });
        expect(res.statusCode).toBe(400);
      }
      const untitled = await postArticle(ctx, author, { title: "   " });
      expect(untitled.statusCode).toBe(400);
      expect(untitled.json().error.message).toContain("A title is needed");
      const draft = await writeArticle(ctx, author, { title: "Rename me" });
      const clash = await putArticle(ctx, author, draft.id, { slug: "taken-slug" });
      expect(clash.statusCode).toBe(400);
      expect(clash.json().error.message).toContain('"taken-slug" is already used');
    });

    it("keeps the search and social fields, null puts back the default, a bad address is a 400", async () => {
      const seo = {
        metaTitle: "Staking, plainly",
        metaDescription: "What a validator earns.",
        canonicalUrl: "https://example.org/first/",
      };
      const draft = await writeArticle(ctx, author, { title: "Seo piece", ...seo });
      expect(draft.attributes.seo).toEqual({ ...seo, socialImage: null });
      const cleared = await putArticle(ctx, author, draft.id, { metaTitle: null });
      expect(cleared.statusCode).toBe(200);
      expect((await open(author, draft.id)).attributes.seo).toMatchObject({
        ...seo,
        metaTitle: null,
      });
      for (const canonicalUrl of ["/p/seo-piece", "javascript:alert(1)", "example.org/x"]) {
        const res = await putArticle(ctx, author, draft.id, { canonicalUrl });
        expect(res.statusCode, canonicalUrl).toBe(400);
        expect(res.json().error.message).toContain("A canonical URL is a full http:// or https://");
      }
      const long = await putArticle(ctx, author, draft.id, { metaTitle: "x".repeat(121) });
      expect(long.statusCode).toBe(400);
      // Nothing of the refused saves was written.
      expect((await open(author, draft.id)).attributes.seo).toMatchObject({
        ...seo,
        metaTitle: null,
      });
    });
  });

  describe("autosave", () => {
    it("writes nothing for an unchanged save and keeps the version", async () => {
      const draft = await writeArticle(ctx, author, { title: "Autosaved", content: "One." });
      const data = { title: "Autosaved", content: "One.", updatedAt: draft.attributes.updatedAt };
      ctx.clock.advance(1000);
      const again = await putArticle(ctx, author, draft.id, data);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.attributes.updatedAt).toBe(draft.attributes.updatedAt);
      const twice = await putArticle(ctx, author, draft.id, data);
      expect(twice.json().data.attributes.updatedAt).toBe(draft.attributes.updatedAt);
      expect(await revisions(author, draft.id)).toHaveLength(1);
    });

    it("answers 409 to a save based on an older version, and writes nothing", async () => {
      const draft = await writeArticle(ctx, author, { title: "Contested", content: "Base." });
      ctx.clock.advance(1000);
      const mine = await putArticle(ctx, author, draft.id, {
        content: "Tab one.",
        updatedAt: draft.attributes.updatedAt,
      });
      expect(mine.statusCode).toBe(200);
      const newer = mine.json().data.attributes.updatedAt as string;
      expect(Date.parse(newer)).toBeGreaterThan(Date.parse(draft.attributes.updatedAt));
      const stale = await putArticle(ctx, author, draft.id, {
        content: "Tab two.",
        updatedAt: draft.attributes.updatedAt,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toContain("changed since you opened it");
      expect(stale.json().error.details.updatedAt).toBe(newer);
      expect((await open(author, draft.id)).attributes.content).toBe("Tab one.");
      // Two saves in the same millisecond still get distinct versions.
      const third = await putArticle(ctx, author, draft.id, {
        content: "Same ms.",
        updatedAt: newer,
      });
      expect(third.json().data.attributes.updatedAt).not.toBe(newer);
    });
  });

  describe("revisions", () => {
    it("keeps a version per save, and restoring one is a save too", async () => {
      const draft = await writeArticle(ctx, author, { title: "Versioned", content: "First text." });
      ctx.clock.advance(1000);
      await putArticle(ctx, author, draft.id, { content: "Second text." });
      ctx.clock.advance(1000);
      await putArticle(ctx, editor, draft.id, { title: "Versioned, edited", content: "Third." });
      const saved = await revisions(author, draft.id);
      expect(saved.map((r) => r.title)).toEqual(["Versioned, edited", "Versioned", "Versioned"]);
      expect(saved[0]?.savedBy).toEqual({ id: editor.id, username: "Eve Editor" });
      expect(saved[2]?.savedBy).toEqual({ id: author.id, username: "Ada Writer" });
      expect(saved[0]).not.toHaveProperty("content");

      const oldest = saved[2] as RevisionSummary;
      const one = await get(ctx, author, `/api/studio/articles/${draft.id}/revisions/${oldest.id}`);
      expect((one.json().data as Revision).content).toBe("First text.");

      ctx.clock.advance(1000);
      const restored = await ctx.inject({
        method: "POST",
        url: `/api/studio/articles/${draft.id}/revisions/${oldest.id}/restore`,
        headers: author.auth,
      });
      expect(restored.statusCode).toBe(200);
      expect(restored.json().data.attributes).toMatchObject({
        title: "Versioned",
        content: "First text.",
      });
      const after = await revisions(author, draft.id);
      expect(after).toHaveLength(4);
      expect(after[0]).toMatchObject({ title: "Versioned", savedBy: { id: author.id } });

      const other = await writeArticle(ctx, author, { title: "Elsewhere" });
      const foreign = await get(
        ctx,
        author,
        `/api/studio/articles/${other.id}/revisions/${oldest.id}`,
      );
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe("thumbnails", () => {
    it("takes an author's own upload, refuses another's, and editors may use any image", async () => {
      const mine = await upload(author);
      const theirs = await upload(otherAuthor);
      const draft = await writeArticle(ctx, author, { title: "Illustrated", thumbnail: mine });
      expect(draft.attributes.thumbnail).toMatchObject({ id: mine, width: 40, height: 30 });
      expect(draft.attributes.thumbnail?.url).toMatch(/^\/uploads\//);
      const refused = await putArticle(ctx, author, draft.id, { thumbnail: theirs });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain("an image you uploaded");
      const byEditor = await putArticle(ctx, editor, draft.id, { thumbnail: theirs });
      expect(byEditor.json().data.attributes.thumbnail.id).toBe(theirs);
      const cleared = await putArticle(ctx, editor, draft.id, { thumbnail: null });
      expect(cleared.json().data.attributes.thumbnail).toBeNull();
    });

    it("takes an image for articles as an author's thumbnail: the publication's, kept large", async () => {
      const image = await upload(otherAuthor, "/api/studio/images");
      const draft = await writeArticle(ctx, author, { title: "Shared art", thumbnail: image });
      expect(draft.attributes.thumbnail?.id).toBe(image);
      expect(draft.attributes.thumbnail?.url).toMatch(/^\/uploads\/articles\/images\/40x30-/);
    });
  });

  describe("the social image", () => {
    it("is set, read back and cleared apart from the thumbnail, and goes with its media row", async () => {
      const image = await upload(author, "/api/studio/images", 120, 63);
      const draft = await writeArticle(ctx, author, { title: "Shared widely", socialImage: image });
      const expected = { id: image, url: expect.stringMatching(/^\/uploads\/articles\/images\//) };
      expect(draft.attributes.seo.socialImage).toEqual({ ...expected, width: 120, height: 63 });
      expect(draft.attributes.thumbnail).toBeNull();
      expect((await open(author, draft.id)).attributes.seo.socialImage).toMatchObject(expected);
      const cleared = await putArticle(ctx, author, draft.id, { socialImage: null });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect((await open(author, draft.id)).attributes.seo.socialImage).toBeNull();
      // Deleting the image takes it off the article, as it does a thumbnail.
      await putArticle(ctx, author, draft.id, { socialImage: image, thumbnail: image });
      await ctx.db.kysely.deleteFrom("media").where("id", "=", image).execute();
      const after = await open(author, draft.id);
      expect(after.attributes.seo.socialImage).toBeNull();
      expect(after.attributes.thumbnail).toBeNull();
    });

    it("refuses what is no image of the writer's with a 400 at data.socialImage, writing nothing", async () => {
      const mine = await upload(author, "/api/studio/images");
      const theirs = await upload(otherAuthor);
      const draft = await writeArticle(ctx, author, { title: "Guarded", socialImage: mine });
      for (const socialImage of [theirs, 999_999, -1, 0, 1.5, "12", { id: mine }]) {
        const res = await putArticle(ctx, author, draft.id, { socialImage });
        expect(res.statusCode, JSON.stringify(socialImage)).toBe(400);
        const { data, error } = res.json();
        expect(data).toBeNull();
        expect(error).toMatchObject({ status: 400, name: "ValidationError" });
        expect(error.details.errors[0].path).toEqual(["data", "socialImage"]);
      }
      const refused = await postArticle(ctx, author, { title: "Borrowed", socialImage: theirs });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain("an image you uploaded");
      expect((await open(author, draft.id)).attributes.seo.socialImage?.id).toBe(mine);
      // An editor may use any image.
      const byEditor = await putArticle(ctx, editor, draft.id, { socialImage: theirs });
      expect(byEditor.json().data.attributes.seo.socialImage.id).toBe(theirs);
    });

    it("is in the published article's seo, with its size", async () => {
      const image = await upload(editor, "/api/studio/images", 120, 63);
      const slug = "social-image-live";
      await writeArticle(ctx, editor, {
        title: "Live",
        slug,
        status: "published",
        socialImage: image,
      });
      const res = await get(ctx, null, `/api/articles?filters[slug][$eq]=${slug}`);
      const [article] = res.json().data;
      expect(article.attributes.seo.socialImage).toEqual({
        url: expect.stringMatching(/^\/uploads\/articles\/images\//),
        width: 120,
        height: 63,
      });
      expect(article.attributes.thumbnailUrl).toBeNull();
    });
  });
});
