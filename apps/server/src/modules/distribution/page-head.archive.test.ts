// The raw server HTML of the author and category pages (docs/product/site.md#page-head), parsed
// with a real parser: heads, JSON-LD, breadcrumbs, pagination, sitemap agreement and 404s. The
// built web app (apps/web/build, built first when missing; rebuild after changing pages) + demo
// content, requested with app.inject on each database engine.
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { engines } from "../../testing/db.ts";
import {
  all,
  BASE,
  breadcrumbs,
  by,
  cardSlugs,
  demo,
  expectHead,
  inCategory,
  type Page,
  pageHeadSuite,
  SITE,
  tagged,
  textOf,
} from "./page-head.testing.ts";

describe.each(engines)("page heads on %s", (engine) => {
  const { ctx, get, expectNotFound } = pageHeadSuite(engine);

  /** Page 1 of an author's or a category's listing, checked for the head every page must have. */
  const firstPage = async (path: string, name: string, type: string) => {
    const page = await get(path);
    expectHead(page, { path, title: `${name} — ${SITE}`, type, image: true });
    return page;
  };

  it("an author page: profile head, ProfilePage + Person JSON-LD, breadcrumbs, two pages", async () => {
    const expected = by("Elena Marsh");
    expect(expected.length).toBeGreaterThan(12);
    const first = await firstPage("/authors/elena-marsh", "Elena Marsh", "profile");
    expect(first.meta("description")[0]).toContain("Elena edits the newsletter");
    expect(first.meta("description")[0]).toContain(`${expected.length} articles`);
    const profile = first.ld("ProfilePage");
    expect(profile).toMatchObject({
      "@context": "https://schema.org",
      url: `${BASE}/authors/elena-marsh`,
      mainEntity: {
        "@type": "Person",
        name: "Elena Marsh",
        url: `${BASE}/authors/elena-marsh`,
        image: first.meta("og:image")[0],
      },
    });
    expect(breadcrumbs(first)).toEqual([
      ["Home", `${BASE}/`],
      ["Elena Marsh", `${BASE}/authors/elena-marsh`],
    ]);
    expect(first.links("prev")).toEqual([]);
    expect(first.links("next")).toEqual([`${BASE}/authors/elena-marsh?page=2`]);
    expect(all(first.body, (e) => e.tag === "h1").map(textOf)).toEqual(["Elena Marsh"]);

    const second = await get("/authors/elena-marsh?page=2");
    expectHead(second, {
      path: "/authors/elena-marsh?page=2",
      title: `Elena Marsh (page 2 of 2) — ${SITE}`,
      type: "profile",
      image: true,
    });
    expect(second.links("prev")).toEqual([`${BASE}/authors/elena-marsh`]);
    expect(second.links("next")).toEqual([]);
    // Visible page links that work without JavaScript.
    const relLinks = (page: Page) =>
      all(page.body, (e) => e.tag === "a" && !!e.attrs.rel).map((a) => [a.attrs.rel, a.attrs.href]);
    expect(relLinks(first)).toContainEqual(["next", "/authors/elena-marsh?page=2"]);
    expect(relLinks(second)).toContainEqual(["prev", "/authors/elena-marsh"]);

    // Her published articles, newest first, 12 a page; the draft and the scheduled one never.
    const listed = [...cardSlugs(first), ...cardSlugs(second)];
    expect(cardSlugs(first)).toHaveLength(12);
    for (const card of all(first.body, (e) => e.tag === "article")) {
      expect(textOf(card)).toMatch(/\b\d+ min read$/);
    }
    expect([...listed].sort()).toEqual([...expected].sort());
    const dates = listed.map((s) => demo.find((a) => a.slug === s)?.publishDate ?? "");
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("a category page: CollectionPage JSON-LD of its articles, breadcrumbs, two pages", async () => {
    const expected = inCategory("Market Structure");
    expect(expected.length).toBeGreaterThan(12);
    const first = await firstPage("/categories/market-structure", "Market Structure", "website");
    const collection = first.ld("CollectionPage");
    expect(collection).toMatchObject({
      name: "Market Structure",
      url: `${BASE}/categories/market-structure`,
      mainEntity: { "@type": "ItemList", numberOfItems: expected.length },
    });
    const items = (collection.mainEntity as { itemListElement: Record<string, unknown>[] })
      .itemListElement;
    expect(items.map((i) => i.url)).toEqual(cardSlugs(first).map((s) => `${BASE}/p/${s}`));
    expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
    expect(breadcrumbs(first)).toEqual([
      ["Home", `${BASE}/`],
      ["Market Structure", `${BASE}/categories/market-structure`],
    ]);
    expect(first.links("next")).toEqual([`${BASE}/categories/market-structure?page=2`]);

    const second = await get("/categories/market-structure?page=2");
    expect(second.links("canonical")).toEqual([`${BASE}/categories/market-structure?page=2`]);
    expect(second.links("prev")).toEqual([`${BASE}/categories/market-structure`]);
    const secondItems = (
      second.ld("CollectionPage").mainEntity as {
        itemListElement: Record<string, unknown>[];
      }
    ).itemListElement;
    expect(secondItems[0]?.position).toBe(13);
    const listed = [...cardSlugs(first), ...cardSlugs(second)];
    expect([...listed].sort()).toEqual([...expected].sort());
  });

  it("a tag page: its published articles newest first, CollectionPage JSON-LD, breadcrumbs", async () => {
    const expected = tagged("staking");
    expect(expected.length).toBeGreaterThan(2);
    const page = await firstPage("/tags/staking", "#staking", "website");
    expect(page.meta("description")[0]).toBe(
      `Articles tagged #staking: crypto research, newsletters and market reports, newest first. ${expected.length} articles.`,
    );
    expect(all(page.body, (e) => e.tag === "h1").map(textOf)).toEqual(["#staking"]);
    expect(breadcrumbs(page)).toEqual([
      ["Home", `${BASE}/`],
      ["#staking", `${BASE}/tags/staking`],
    ]);
    expect(page.ld("CollectionPage")).toMatchObject({
      name: "#staking",
      url: `${BASE}/tags/staking`,
      mainEntity: { "@type": "ItemList", numberOfItems: expected.length },
    });
    // Elena's draft and scheduled articles, tagged staking too, never.
    const listed = cardSlugs(page);
    expect([...listed].sort()).toEqual([...expected].sort());
    const dates = listed.map((s) => demo.find((a) => a.slug === s)?.publishDate ?? "");
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.links("next")).toEqual([]);
  });

  it("links an article's tags to their pages", async () => {
    const article = demo.find((a) => a.tags.includes("staking"))!;
    const page = await get(`/p/${article.slug}`);
    const tagList = all(page.body, (e) => e.tag === "ul" && e.attrs["aria-label"] === "Tags")[0]!;
    const links = all(tagList, (e) => e.tag === "a").map((a) => [textOf(a), a.attrs.href]);
    expect(links).toEqual(article.tags.map((t) => [`#${t}`, `/tags/${t}`]));
  });

  it("answers 404 for unknown authors and categories and pages past the end", async () => {
    for (const url of [
      "/authors/nobody-here",
      "/authors/quiet-member",
      "/authors/gone-writer",
      "/authors/elena-marsh?page=3",
      "/authors/elena-marsh?page=0",
      "/authors/elena-marsh?page=two",
      "/categories/no-such-category",
      "/categories/unreleased",
      "/categories/market-structure?page=3",
      "/categories/market-structure?page=01",
      "/tags/no-such-tag",
      "/tags/unreleased-tag",
      "/tags/staking?page=2",
    ]) {
      await expectNotFound(url);
    }
    // Another spelling of an address is sent to the canonical one.
    for (const [url, location] of [
      ["/authors/Elena-Marsh?page=2", "/authors/elena-marsh?page=2"],
      ["/authors/elena_marsh", "/authors/elena-marsh"],
      ["/categories/Market-Structure", "/categories/market-structure"],
      ["/tags/Staking", "/tags/staking"],
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe(location);
    }
    // The deleted writer's article stays readable, without a link to a page that does not exist.
    const orphan = await get("/p/orphan-piece");
    expect(orphan.status).toBe(200);
    expect(all(orphan.body, (e) => (e.attrs.href ?? "").startsWith("/authors/"))).toEqual([]);
    expect(orphan.meta("article:author")).toEqual([]);
  });

  it("lists in the sitemaps exactly the author, category and tag pages that exist", async () => {
    const locs = async (url: string) => {
      const xml = new XMLParser({ isArray: (name) => name === "url" }).parse(
        (await ctx.app.inject({ url })).body,
      ) as { urlset: { url: { loc: string }[] } };
      return xml.urlset.url.map((u) => u.loc);
    };
    const authors = await locs("/sitemaps/authors.xml");
    expect([...authors].sort()).toEqual(
      ["elena-marsh", "jonas-ferreira", "maya-okafor", "priya-raman", "script-tester"].map(
        (s) => `${BASE}/authors/${s}`,
      ),
    );
    const categories = await locs("/sitemaps/categories.xml");
    const names = [...new Set(demo.flatMap((a) => a.categories))];
    expect(categories).toHaveLength(names.length);
    const tags = await locs("/sitemaps/tags.xml");
    const tagNames = [...new Set(demo.flatMap((a) => a.tags))];
    expect([...tags].sort()).toEqual(tagNames.map((t) => `${BASE}/tags/${t}`).sort());
    for (const loc of [...authors, ...categories, ...tags]) {
      const page = await get(new URL(loc).pathname);
      expect(page.status, loc).toBe(200);
      expect(page.links("canonical")).toEqual([loc]);
    }
  });
});
