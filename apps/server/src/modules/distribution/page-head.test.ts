// The raw server HTML of every public page (issue #6 "Found and shared"), parsed with a real parser:
// title, description, canonical, Open Graph, Twitter card, JSON-LD and breadcrumbs; the author and
// category pages with their pagination, sitemap agreement and 404s. The built web app (apps/web/build,
// built first when missing; rebuild after changing pages) + demo content, requested with app.inject
// on each database engine.
import fs from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../config.ts";
import { importFolder } from "../importer/importer.service.ts";
import { localMediaStorage } from "../uploads/storage.ts";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle, insertUser, registerMember } from "../../testing/fixtures.ts";
import { ensureWebBuild } from "../../testing/web-build.ts";

const BASE = "https://pragmatist.example";
const SITE = "Pragmatist Test Desk";
const demoDir = path.join(repoRoot, "content/demo");
const quiet = { info() {}, warn() {}, error() {} };
const HOSTILE_TITLE = 'Breaking </script><script>alert("x")</script> & <b>news</b>';

// ---------------------------------------------------------------------------------------------
// A small DOM over fast-xml-parser's ordered output (void elements unpaired, scripts kept raw).

interface El {
  tag: string;
  attrs: Record<string, string>;
  children: El[];
  text: string;
}

const VOID = ["meta", "link", "img", "br", "hr", "input", "source", "area", "base", "col", "wbr"];
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  allowBooleanAttributes: true,
  unpairedTags: VOID,
  stopNodes: ["*.script", "*.style"],
  htmlEntities: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
});

type Node = Record<string, unknown>;

function toEls(nodes: Node[]): El[] {
  return nodes.map((node) => {
    const tag = Object.keys(node).find((k) => k !== ":@") ?? "#text";
    const value = node[tag];
    if (tag === "#text") return { tag, attrs: {}, children: [], text: String(value) };
    const attrs = (node[":@"] ?? {}) as Record<string, string>;
    const children = Array.isArray(value) ? toEls(value as Node[]) : [];
    return { tag, attrs, children, text: "" };
  });
}

function textOf(el: El): string {
  return el.tag === "#text" ? el.text : el.children.map(textOf).join("");
}

function all(root: El, match: (el: El) => boolean): El[] {
  const out: El[] = [];
  const walk = (el: El) => {
    if (match(el)) out.push(el);
    el.children.forEach(walk);
  };
  walk(root);
  return out;
}

interface Page {
  status: number;
  html: string;
  head: El;
  body: El;
  title: string;
  /** Content of `<meta name|property=key>`, all of them in order. */
  meta(key: string): string[];
  /** href of the `<link rel=rel>` elements. */
  links(rel: string): string[];
  jsonLd(): Record<string, unknown>[];
  /** The JSON-LD object of this @type (exactly one expected). */
  ld(type: string): Record<string, unknown>;
}

function parsePage(status: number, html: string): Page {
  const root: El = { tag: "#root", attrs: {}, children: toEls(parser.parse(html)), text: "" };
  const [head] = all(root, (e) => e.tag === "head");
  const [body] = all(root, (e) => e.tag === "body");
  if (!head || !body) throw new Error(`no head or body in:\n${html.slice(0, 500)}`);
  const page: Page = {
    status,
    html,
    head,
    body,
    title: all(head, (e) => e.tag === "title")
      .map(textOf)
      .join("|"),
    meta: (key) =>
      all(head, (e) => e.tag === "meta" && (e.attrs.name === key || e.attrs.property === key)).map(
        (e) => e.attrs.content ?? "",
      ),
    links: (rel) =>
      all(head, (e) => e.tag === "link" && e.attrs.rel === rel).map((e) => e.attrs.href ?? ""),
    jsonLd: () =>
      all(head, (e) => e.tag === "script" && e.attrs.type === "application/ld+json").map(
        (e) => JSON.parse(textOf(e)) as Record<string, unknown>,
      ),
    ld(type) {
      const found = page.jsonLd().filter((d) => d["@type"] === type);
      expect(found, `JSON-LD ${type}`).toHaveLength(1);
      return found[0] as Record<string, unknown>;
    },
  };
  return page;
}

// ---------------------------------------------------------------------------------------------
// The demo folder read directly: what the pages must list (an oracle independent of the app).

interface DemoArticle {
  slug: string;
  title: string;
  author: string;
  categories: string[];
  publishDate: string;
}

function demoArticles(): DemoArticle[] {
  const dir = path.join(demoDir, "articles");
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => {
      const text = fs.readFileSync(path.join(dir, f), "utf8");
      const field = (name: string) => {
        const m = new RegExp(`^${name}: (.*)$`, "m").exec(text);
        if (!m?.[1]) throw new Error(`${f}: no ${name}`);
        return JSON.parse(m[1]) as unknown;
      };
      return {
        slug: field("slug") as string,
        title: field("title") as string,
        author: field("author") as string,
        categories: field("categories") as string[],
        publishDate: field("publishDate") as string,
      };
    });
}

const demo = demoArticles();
const by = (author: string) => demo.filter((a) => a.author === author).map((a) => a.slug);
const inCategory = (name: string) =>
  demo.filter((a) => a.categories.includes(name)).map((a) => a.slug);

/** Article slugs of the cards on a page, in order. */
function cardSlugs(page: Page): string[] {
  return all(page.body, (e) => e.tag === "article").flatMap((card) =>
    all(card, (e) => e.tag === "a" && (e.attrs.href ?? "").startsWith("/p/")).map((a) =>
      decodeURIComponent((a.attrs.href ?? "").slice(3)),
    ),
  );
}

// ---------------------------------------------------------------------------------------------

describe.each(engines)("page heads on %s", (engine) => {
  beforeAll(() => ensureWebBuild(), 180_000);
  // Registered after the build hook, so the app is built once the pages exist.
  const ctx = withTestApp(engine, { config: { PUBLIC_URL: BASE, SITE_NAME: SITE }, web: "build" });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ url, headers });
    return parsePage(res.statusCode, res.body);
  };

  /** The tags every public page must have (issue #6), with this page's own values. */
  function expectHead(
    page: Page,
    want: { path: string; title: string; type: string; image: boolean },
  ) {
    expect(page.status, want.path).toBe(200);
    expect(page.title).toBe(want.title);
    const [description] = page.meta("description");
    expect(description?.length, `description of ${want.path}`).toBeGreaterThan(40);
    expect(page.meta("robots")).toEqual([]);
    expect(page.links("canonical")).toEqual([`${BASE}${want.path}`]);
    expect(page.meta("og:url")).toEqual([`${BASE}${want.path}`]);
    expect(page.meta("og:site_name")).toEqual([SITE]);
    expect(page.meta("og:type")).toEqual([want.type]);
    expect(page.meta("og:title")).toHaveLength(1);
    expect(page.meta("og:description")).toEqual([description]);
    const images = page.meta("og:image");
    if (want.image) {
      expect(images).toHaveLength(1);
      expect(images[0]).toMatch(new RegExp(`^${BASE}/uploads/.+\\.webp$`));
    } else {
      expect(images).toEqual([]);
    }
    expect(page.meta("twitter:card")).toEqual([want.image ? "summary_large_image" : "summary"]);
    // The site-wide feeds, titled with SITE_NAME.
    const feeds = all(page.head, (e) => e.tag === "link" && e.attrs.rel === "alternate").filter(
      (e) => e.attrs.href === "/feed.xml" || e.attrs.href === "/feed.atom",
    );
    expect(feeds.map((e) => [e.attrs.type, e.attrs.title])).toEqual([
      ["application/rss+xml", `${SITE} — all articles`],
      ["application/atom+xml", `${SITE} — all articles`],
    ]);
  }

  function breadcrumbs(page: Page): [string, string][] {
    const list = page.ld("BreadcrumbList").itemListElement as Record<string, unknown>[];
    list.forEach((item, i) => expect(item.position).toBe(i + 1));
    return list.map((item) => [item.name as string, item.item as string]);
  }

  async function expectNotFound(url: string) {
    const page = await get(url);
    expect(page.status, url).toBe(404);
    expect(page.title).toBe(`Page not found — ${SITE}`);
    expect(page.meta("robots")).toEqual(["noindex"]);
    expect(textOf(page.body)).toContain("Page not found");
    // The shared layout around it has one <main>, not two.
    expect(all(page.body, (e) => e.tag === "main")).toHaveLength(1);
  }

  let elena: number;
  beforeAll(async () => {
    const summary = await importFolder(ctx.app.services, demoDir, {
      storage: localMediaStorage(":memory:"),
      log: quiet,
    });
    expect(summary.skipped).toEqual([]);
    const row = await ctx.db.kysely
      .selectFrom("users")
      .select("id")
      .where("username", "=", "Elena Marsh")
      .executeTakeFirstOrThrow();
    elena = row.id;
    // Never listed: a draft and a future-dated article of hers, in a category and one of their own.
    for (const [slug, status, publishDate] of [
      ["elena-draft", "draft", "2024-01-01T00:00:00.000Z"],
      ["elena-scheduled", "published", "2099-01-01T00:00:00.000Z"],
    ] as const) {
      await insertArticle(ctx.db, {
        slug,
        status,
        publishDate,
        authorId: elena,
        categories: ["Market Structure", "Unreleased"],
      });
    }
    // A member who never published, a writer whose account is deleted, a hostile title.
    await insertUser(ctx.db, { username: "Quiet Member" });
    const gone = await insertUser(ctx.db, { username: "Gone Writer" });
    await insertArticle(ctx.db, {
      slug: "orphan-piece",
      publishDate: "2021-01-01T00:00:00.000Z",
      authorId: gone,
    });
    await ctx.db.kysely
      .updateTable("users")
      .set({ deleted_at: "2025-01-01T00:00:00.000Z" })
      .where("id", "=", gone)
      .execute();
    const tester = await insertUser(ctx.db, { username: "Script Tester" });
    await insertArticle(ctx.db, {
      slug: "hostile-title",
      title: HOSTILE_TITLE,
      publishDate: "2021-02-01T00:00:00.000Z",
      authorId: tester,
    });
  }, 180_000);

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
    // Last changed when the demo content was imported: after publication, the same in both places.
    const modified = page.meta("article:modified_time")[0] ?? "";
    expect(article.dateModified).toBe(modified);
    expect(new Date(modified).toISOString()).toBe(modified);
    expect(Date.parse(modified)).toBeGreaterThan(Date.parse(String(article.datePublished)));
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

  it("an author page: profile head, ProfilePage + Person JSON-LD, breadcrumbs, two pages", async () => {
    const expected = by("Elena Marsh");
    expect(expected.length).toBeGreaterThan(12);
    const first = await get("/authors/elena-marsh");
    expectHead(first, {
      path: "/authors/elena-marsh",
      title: `Elena Marsh — ${SITE}`,
      type: "profile",
      image: true,
    });
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
    const first = await get("/categories/market-structure");
    expectHead(first, {
      path: "/categories/market-structure",
      title: `Market Structure — ${SITE}`,
      type: "website",
      image: true,
    });
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
    ]) {
      await expectNotFound(url);
    }
    // Another spelling of an address is sent to the canonical one.
    for (const [url, location] of [
      ["/authors/Elena-Marsh?page=2", "/authors/elena-marsh?page=2"],
      ["/authors/elena_marsh", "/authors/elena-marsh"],
      ["/categories/Market-Structure", "/categories/market-structure"],
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

  it("lists in the sitemaps exactly the author and category pages that exist", async () => {
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
    for (const loc of [...authors, ...categories]) {
      const page = await get(new URL(loc).pathname);
      expect(page.status, loc).toBe(200);
      expect(page.links("canonical")).toEqual([loc]);
    }
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
    // Sign-in is a public page (issue #6 asks SEO 100 of it): indexed, with the full head.
    expectHead(await get("/login"), {
      path: "/login",
      title: `Sign in — ${SITE}`,
      type: "website",
      image: false,
    });
    const reset = await get("/passreset");
    expect(reset.title).toBe(`Reset your password · ${SITE}`);
    expect(reset.meta("robots")).toEqual(["noindex"]);
    const member = await registerMember((o) => ctx.app.inject(o));
    const account = await get("/account", member.auth);
    expect(account.status).toBe(200);
    expect(account.title).toBe(`Your account · ${SITE}`);
    expect(account.meta("robots")).toEqual(["noindex"]);
  });
});
