// The counts kept per process for the library as it is (docs/scale.md#library-memo): a listing's
// total, the count of articles and the categories' counts follow every change a reader could see,
// once they were read, on SQLite and PostgreSQL.
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle, insertUser } from "../../testing/fixtures.ts";
import { createLibraryMemo } from "./library-memo.ts";

describe.each(engines)("the library's kept counts on %s", (engine) => {
  let now = new Date("2026-06-01T12:00:00.000Z");
  const ctx = withTestApp(engine, { clock: { now: () => now } });

  beforeAll(async () => {
    await insertArticle(ctx.db, { slug: "fees", categories: ["Bitcoin"] });
    await insertArticle(ctx.db, { slug: "mempool", categories: ["Bitcoin"] });
    await insertArticle(ctx.db, { slug: "rollups", categories: ["Layer 2"] });
    await insertArticle(ctx.db, {
      slug: "halving",
      categories: ["Bitcoin"],
      publishDate: "2026-07-01T00:00:00.000Z",
    });
  });

  /** What a reader is told: the listing's total, the library's count, each category's count. */
  async function counts() {
    const get = async (url: string) => (await ctx.app.inject({ url })).json();
    const [bitcoin, all, categories] = await Promise.all([
      get("/api/articles/params?categories=bitcoin&pageSize=1"),
      get("/api/articles/count"),
      get("/api/taxonomies/categories"),
    ]);
    return {
      bitcoinTotal: bitcoin.meta.pagination.total as number,
      count: all.count as number,
      categories: Object.fromEntries(
        (categories.data as { slug: string; articleCount: number }[]).map((t) => [
          t.slug,
          t.articleCount,
        ]),
      ),
    };
  }

  it("follows a publish, an unpublish, a new category and a scheduled date passing", async () => {
    expect(await counts()).toEqual({
      bitcoinTotal: 2,
      count: 3,
      categories: { bitcoin: 2, "layer-2": 1 },
    });
    // The same answer again (from memory), then a new article in a new category.
    expect((await counts()).count).toBe(3);
    await insertArticle(ctx.db, { slug: "taproot", categories: ["Bitcoin", "Privacy"] });
    expect(await counts()).toEqual({
      bitcoinTotal: 3,
      count: 4,
      categories: { bitcoin: 3, "layer-2": 1, privacy: 1 },
    });
    // Taken back to a draft by the studio (a write of the article).
    await ctx.db.kysely
      .updateTable("articles")
      .set({ status: "draft", updated_at: new Date().toISOString() })
      .where("slug", "=", "mempool")
      .execute();
    expect(await counts()).toEqual({
      bitcoinTotal: 2,
      count: 3,
      categories: { bitcoin: 2, "layer-2": 1, privacy: 1 },
    });
    // No write at all: the scheduled article's date passes.
    now = new Date("2026-07-01T00:00:01.000Z");
    expect(await counts()).toEqual({
      bitcoinTotal: 3,
      count: 4,
      categories: { bitcoin: 3, "layer-2": 1, privacy: 1 },
    });
  });

  it("keeps an author's count with the library, and shows a rename or a deleted account at once", async () => {
    const articles = ctx.app.services.articles;
    const count = async (slug: string) => (await articles.findAuthor(slug))?.articleCount ?? null;
    const authorId = await insertUser(ctx.db, { username: "Ada Writer" });
    await insertArticle(ctx.db, { slug: "ada-1", authorId });
    expect(await count("ada-writer")).toBe(1);
    expect(await count("ada-writer")).toBe(1);
    await insertArticle(ctx.db, { slug: "ada-2", authorId });
    expect(await count("ada-writer")).toBe(2);
    const authors = async () => (await articles.listAuthors()).map((a) => a.slug);
    expect(await authors()).toContain("ada-writer");
    // A rename and a deleted account change no article: the library's state does not move.
    await ctx.db.kysely
      .updateTable("users")
      .set({ username: "Ada Lovelace" })
      .where("id", "=", authorId)
      .execute();
    expect(await count("ada-writer")).toBeNull();
    expect(await count("ada-lovelace")).toBe(2);
    await ctx.db.kysely
      .updateTable("users")
      .set({ deleted_at: new Date().toISOString() })
      .where("id", "=", authorId)
      .execute();
    expect(await count("ada-lovelace")).toBeNull();
    expect(await authors()).not.toContain("ada-lovelace");
  });

  it("checks the library once for a memo and its part read together, and keeps each part's answers", async () => {
    let queries = 0;
    const counted = ctx.db.kysely.withPlugin({
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const library = createLibraryMemo(counted, () => now.toISOString(), 1);
    const perArticle = library.part(10);
    const reads: string[] = [];
    const read = (key: string) => async () => {
      reads.push(key);
      return key;
    };
    await Promise.all([library.get("total", read("total")), perArticle.get("1", read("1"))]);
    expect(queries).toBe(1);
    // The library-wide memo keeps one answer: its next key pushes "total" out, not the part's.
    await library.get("terms", read("terms"));
    await perArticle.get("1", read("1"));
    await library.get("total", read("total"));
    expect(reads).toEqual(["total", "1", "terms", "total"]);
    // A publish: both read again.
    await insertArticle(ctx.db, { slug: "memo-part" });
    await perArticle.get("1", read("1"));
    expect(reads.at(-1)).toBe("1");
  });
});
