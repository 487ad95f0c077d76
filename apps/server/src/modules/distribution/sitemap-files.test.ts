// The articles sitemap at a publication's size (docs/product/api.md#feeds-and-sitemaps): files of
// 2,000 URLs (the protocol allows 50,000), each dated by its newest article, streamed from the
// database with its own validator, on SQLite and PostgreSQL.
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { NotFoundError } from "../../errors.ts";
import { createArticlesService } from "../articles/articles.service.ts";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { dateArticleWrites, insertArticle } from "../../testing/fixtures.ts";
import { createDistributionService } from "./distribution.service.ts";

const BASE = "https://pragmatist.example";
const parser = new XMLParser({ isArray: (name) => name === "url" || name === "sitemap" });
const now = new Date("2026-06-01T12:00:00.000Z");
/** More than the 2,000 articles of a file, and than the thousand a sitemap reads per query. */
const MANY = 2_150;

/** The `<loc>` → `<lastmod>` of a sitemap's XML. */
function urls(xml: string): Map<string, string> {
  const rows = (parser.parse(xml).urlset.url ?? []) as { loc: string; lastmod: string }[];
  return new Map(rows.map((u) => [u.loc, u.lastmod]));
}

/** The text a stream produces. */
async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

describe.each(engines)("articles sitemap files on %s", (engine) => {
  const ctx = withTestApp(engine, { config: { PUBLIC_URL: BASE }, clock: { now: () => now } });

  beforeAll(async () => {
    // Five articles a reader can open (ids in this order), a draft and a scheduled one between.
    const dates = ["2024-01-05", "2025-03-01", "2023-07-09", "2026-05-30", "2022-02-02"];
    for (const [i, day] of dates.entries()) {
      await insertArticle(ctx.db, { slug: `piece-${i + 1}`, publishDate: `${day}T00:00:00.000Z` });
      if (i === 1) await insertArticle(ctx.db, { slug: "a-draft", status: "draft" });
      if (i === 2) {
        await insertArticle(ctx.db, { slug: "later", publishDate: "2026-12-01T00:00:00.000Z" });
      }
    }
    await dateArticleWrites(ctx.db, "piece-3", "2025-06-15T08:00:00.000Z");
  });

  const service = () =>
    createDistributionService({
      articles: createArticlesService(ctx.db, { now: () => now }),
      newsletterArchive: async () => ({
        data: [],
        meta: { pagination: { page: 1, pageSize: 0, pageCount: 0, total: 0 } },
      }),
      marketCoins: async () => ({ ids: [], asOf: null }),
      publicUrl: BASE,
      siteName: "Crypto Pragmatist",
      urlsPerFile: 2,
    });

  it("cuts the articles into files of at most the size, in id order, each dated by its newest article", async () => {
    const distribution = service();
    const index = parser.parse(await distribution.sitemapIndex()).sitemapindex.sitemap as {
      loc: string;
      lastmod: string;
    }[];
    const files = index.filter((s) => s.loc.includes("/sitemaps/articles"));
    expect(files).toEqual([
      { loc: `${BASE}/sitemaps/articles.xml`, lastmod: "2025-03-01T00:00:00.000Z" },
      { loc: `${BASE}/sitemaps/articles-2.xml`, lastmod: "2026-05-30T00:00:00.000Z" },
      { loc: `${BASE}/sitemaps/articles-3.xml`, lastmod: "2022-02-02T00:00:00.000Z" },
    ]);
    const read = async (n: number) =>
      urls(await text((await distribution.articlesSitemap(n)).body));
    expect(await read(1)).toEqual(
      new Map([
        [`${BASE}/p/piece-1`, "2024-01-05T00:00:00.000Z"],
        [`${BASE}/p/piece-2`, "2025-03-01T00:00:00.000Z"],
      ]),
    );
    expect(await read(2)).toEqual(
      new Map([
        [`${BASE}/p/piece-3`, "2025-06-15T08:00:00.000Z"],
        [`${BASE}/p/piece-4`, "2026-05-30T00:00:00.000Z"],
      ]),
    );
    expect(await read(3)).toEqual(new Map([[`${BASE}/p/piece-5`, "2022-02-02T00:00:00.000Z"]]));
    await expect(distribution.articlesSitemap(4)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("streams /sitemaps/articles.xml with a validator of its own, and answers 304 to it", async () => {
    const res = await ctx.app.inject({ url: "/sitemaps/articles.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers["cache-control"]).toMatch(/^public, /);
    expect(res.headers.etag).toMatch(/^W\/"/);
    // Streamed, not kept whole in the process's cache (which marks what it keeps).
    expect(res.headers["x-cache"]).toBeUndefined();
    expect([...urls(res.body).keys()]).toEqual([1, 2, 3, 4, 5].map((i) => `${BASE}/p/piece-${i}`));
    const again = await ctx.app.inject({
      url: "/sitemaps/articles.xml",
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("answers 404 for a file past the last and for a malformed number, never 500", async () => {
    for (const n of ["2", "1", "01", "x", "-2", "99999999999"]) {
      const res = await ctx.app.inject({ url: `/sitemaps/articles-${n}.xml` });
      expect(res.statusCode, n).toBe(404);
      expect(res.json().error.status, n).toBe(404);
    }
  });

  it("lists a library larger than one file, 2,000 a file, every article once", async () => {
    const rows = Array.from({ length: MANY }, (_, i) => ({
      slug: `bulk-${i}`,
      title: `Bulk ${i}`,
      sub_title: "",
      content: "Text.",
      body: 1,
      excerpt: "",
      reading_time_minutes: 1,
      publish_date: "2021-01-01T00:00:00.000Z",
      status: "published",
      created_at: "2021-01-01T00:00:00.000Z",
      updated_at: "2021-01-01T00:00:00.000Z",
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await ctx.db.kysely
        .insertInto("articles")
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const index = await ctx.app.inject({ url: "/sitemap.xml" });
    const files = (parser.parse(index.body).sitemapindex.sitemap as { loc: string }[])
      .map((f) => f.loc)
      .filter((loc) => loc.includes("/sitemaps/articles"));
    expect(files).toEqual([`${BASE}/sitemaps/articles.xml`, `${BASE}/sitemaps/articles-2.xml`]);
    const [first, second] = await Promise.all(
      ["/sitemaps/articles.xml", "/sitemaps/articles-2.xml"].map(async (url) => {
        const res = await ctx.app.inject({ url });
        return [...urls(res.body).keys()];
      }),
    );
    expect(first).toHaveLength(2_000);
    const listed = [...first!, ...second!];
    expect(listed).toHaveLength(MANY + 5);
    expect(new Set(listed).size).toBe(MANY + 5);
    expect(listed.at(-1)).toBe(`${BASE}/p/bulk-${MANY - 1}`);
  });
});
