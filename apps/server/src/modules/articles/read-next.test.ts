// "Read next" under an article (docs/product/reader.md#read-next) as the article page's loader
// reads it, on SQLite and PostgreSQL: shared terms first, the search's similar articles to fill
// up, the author's latest; never the article itself, a draft or a future-dated article.
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { type ArticleFixture, insertArticle, insertUser } from "../../testing/fixtures.ts";

describe.each(engines)("read next on %s", (engine) => {
  const now = new Date("2026-06-01T12:00:00.000Z");
  const ctx = withTestApp(engine, { clock: { now: () => now } });

  beforeAll(async () => {
    const maya = await insertUser(ctx.db, { username: "Maya Okafor" });
    const leo = await insertUser(ctx.db, { username: "Leo Brandt" });
    const at = (day: number) => `2025-01-${String(day).padStart(2, "0")}T00:00:00.000Z`;
    const article = (slug: string, fields: Partial<ArticleFixture> = {}) =>
      insertArticle(ctx.db, { slug, title: `Piece ${slug}`, authorId: leo, ...fields });
    await article("rollup-fees", {
      title: "Rollup fees after the blob market",
      publishDate: at(10),
      authorId: maya,
      tags: ["rollups", "fees"],
      categories: ["Layer 2"],
      ecosystems: ["Ethereum"],
    });
    // Two shared tags beat one tag and a category, which beats a category and an ecosystem, which
    // beats the newest article sharing a category only.
    await article("two-tags", { publishDate: at(1), tags: ["fees", "rollups"] });
    await article("tag-and-category", {
      publishDate: at(2),
      tags: ["fees"],
      categories: ["Layer 2"],
    });
    await article("category-and-ecosystem", {
      publishDate: at(3),
      categories: ["Layer 2"],
      ecosystems: ["Ethereum"],
    });
    await article("category-only", { publishDate: at(20), categories: ["Layer 2"] });
    // Sharing everything, but readers cannot open them.
    const everything = { tags: ["rollups", "fees"], categories: ["Layer 2"] };
    await article("draft-twin", { status: "draft", ...everything });
    await article("scheduled-twin", { publishDate: "2026-12-01T00:00:00.000Z", ...everything });
    // No term in common with anything: its related articles come from the search.
    await article("blob-market-primer", {
      title: "A primer on the blob market",
      publishDate: at(5),
      authorId: maya,
      tags: ["primer"],
    });
    await article("blob-market-outlook", {
      title: "The blob market outlook",
      publishDate: at(6),
      authorId: maya,
    });
    // Maya's other articles, newest last.
    for (const day of [7, 8, 9])
      await article(`maya-note-${day}`, { publishDate: at(day), authorId: maya });
    await article("maya-draft", { status: "draft", publishDate: at(11), authorId: maya });
    await ctx.app.services.search.rebuild();
  });

  const readNext = async (slug: string) => {
    const article = await ctx.app.services.articles.findBySlug(slug);
    if (!article) throw new Error(`no article ${slug}`);
    const { related, byAuthor } = await ctx.app.services.api.findReadNext(article);
    const slugs = (cards: typeof related) => cards.map((c) => c.attributes.slug);
    return { related: slugs(related), byAuthor: slugs(byAuthor) };
  };

  it("offers the three published articles sharing the most tags, then categories, then ecosystems", async () => {
    const { related } = await readNext("rollup-fees");
    expect(related).toEqual(["two-tags", "tag-and-category", "category-and-ecosystem"]);
  });

  it("fills up from the search's articles most like its title and tags, never itself", async () => {
    const { related } = await readNext("blob-market-primer");
    expect(related).toEqual(expect.arrayContaining(["blob-market-outlook", "rollup-fees"]));
    expect(related).not.toContain("blob-market-primer");
    expect(related.length).toBeLessThanOrEqual(3);
  });

  it("adds the author's three latest published articles not already shown", async () => {
    const { related, byAuthor } = await readNext("rollup-fees");
    expect(byAuthor).toEqual(["maya-note-9", "maya-note-8", "maya-note-7"]);
    const primer = await readNext("blob-market-primer");
    // The primer's related articles (the outlook, rollup fees) are left out of Maya's list.
    expect(primer.byAuthor).toEqual(["maya-note-9", "maya-note-8", "maya-note-7"]);
    for (const list of [related, byAuthor, primer.related, primer.byAuthor]) {
      for (const hidden of ["draft-twin", "scheduled-twin", "maya-draft"]) {
        expect(list).not.toContain(hidden);
      }
    }
  });

  it("offers nothing of its author's when the article has none", async () => {
    await insertArticle(ctx.db, { slug: "unsigned", tags: ["fees"] });
    const { related, byAuthor } = await readNext("unsigned");
    expect(byAuthor).toEqual([]);
    // One tag each: the newest first.
    expect(related).toEqual(["rollup-fees", "tag-and-category", "two-tags"]);
  });

  it("offers an article published since it was last shown: its choice is kept only while the library stays as it is", async () => {
    const before = await readNext("rollup-fees");
    expect(before.related).not.toContain("three-tags-new");
    // Sharing more tags than any other, so it comes first once the library holds it.
    await insertArticle(ctx.db, {
      slug: "three-tags-new",
      publishDate: "2025-01-12T00:00:00.000Z",
      tags: ["rollups", "fees"],
      categories: ["Layer 2"],
    });
    const after = await readNext("rollup-fees");
    expect(after.related[0]).toBe("three-tags-new");
  });
});
