// The raw server HTML of the site's own pages (docs/product/site.md#page-head), parsed with a real
// parser: the home page and its search, listings, an article, a hostile title, sign-in and the
// account screens. The built web app (apps/web/build, built first when missing; rebuild after
// changing pages) + demo content, requested with app.inject on each database engine.
import { describe, expect, it } from "vitest";
import { engines } from "../../testing/db.ts";
import { insertArticle, registerMember } from "../../testing/fixtures.ts";
import {
  all,
  BASE,
  breadcrumbs,
  cardSlugs,
  demo,
  expectHead,
  HOSTILE_TITLE,
  pageHeadSuite,
  SITE,
  textOf,
} from "./page-head.testing.ts";

describe.each(engines)("page heads on %s", (engine) => {
  const { ctx, get } = pageHeadSuite(engine);

  it("home: Organization and WebSite JSON-LD whose SearchAction URL really searches", async () => {
    const page = await get("/");
    expectHead(page, {
      path: "/",
      title: `${SITE}: crypto research and market reports`,
      type: "website",
      image: false,
    });
    expect(page.ld("Organization")).toMatchObject({
      "@context": "https://schema.org",
      name: SITE,
      url: `${BASE}/`,
    });
    const site = page.ld("WebSite");
    expect(site).toMatchObject({ name: SITE, url: `${BASE}/` });
    const action = site.potentialAction as Record<string, unknown>;
    expect(action).toMatchObject({
      "@type": "SearchAction",
      "query-input": "required name=search_term_string",
    });
    const template = (action.target as Record<string, string>).urlTemplate ?? "";
    expect(template).toBe(`${BASE}/?q={search_term_string}`);

    // The template, filled in, is a server-rendered page of results (not indexed).
    const filled = new URL(template.replace("{search_term_string}", "validator withdrawals"));
    const results = await get(`${filled.pathname}${filled.search}`);
    expect(results.status).toBe(200);
    expect(results.title).toBe(`Search results for “validator withdrawals” — ${SITE}`);
    expect(results.meta("robots")).toEqual(["noindex"]);
    expect(results.links("canonical")).toEqual([]);
    expect(cardSlugs(results)).toContain("ethereum-staking-withdrawals-explained");
  });

  it("listings and the marketing pages have their own title, description and canonical", async () => {
    const pages = [
      { path: "/ecosystems", title: `Ecosystems — ${SITE}` },
      { path: "/market-reports", title: `Market Reports — ${SITE}` },
      { path: "/about", title: `About us — ${SITE}` },
      { path: "/services", title: `Partner with us — ${SITE}` },
    ];
    const descriptions = new Set<string>();
    for (const want of pages) {
      const page = await get(want.path);
      expectHead(page, { ...want, type: "website", image: false });
      descriptions.add(page.meta("description")[0] ?? "");
    }
    expect(descriptions.size).toBe(pages.length);
  });

  it("article: og article tags, Article JSON-LD with author and dates, breadcrumbs, links", async () => {
    const slug = "bitcoin-fees-and-the-mempool";
    const source = demo.find((a) => a.slug === slug);
    if (!source) throw new Error("demo article missing");
    const page = await get(`/p/${slug}`);
    expectHead(page, {
      path: `/p/${slug}`,
      title: `${source.title} — ${SITE}`,
      type: "article",
      image: true,
    });
    expect(page.meta("og:title")).toEqual([source.title]);
    expect(page.meta("article:published_time")[0]).toMatch(/^2023-05-22T00:00:00(\.000)?Z$/);
    expect(page.meta("article:author")).toEqual([`${BASE}/authors/jonas-ferreira`]);
    expect(page.meta("article:section")).toEqual(["Bitcoin"]);
    const article = page.ld("Article");
    expect(article).toMatchObject({
      "@context": "https://schema.org",
      headline: source.title,
      mainEntityOfPage: `${BASE}/p/${slug}`,
      image: page.meta("og:image")[0],
      author: {
        "@type": "Person",
        name: "Jonas Ferreira",
        url: `${BASE}/authors/jonas-ferreira`,
      },
      publisher: { "@type": "Organization", name: SITE },
    });
    expect(String(article.datePublished)).toMatch(/^2023-05-22T/);
    // Never edited since: an import is not an edit, so it last changed when it was published,
    // the same in both places.
    const modified = page.meta("article:modified_time")[0] ?? "";
    expect(article.dateModified).toBe(modified);
    expect(new Date(modified).toISOString()).toBe(modified);
    expect(Date.parse(modified)).toBe(Date.parse(String(article.datePublished)));
    expect(breadcrumbs(page)).toEqual([
      ["Home", `${BASE}/`],
      ["Bitcoin", `${BASE}/categories/bitcoin`],
      [source.title, `${BASE}/p/${slug}`],
    ]);
    // The header links the author's name and the categories to their pages.
    const hrefs = all(page.body, (e) => e.tag === "a").map((a) => [a.attrs.href, textOf(a)]);
    expect(hrefs).toContainEqual(["/authors/jonas-ferreira", "Jonas Ferreira"]);
    expect(hrefs).toContainEqual(["/categories/bitcoin", "Bitcoin"]);
    expect(hrefs).toContainEqual(["/ecosystems?ecosystem=bitcoin", "Bitcoin"]);
    // Reading time beside the date.
    const [articleEl] = all(page.body, (e) => e.tag === "article");
    const [header] = articleEl ? all(articleEl, (e) => e.tag === "header") : [];
    expect(header && textOf(header)).toMatch(/\b\d+ min read\b/);
  });

  it("escapes a title that contains </script> inside the JSON-LD", async () => {
    const page = await get("/p/hostile-title");
    expect(page.status).toBe(200);
    // Nothing the title holds may close the script element or open another one.
    expect(page.html).not.toMatch(/<\/script><script>alert/i);
    expect(page.html).not.toContain("<b>news</b>");
    const scripts = all(
      page.head,
      (e) => e.tag === "script" && e.attrs.type === "application/ld+json",
    );
    for (const s of scripts) expect(textOf(s)).not.toMatch(/<\/script/i);
    expect(page.ld("Article").headline).toBe(HOSTILE_TITLE);
    expect(page.title).toBe(`${HOSTILE_TITLE} — ${SITE}`);
    expect(page.meta("og:title")).toEqual([HOSTILE_TITLE]);
    expect(breadcrumbs(page).at(-1)).toEqual([HOSTILE_TITLE, `${BASE}/p/hostile-title`]);
  });

  it("sign-in has a public head; the account screens have their own title and no index", async () => {
    // Sign-in is a public page (Lighthouse's SEO score 100, docs/product/site.md#page-head):
    // indexed, with the full head.
    expectHead(await get("/login"), {
      path: "/login",
      title: `Sign in — ${SITE}`,
      type: "website",
      image: false,
    });
    const reset = await get("/passreset");
    expect(reset.title).toBe(`Reset your password — ${SITE}`);
    expect(reset.meta("robots")).toEqual(["noindex"]);
    const member = await registerMember((o) => ctx.app.inject(o));
    const account = await get("/account", member.auth);
    expect(account.status).toBe(200);
    expect(account.title).toBe(`Your account — ${SITE}`);
    expect(account.meta("robots")).toEqual(["noindex"]);
  });

  it("article: the editor's meta title, description, canonical address and social image win", async () => {
    const slug = "first-published-elsewhere";
    await insertArticle(ctx.db, { slug, title: "First published elsewhere" });
    const card = "/uploads/articles/images/1200x630-card.webp";
    const media = await ctx.db.kysely
      .insertInto("media")
      .values({
        url: card,
        mime: "image/webp",
        width: 1200,
        height: 630,
        size_bytes: 1234,
        alternative_text: null,
        created_at: "2026-01-01T00:00:00.000Z",
        owner_id: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.db.kysely
      .updateTable("articles")
      .set({
        meta_title: "Staking, plainly",
        meta_description: "What a validator earns, in one page.",
        canonical_url: "https://example.org/first/",
        social_image_id: media.id,
      })
      .where("slug", "=", slug)
      .execute();
    const page = await get(`/p/${slug}`);
    expect(page.title).toBe(`Staking, plainly — ${SITE}`);
    expect(page.meta("og:title")).toEqual(["Staking, plainly"]);
    expect(page.meta("description")).toEqual(["What a validator earns, in one page."]);
    expect(page.meta("og:description")).toEqual(["What a validator earns, in one page."]);
    // Search engines credit the first address; the page's own stays its og:url and headline.
    expect(page.links("canonical")).toEqual(["https://example.org/first/"]);
    expect(page.meta("og:url")).toEqual([`${BASE}/p/${slug}`]);
    expect(page.ld("Article").headline).toBe("First published elsewhere");
    // The picture of a shared link, with its size.
    expect(page.meta("og:image")).toEqual([`${BASE}${card}`]);
    expect(page.meta("og:image:width")).toEqual(["1200"]);
    expect(page.meta("og:image:height")).toEqual(["630"]);
    expect(page.meta("twitter:image")).toEqual([`${BASE}${card}`]);
    expect(page.meta("twitter:card")).toEqual(["summary_large_image"]);
    expect(page.ld("Article").image).toBe(`${BASE}${card}`);
  });
});
