// robots.txt, sitemaps and RSS/Atom feeds as crawlers and feed readers see them
// (docs/product/api.md#feeds-and-sitemaps), on SQLite and PostgreSQL.
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { dateArticleWrites, insertArticle, insertUser } from "../../testing/fixtures.ts";

const BASE = "https://pragmatist.example";
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  // Atom entries carry several <link>s; RSS items one.
  isArray: (name, jpath) =>
    ["url", "sitemap", "item", "entry", "category"].includes(name) ||
    (name === "link" && String(jpath).startsWith("feed.")),
});

type Row = Record<string, unknown>;

describe.each(engines)("distribution on %s", (engine) => {
  const now = new Date("2026-06-01T12:00:00.000Z");
  const ctx = withTestApp(engine, { config: { PUBLIC_URL: BASE }, clock: { now: () => now } });

  beforeAll(async () => {
    const maya = await insertUser(ctx.db, { username: "Maya Okafor" });
    const leo = await insertUser(ctx.db, { username: "Leo Brandt" });
    await insertArticle(ctx.db, {
      slug: "staking-basics",
      title: "Staking basics",
      subTitle: "How validators earn",
      publishDate: "2024-03-01T00:00:00.000Z",
      authorId: maya,
      categories: ["DeFi"],
      tags: ["staking"],
    });
    await insertArticle(ctx.db, {
      slug: "rollup-economics",
      title: "Rollup economics",
      publishDate: "2025-01-10T00:00:00.000Z",
      authorId: leo,
      categories: ["Layer 2", "DeFi"],
      tags: ["rollups", "staking"],
    });
    await insertArticle(ctx.db, {
      slug: "weekly-newsletter-1",
      title: "Weekly Newsletter #1",
      type: "News",
      publishDate: "2022-06-01T00:00:00.000Z",
      authorId: maya,
    });
    await insertArticle(ctx.db, {
      slug: "market-wrap",
      title: "Weekly Market Report",
      type: "News",
      publishDate: "2026-05-30T00:00:00.000Z",
      authorId: leo,
      categories: ["Markets"],
    });
    await insertArticle(ctx.db, {
      slug: "secret-draft",
      status: "draft",
      authorId: maya,
      categories: ["Hidden"],
      tags: ["hidden-tag", "rollups"],
    });
    await insertArticle(ctx.db, {
      slug: "scheduled",
      publishDate: "2026-12-01T00:00:00.000Z",
      authorId: maya,
      categories: ["Future"],
      tags: ["future-tag"],
    });
    // Last changes: all long ago, except an edit of staking-basics after its publication.
    await dateArticleWrites(ctx.db, "staking-basics", "2025-06-15T08:00:00.000Z");
  });

  const fetchXml = async (url: string) => {
    const res = await ctx.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/^public, /);
    return { type: res.headers["content-type"], body: res.body, xml: parser.parse(res.body) };
  };
  const urlset = async (url: string) => {
    const { type, xml } = await fetchXml(url);
    expect(type).toBe("application/xml; charset=utf-8");
    return Object.fromEntries(
      (xml.urlset.url as Row[]).map((u) => [u.loc as string, u.lastmod as string]),
    );
  };
  const rssItems = async (url: string) => {
    const { type, xml } = await fetchXml(url);
    expect(type).toBe("application/rss+xml; charset=utf-8");
    return { channel: xml.rss.channel as Row, items: (xml.rss.channel.item ?? []) as Row[] };
  };
  const atomEntries = async (url: string) => {
    const { type, xml } = await fetchXml(url);
    expect(type).toBe("application/atom+xml; charset=utf-8");
    return { feed: xml.feed as Row, entries: (xml.feed.entry ?? []) as Row[] };
  };
  const slugOf = (link: string) => link.replace(`${BASE}/p/`, "");

  it("serves robots.txt allowing all but the API and account, with the absolute sitemap", async () => {
    const res = await ctx.app.inject({ url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Allow: /",
        "Disallow: /api/",
        "Disallow: /account",
        `Sitemap: ${BASE}/sitemap.xml`,
      ]),
    );
  });

  it("serves a sitemap index pointing at the page, article, category, tag, author, newsletter and markets sitemaps", async () => {
    const { type, xml } = await fetchXml("/sitemap.xml");
    expect(type).toBe("application/xml; charset=utf-8");
    const entries = xml.sitemapindex.sitemap as Row[];
    expect(entries.map((s) => s.loc)).toEqual([
      `${BASE}/sitemaps/pages.xml`,
      `${BASE}/sitemaps/articles.xml`,
      `${BASE}/sitemaps/categories.xml`,
      `${BASE}/sitemaps/tags.xml`,
      `${BASE}/sitemaps/authors.xml`,
      `${BASE}/sitemaps/newsletter.xml`,
      `${BASE}/sitemaps/markets.xml`,
    ]);
    for (const s of entries) expect(s.lastmod).toBe("2026-05-30T00:00:00.000Z");
    for (const s of entries) expect(new URL(s.loc as string).origin).toBe(BASE);
  });

  it("lists the Market Data table and a page for every coin, dated by the market data", async () => {
    const pages = await urlset("/sitemaps/markets.xml");
    expect(pages[`${BASE}/markets`]).toBe("2026-05-03T07:45:46.127Z");
    expect(pages[`${BASE}/markets/bitcoin`]).toBe("2026-05-03T07:45:46.127Z");
    // The snapshot's new listings are known by name only, and have a page all the same.
    expect(pages[`${BASE}/markets/upside-down-cat`]).toBeDefined();
    expect(Object.keys(pages).length).toBeGreaterThan(250);
  });

  it("lists the home, listing, Max and marketing pages, the listings dated by the newest article", async () => {
    expect(await urlset("/sitemaps/pages.xml")).toEqual({
      [`${BASE}/`]: "2026-05-30T00:00:00.000Z",
      [`${BASE}/ecosystems`]: "2026-05-30T00:00:00.000Z",
      [`${BASE}/market-reports`]: "2026-05-30T00:00:00.000Z",
      [`${BASE}/assistant`]: undefined,
      [`${BASE}/about`]: undefined,
      [`${BASE}/services`]: undefined,
    });
  });

  it("lists published articles with lastmod from the publish date or the later edit", async () => {
    expect(await urlset("/sitemaps/articles.xml")).toEqual({
      [`${BASE}/p/market-wrap`]: "2026-05-30T00:00:00.000Z",
      [`${BASE}/p/rollup-economics`]: "2025-01-10T00:00:00.000Z",
      [`${BASE}/p/staking-basics`]: "2025-06-15T08:00:00.000Z",
      [`${BASE}/p/weekly-newsletter-1`]: "2022-06-01T00:00:00.000Z",
    });
  });

  it("lists categories, tags and authors with the lastmod of their newest article", async () => {
    expect(await urlset("/sitemaps/categories.xml")).toEqual({
      [`${BASE}/categories/defi`]: "2025-06-15T08:00:00.000Z",
      [`${BASE}/categories/layer-2`]: "2025-01-10T00:00:00.000Z",
      [`${BASE}/categories/markets`]: "2026-05-30T00:00:00.000Z",
    });
    // A tag is dated by its newest published article: staking by the edit after publication,
    // rollups by the published one, not its draft.
    expect(await urlset("/sitemaps/tags.xml")).toEqual({
      [`${BASE}/tags/staking`]: "2025-06-15T08:00:00.000Z",
      [`${BASE}/tags/rollups`]: "2025-01-10T00:00:00.000Z",
    });
    expect(await urlset("/sitemaps/authors.xml")).toEqual({
      [`${BASE}/authors/maya-okafor`]: "2025-06-15T08:00:00.000Z",
      [`${BASE}/authors/leo-brandt`]: "2026-05-30T00:00:00.000Z",
    });
  });

  it("serves the RSS 2.0 feed of all articles, newest first, without drafts or future dates", async () => {
    const { channel, items } = await rssItems("/feed.xml");
    expect(channel.title).toBe("Crypto Pragmatist — all articles");
    expect(channel.link).toBe(`${BASE}/`);
    expect(items.map((i) => slugOf(i.link as string))).toEqual([
      "market-wrap",
      "rollup-economics",
      "staking-basics",
      "weekly-newsletter-1",
    ]);
    const staking = items[2] as Row;
    expect(staking.title).toBe("Staking basics");
    expect(staking.link).toBe(`${BASE}/p/staking-basics`);
    expect((staking.guid as Row)["#text"]).toBe(`${BASE}/p/staking-basics`);
    expect(new Date(staking.pubDate as string).toISOString()).toBe("2024-03-01T00:00:00.000Z");
    expect(staking.description).toBe("How validators earn");
    expect(JSON.stringify(staking)).toContain("Maya Okafor");
    expect(staking.category).toEqual(["DeFi"]);
  });

  it("serves the Atom feed of all articles with links, dates and authors", async () => {
    const { feed, entries } = await atomEntries("/feed.atom");
    expect(feed.title).toBe("Crypto Pragmatist — all articles");
    expect(feed.updated).toBe("2026-05-30T00:00:00.000Z");
    const links = entries.map((e) => (e.link as Row[])[0]?.["@href"]);
    expect(links).toEqual([
      `${BASE}/p/market-wrap`,
      `${BASE}/p/rollup-economics`,
      `${BASE}/p/staking-basics`,
      `${BASE}/p/weekly-newsletter-1`,
    ]);
    const wrap = entries[0] as Row;
    expect((wrap.title as Row)["#text"] ?? wrap.title).toBe("Weekly Market Report");
    expect(wrap.id).toBe(`${BASE}/p/market-wrap`);
    expect(wrap.updated).toBe("2026-05-30T00:00:00.000Z");
    expect((wrap.author as Row).name).toBe("Leo Brandt");
  });

  it("splits the feeds per type: a Market Report is in market reports and news, not research", async () => {
    const rss = async (url: string) =>
      (await rssItems(url)).items.map((i) => slugOf(i.link as string));
    const atom = async (url: string) =>
      (await atomEntries(url)).entries.map((e) =>
        slugOf((e.link as Row[])[0]?.["@href"] as string),
      );
    expect(await rss("/feeds/research.xml")).toEqual(["rollup-economics", "staking-basics"]);
    expect(await atom("/feeds/research.atom")).toEqual(["rollup-economics", "staking-basics"]);
    expect(await rss("/feeds/news.xml")).toEqual(["market-wrap", "weekly-newsletter-1"]);
    expect(await atom("/feeds/news.atom")).toEqual(["market-wrap", "weekly-newsletter-1"]);
    expect(await rss("/feeds/market-reports.xml")).toEqual(["market-wrap"]);
    expect(await atom("/feeds/market-reports.atom")).toEqual(["market-wrap"]);
    expect((await rssItems("/feeds/market-reports.xml")).channel.title).toBe(
      "Crypto Pragmatist — Market Reports",
    );
  });

  it("never shows a draft or a future-dated article in any sitemap or feed", async () => {
    const urls = [
      "/sitemap.xml",
      "/sitemaps/pages.xml",
      "/sitemaps/articles.xml",
      "/sitemaps/categories.xml",
      "/sitemaps/tags.xml",
      "/sitemaps/authors.xml",
      "/feed.xml",
      "/feed.atom",
      ...["research", "news", "market-reports"].flatMap((k) => [
        `/feeds/${k}.xml`,
        `/feeds/${k}.atom`,
      ]),
    ];
    for (const url of urls) {
      const { body } = await fetchXml(url);
      expect(body, url).not.toMatch(/secret-draft|scheduled|hidden|future/i);
    }
  });
});

describe.each(engines)("distribution of a publication with nothing published, on %s", (engine) => {
  const ctx = withTestApp(engine, { config: { PUBLIC_URL: BASE } });

  it("lists only the sitemaps that have entries, and answers the empty ones 404, not 500", async () => {
    const index = await ctx.app.inject({ url: "/sitemap.xml" });
    expect(index.statusCode).toBe(200);
    const listed = (parser.parse(index.body).sitemapindex.sitemap as Row[]).map((s) => s.loc);
    expect(listed).toEqual([
      `${BASE}/sitemaps/pages.xml`,
      `${BASE}/sitemaps/newsletter.xml`,
      `${BASE}/sitemaps/markets.xml`,
    ]);
    for (const name of ["articles", "categories", "tags", "authors"]) {
      const res = await ctx.app.inject({ url: `/sitemaps/${name}.xml` });
      expect(`${name} ${res.statusCode}`).toBe(`${name} 404`);
      expect(res.json().error.message).toBe("This sitemap has nothing to list yet");
    }
    expect((await ctx.app.inject({ url: "/sitemaps/pages.xml" })).statusCode).toBe(200);
  });

  it("lists the articles, categories, tags and authors once an article is published after it was read", async () => {
    await ctx.app.inject({ url: "/sitemap.xml" });
    const author = await insertUser(ctx.db, { username: "Ines Duarte" });
    await insertArticle(ctx.db, {
      slug: "first-light",
      authorId: author,
      categories: ["DeFi"],
      tags: ["light"],
    });
    const index = await ctx.app.inject({ url: "/sitemap.xml" });
    const listed = (parser.parse(index.body).sitemapindex.sitemap as Row[]).map((s) => s.loc);
    for (const name of ["articles", "categories", "tags", "authors"]) {
      expect(listed).toContain(`${BASE}/sitemaps/${name}.xml`);
    }
  });
});
