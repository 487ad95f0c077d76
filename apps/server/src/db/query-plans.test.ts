// The hot reader paths' and the studio lists' statements read no large table whole
// (docs/scale.md): each path is asked
// once of an app over the demo library, every SELECT it runs is captured, and its plan is read
// (SQLite `EXPLAIN QUERY PLAN`; PostgreSQL `EXPLAIN` with sequential scans priced out, so one shows
// only where no index can serve the statement).
import SQLite from "better-sqlite3";
import { CompiledQuery, sql } from "kysely";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../testing/app.ts";
import { engines } from "../testing/db.ts";
import { registerMember } from "../testing/fixtures.ts";
import { ensureWebBuild } from "../testing/web-build.ts";
import { importFolder } from "../modules/importer/importer.service.ts";
import { demoDir, quiet, storage } from "../modules/importer/importer.test-fixtures.ts";
import type { Db } from "./client.ts";

/** Tables that grow with the archive or its readers: a whole read of one per request is a bug. */
const LARGE = new Set([
  "articles",
  "article_terms",
  "article_likes",
  "article_bookmarks",
  "comments",
  "comment_likes",
  "comment_reports",
  "users",
  "newsletter_subscribers",
  "page_views_daily",
  "page_view_sources_daily",
  "audit_log",
  "notifications",
]);

/** One statement a request ran: its SQL and bound values. */
interface Statement {
  text: string;
  values: unknown[];
}

/** Statements run while `capturing` is set, on either engine's driver (all connections). */
const captured: Statement[] = [];
let capturing = false;
const isRead = (text: string) => /^\s*(select|with)\b/i.test(text);

function captureSqlite(): void {
  const probe = new SQLite(":memory:");
  const proto = Object.getPrototypeOf(probe.prepare("select 1")) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  probe.close();
  for (const method of ["all", "get", "iterate"]) {
    const original = proto[method]!;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      if (capturing && isRead(this.source))
        captured.push({ text: this.source, values: args.flat() });
      return original.apply(this, args);
    };
  }
}

function capturePostgres(): void {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [text, values] = args;
    if (capturing && typeof text === "string" && isRead(text)) {
      captured.push({ text, values: Array.isArray(values) ? values : [] });
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

captureSqlite();
capturePostgres();

/** The table each alias of `text` names (`from "articles" as "a"` → a: articles; a bare table names itself). */
function tablesOf(text: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of text.matchAll(/\b(?:from|join)\s+"(\w+)"(?:\s+as\s+"(\w+)")?/gi)) {
    names.set(m[2] ?? m[1]!, m[1]!);
  }
  return names;
}

/**
 * The large tables `statement` reads whole on `db`'s engine, as the plan says. With `lists`
 * (the studio's lists, whose totals are counted per request: docs/scale.md), two whole walks of
 * an index are let through on SQLite: a `count(*)` over a covering index (the total, no row
 * read), and a walk in an index's own order (no sort) in a statement with a `limit`, which stops
 * at the page's end.
 */
async function fullScans(db: Db, statement: Statement, lists = false): Promise<string[]> {
  if (db.sqlite) {
    const rows = db.sqlite
      .prepare(`explain query plan ${statement.text}`)
      .all(...(statement.values as unknown[])) as { detail: string; parent: number }[];
    const tables = tablesOf(statement.text);
    const counting = /^select count\(\*\) as "n" from/i.test(statement.text);
    /** Query levels (plan parents) whose rows are sorted after they are read. */
    const sorted = new Set(
      rows.filter((r) => r.detail.startsWith("USE TEMP B-TREE FOR ORDER BY")).map((r) => r.parent),
    );
    const limited = /\blimit\b/i.test(statement.text);
    return rows.flatMap(({ detail, parent }) => {
      const scan = /^SCAN (\w+)(?: USING (COVERING )?INDEX \w+)?/.exec(detail);
      const table = scan && (tables.get(scan[1]!) ?? scan[1]!);
      if (!table || !LARGE.has(table)) return [];
      if (lists && scan[2] && counting) return [];
      if (lists && scan[0].includes(" INDEX ") && limited && !sorted.has(parent)) return [];
      return [`${table}: ${detail}`];
    });
  }
  return db.kysely.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      CompiledQuery.raw(`explain (format json) ${statement.text}`, statement.values),
    );
    const scans: string[] = [];
    const walk = (node: PlanNode) => {
      const table = node["Relation Name"];
      if (node["Node Type"] === "Seq Scan" && table && LARGE.has(table)) {
        scans.push(`${table}: Seq Scan`);
      }
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(rows[0]!["QUERY PLAN"][0].Plan);
    return scans;
  });
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

describe.each(engines)("the hot reader paths' query plans on %s", (engine) => {
  const ctx = withTestApp(engine, {
    web: "build",
    config: { RESPONSE_CACHE_SECONDS: "0" },
  });
  const headers: Record<"reader" | "member" | "admin", Record<string, string>> = {
    reader: {},
    member: {},
    admin: {},
  };
  beforeAll(async () => {
    ensureWebBuild();
    await importFolder(ctx.app.services, demoDir, { storage, log: quiet });
    headers.member = (await registerMember((o) => ctx.app.inject(o))).auth;
    const admin = await registerMember((o) => ctx.app.inject(o));
    await ctx.db.kysely
      .updateTable("users")
      .set({ role: "admin" })
      .where("id", "=", admin.id)
      .execute();
    headers.admin = admin.auth;
  }, 120_000);

  const slug = "bitcoin-fees-and-the-mempool";
  const author = "maya-okafor";
  /** Asks `url` as `who`; every large table one of its statements reads whole (`fullScans`). */
  async function scansOf(url: string, who: keyof typeof headers, lists = false) {
    captured.length = 0;
    capturing = true;
    const res = await ctx.app.inject({ url, headers: headers[who] });
    capturing = false;
    expect(res.statusCode).toBe(200);
    expect(captured.length).toBeGreaterThan(0);
    const scans: string[] = [];
    for (const statement of captured.splice(0)) {
      for (const scan of await fullScans(ctx.db, statement, lists)) {
        scans.push(`${scan}\n  in ${statement.text.slice(0, 300)}`);
      }
    }
    return scans;
  }

  it.each([
    ["the home page's feed", "/", "reader"],
    ["the article list API", "/api/articles?pagination[page]=2&pagination[pageSize]=10", "reader"],
    ["an article by slug, with its read next", `/p/${slug}`, "reader"],
    ["an article's comments", `/api/comment-manager/comments/${slug}`, "reader"],
    ["a category listing", "/categories/bitcoin", "reader"],
    ["a tag listing", "/tags/staking", "reader"],
    ["an author listing", `/authors/${author}`, "reader"],
    ["the viewer's bookmarks", `/api/viewer?article=${slug}`, "member"],
    [
      "the composer's mention suggestions",
      `/api/comment-manager/comments/${slug}/mentions?q=ma`,
      "member",
    ],
    ["the sitemap index", "/sitemap.xml", "reader"],
    ["the articles sitemap", "/sitemaps/articles.xml", "reader"],
    ["the tags sitemap", "/sitemaps/tags.xml", "reader"],
    [
      "a Strapi query by title and category, with its total",
      "/api/articles?filters[title][$containsi]=bitcoin&filters[categories][slug][$eq]=bitcoin",
      "reader",
    ],
    [
      "a Strapi query by subtitle, slug or excerpt, with its total",
      "/api/articles?filters[$or][0][excerpt][$containsi]=bitcoin&filters[$or][1][subTitle][$contains]=fee&filters[$or][2][slug][$startsWithi]=bitcoin",
      "reader",
    ],
    [
      "a Strapi query by the author's name, with its total",
      "/api/articles?filters[author][username][$containsi]=okafor",
      "reader",
    ],
    ["the article list by an author's name", "/api/articles/params?author=Maya Okafor", "reader"],
  ] as const)("%s reads no large table whole", async (_name, url, who) => {
    expect(await scansOf(url, who)).toEqual([]);
  });

  it.each([
    ["the studio's articles", "/api/studio/articles"],
    [
      "the studio's articles by state and type",
      "/api/studio/articles?status=published&type=Research",
    ],
    ["the studio's article search", "/api/studio/articles?q=bitcoin"],
    ["the studio's members", "/api/studio/members"],
    ["the studio's member search", "/api/studio/members?q=member"],
    ["the studio's member search of 2 characters", "/api/studio/members?q=me"],
  ] as const)("%s reads no large table whole but an index for its total", async (_name, url) => {
    expect(await scansOf(url, "admin", true)).toEqual([]);
  });
});
