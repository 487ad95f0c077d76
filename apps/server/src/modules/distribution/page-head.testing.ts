// Shared set-up of the page-head test files: the built web app over demo content with a few
// edge cases, a small DOM over the raw server HTML, the demo folder as an independent oracle, and
// the head every public page must have (docs/product/site.md#page-head).
import fs from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, expect } from "vitest";
import { repoRoot } from "../../config.ts";
import type { Dialect } from "../../db/client.ts";
import { importFolder } from "../importer/importer.service.ts";
import { localMediaStorage } from "../uploads/storage.ts";
import { type TestApp, withTestApp } from "../../testing/app.ts";
import { insertArticle, insertUser } from "../../testing/fixtures.ts";
import { ensureWebBuild } from "../../testing/web-build.ts";

/** PUBLIC_URL of the test app. */
export const BASE = "https://pragmatist.example";
/** SITE_NAME of the test app. */
export const SITE = "Pragmatist Test Desk";
const demoDir = path.join(repoRoot, "content/demo");
const quiet = { info() {}, warn() {}, error() {} };
/** The title of the article `hostile-title`, which tries to break out of the JSON-LD script. */
export const HOSTILE_TITLE = 'Breaking </script><script>alert("x")</script> & <b>news</b>';

// ---------------------------------------------------------------------------------------------
// A small DOM over fast-xml-parser's ordered output (void elements unpaired, scripts kept raw).

/** An element (or a `#text` node) of a parsed page. */
export interface El {
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

/** The text content of `el`. */
export function textOf(el: El): string {
  return el.tag === "#text" ? el.text : el.children.map(textOf).join("");
}

/** Every element under `root` (itself included) that `match`es, in document order. */
export function all(root: El, match: (el: El) => boolean): El[] {
  const out: El[] = [];
  const walk = (el: El) => {
    if (match(el)) out.push(el);
    el.children.forEach(walk);
  };
  walk(root);
  return out;
}

/** A parsed page: its status, raw HTML, head and body, and the head's tags by name. */
export interface Page {
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

/** Parses a server answer into a `Page`. @throws Error when the HTML has no head or body. */
export function parsePage(status: number, html: string): Page {
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
  tags: string[];
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
        tags: field("tags") as string[],
        publishDate: field("publishDate") as string,
      };
    });
}

/** The demo articles, read from content/demo/articles. */
export const demo = demoArticles();
/** Slugs of the demo articles by `author`. */
export const by = (author: string) => demo.filter((a) => a.author === author).map((a) => a.slug);
/** Slugs of the demo articles in the category `name`. */
export const inCategory = (name: string) =>
  demo.filter((a) => a.categories.includes(name)).map((a) => a.slug);

/** Slugs of the demo articles tagged `name`. */
export const tagged = (name: string) =>
  demo.filter((a) => a.tags.includes(name)).map((a) => a.slug);

/** Article slugs of the cards on a page, in order. */
export function cardSlugs(page: Page): string[] {
  return all(page.body, (e) => e.tag === "article").flatMap((card) =>
    all(card, (e) => e.tag === "a" && (e.attrs.href ?? "").startsWith("/p/")).map((a) =>
      decodeURIComponent((a.attrs.href ?? "").slice(3)),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// The head every public page must have.

/**
 * The tags every public page must have (docs/product/site.md#page-head), with this page's own
 * values.
 */
export function expectHead(
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
  expect(page.meta("twitter:image")).toEqual(images);
  // The site-wide feeds, titled with SITE_NAME.
  const feeds = all(page.head, (e) => e.tag === "link" && e.attrs.rel === "alternate").filter(
    (e) => e.attrs.href === "/feed.xml" || e.attrs.href === "/feed.atom",
  );
  expect(feeds.map((e) => [e.attrs.type, e.attrs.title])).toEqual([
    ["application/rss+xml", `${SITE} — all articles`],
    ["application/atom+xml", `${SITE} — all articles`],
  ]);
}

/** The BreadcrumbList JSON-LD of `page` as [name, url] pairs; positions must count from 1. */
export function breadcrumbs(page: Page): [string, string][] {
  const list = page.ld("BreadcrumbList").itemListElement as Record<string, unknown>[];
  list.forEach((item, i) => expect(item.position).toBe(i + 1));
  return list.map((item) => [item.name as string, item.item as string]);
}

/**
 * The demo content (imported as the importer does) plus what must never be listed: a draft and a
 * future-dated article of Elena Marsh, a member who never published, a writer whose account is
 * deleted (with an article), and an article with HOSTILE_TITLE.
 */
async function seedPages(ctx: TestApp): Promise<void> {
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
  const elena = row.id;
  // Never listed: a draft and a future-dated article of hers, in a category and tag and in one of
  // their own.
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
      tags: ["staking", "unreleased-tag"],
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
}

/**
 * Registers, in the calling `describe` block, the web build (made once when missing), the app
 * over a fresh database on `engine` with PUBLIC_URL `BASE` and SITE_NAME `SITE` serving it, and
 * the seeded content (`seedPages`). Answers the app, `get` (a parsed page) and `expectNotFound`.
 */
export function pageHeadSuite(engine: Dialect) {
  beforeAll(() => ensureWebBuild(), 180_000);
  // Registered after the build hook, so the app is built once the pages exist.
  const ctx = withTestApp(engine, { config: { PUBLIC_URL: BASE, SITE_NAME: SITE }, web: "build" });
  beforeAll(() => seedPages(ctx), 180_000);

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ url, headers });
    return parsePage(res.statusCode, res.body);
  };

  /** The not-found page, answered 404 and not indexed. */
  async function expectNotFound(url: string) {
    const page = await get(url);
    expect(page.status, url).toBe(404);
    expect(page.title).toBe(`Page not found — ${SITE}`);
    expect(page.meta("robots")).toEqual(["noindex"]);
    expect(textOf(page.body)).toContain("Page not found");
    // The shared layout around it has one <main>, not two.
    expect(all(page.body, (e) => e.tag === "main")).toHaveLength(1);
  }

  return { ctx, get, expectNotFound };
}
