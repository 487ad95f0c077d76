// Content import against a fresh database on each engine: the real shared articles, broken files
// and idempotent re-import.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices, type Services } from "../../services.ts";
import type { Db } from "../../db/client.ts";
import { engines, freshDb, testConfig } from "../../testing/db.ts";
import { needs, noteSkipped } from "../../testing/shared-data.ts";
import { importFolder, type ImportSummary } from "./importer.service.ts";
import {
  article,
  hasShared,
  makeFixture,
  quiet,
  removeFixtures,
  sharedArticles,
  storage,
} from "./importer.test-fixtures.ts";

noteSkipped(hasShared, "importing the shared ethereum.org and Bitcoin Optech articles", "articles");
const SHARED = `the shared ethereum.org and Bitcoin Optech articles ${needs("articles")}`;
afterAll(removeFixtures);

describe.each(engines)("content import on %s", (engine) => {
  let db: Db;
  let services: Services;

  beforeAll(async () => {
    db = await freshDb(engine);
    services = createServices(db, testConfig());
  });
  afterAll(async () => {
    await db.close();
  });

  const typeCounts = async () => {
    const rows = await db.kysely
      .selectFrom("article_terms as at")
      .innerJoin("terms as t", "t.id", "at.term_id")
      .select(["t.name", (eb) => eb.fn.countAll<number>().as("n")])
      .where("t.kind", "=", "type")
      .groupBy("t.name")
      .execute();
    return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
  };

  describe.skipIf(!hasShared)(SHARED, () => {
    let first: ImportSummary;
    let ms = 0;
    beforeAll(async () => {
      const started = performance.now();
      first = await importFolder(services, sharedArticles, { storage, log: quiet });
      ms = performance.now() - started;
    });

    it("imports 49 Research articles and 21 Newsletters, none skipped", async () => {
      expect(first.skipped).toEqual([]);
      expect(first).toMatchObject({ created: 70, updated: 0 });
      expect(await typeCounts()).toEqual({ Research: 49, Newsletter: 21 });
      const slugs = await db.kysely.selectFrom("articles").select("slug").execute();
      expect(slugs.map((r) => r.slug)).toEqual(
        expect.arrayContaining([
          "gas",
          "consensus-mechanisms-pos",
          "bitcoin-optech-newsletter-2026-04-10",
        ]),
      );
      console.info(`[${engine}] imported 70 shared articles in ${Math.round(ms)} ms`);
    });

    it("leaves no template code in any content", async () => {
      const rows = await db.kysely
        .selectFrom("articles")
        .select(["slug", "content", "excerpt", "sub_title"])
        .execute();
      for (const r of rows) {
        for (const bad of ["{%", "{{", "%}", "<ExpandableCard", "<InfoBanner", "{#", "](./"]) {
          expect(r.content, `${r.slug} contains ${bad}`).not.toContain(bad);
        }
        expect(r.excerpt.length, r.slug).toBeGreaterThan(40);
        expect(r.excerpt.length, r.slug).toBeLessThanOrEqual(200);
        expect(r.excerpt, r.slug).not.toMatch(/\]\(|\*\*|^#/);
        expect(r.sub_title.length, r.slug).toBeGreaterThan(10);
      }
    });

    it("dates Optech newsletters from their file names", async () => {
      const files = fs.readdirSync(path.join(sharedArticles, "bitcoin-optech-newsletters"));
      expect(files).toHaveLength(21);
      for (const file of files) {
        const day = file.slice(0, 10);
        const row = await db.kysely
          .selectFrom("articles")
          .select(["publish_date", "title"])
          .where("slug", "=", `bitcoin-optech-newsletter-${day}`)
          .executeTakeFirstOrThrow();
        expect(row.publish_date.slice(0, 10)).toBe(day);
        expect(row.title).toMatch(/^Bitcoin Optech Newsletter #\d+/);
      }
    });

    it("credits the source and licence, by a source author without credentials", async () => {
      const gas = await services.articles.findBySlug("gas");
      expect(gas?.attributes.source).toEqual({
        name: "ethereum.org",
        url: "https://ethereum.org/en/developers/docs/gas/",
        licence: "MIT (ethereum.org contributors)",
      });
      expect(gas?.attributes.author?.username).toBe("ethereum.org contributors");
      expect(gas?.attributes.ecosystems).toEqual([{ name: "Ethereum", slug: "ethereum" }]);
      expect(gas?.attributes.types).toEqual(["Research"]);
      expect(gas?.attributes.body).toBe(true);
      expect(gas?.attributes.thumbnailUrl).toMatchObject({ width: 1200, height: 630 });
      expect(gas?.attributes.readingTimeMinutes).toBeGreaterThan(1);

      const news = await services.articles.findBySlug("bitcoin-optech-newsletter-2026-04-10");
      expect(news?.attributes.source).toEqual({
        name: "Bitcoin Optech",
        url: "https://bitcoinops.org/en/newsletters/2026/04/10/",
        licence: "MIT (Bitcoin Optech contributors)",
      });
      expect(news?.attributes.categories).toEqual([{ name: "Bitcoin", slug: "bitcoin" }]);

      const missing = await db.kysely
        .selectFrom("articles")
        .select("slug")
        .where((eb) =>
          eb.or([
            eb("source_name", "is", null),
            eb("source_url", "is", null),
            eb("source_licence", "is", null),
          ]),
        )
        .execute();
      expect(missing).toEqual([]);
      const authors = await db.kysely
        .selectFrom("users")
        .select(["username", "email", "password_hash"])
        .execute();
      expect(authors).toHaveLength(2);
      for (const a of authors) expect(a).toMatchObject({ email: null, password_hash: null });
    });

    it("stores WebP thumbnails under content-hashed keys", async () => {
      const media = await db.kysely
        .selectFrom("media")
        .selectAll()
        .where("url", "like", "/uploads/articles/%")
        .execute();
      expect(media).toHaveLength(70);
      for (const m of media) {
        expect(m).toMatchObject({ mime: "image/webp", width: 1200, height: 630 });
        expect(m.url).toMatch(/^\/uploads\/articles\/[a-z0-9-]+-[0-9a-f]{16}\.webp$/);
        const file = path.join(storage.root, m.url.slice("/uploads/".length));
        expect(fs.statSync(file).size).toBe(m.size_bytes);
      }
    });

    it("indexes every imported article for search", async () => {
      const hits = await services.search.search("proof-of-stake", 50);
      expect(hits.length).toBeGreaterThan(0);
    });

    it("re-imports idempotently: 0 created, 70 updated, nothing duplicated", async () => {
      const before = {
        articles: await db.kysely.selectFrom("articles").select("id").execute(),
        terms: (await db.kysely.selectFrom("terms").select("id").execute()).length,
        links: (await db.kysely.selectFrom("article_terms").select("term_id").execute()).length,
        media: (await db.kysely.selectFrom("media").select("id").execute()).length,
        users: (await db.kysely.selectFrom("users").select("id").execute()).length,
      };
      const again = await importFolder(services, sharedArticles, { storage, log: quiet });
      expect(again).toEqual({ created: 0, updated: 70, skipped: [] });
      const after = await db.kysely.selectFrom("articles").select("id").execute();
      expect(after.map((r) => r.id).sort()).toEqual(before.articles.map((r) => r.id).sort());
      expect((await db.kysely.selectFrom("terms").select("id").execute()).length).toBe(
        before.terms,
      );
      expect((await db.kysely.selectFrom("article_terms").select("term_id").execute()).length).toBe(
        before.links,
      );
      expect((await db.kysely.selectFrom("media").select("id").execute()).length).toBe(
        before.media,
      );
      expect((await db.kysely.selectFrom("users").select("id").execute()).length).toBe(
        before.users,
      );
      expect(await typeCounts()).toEqual({ Research: 49, Newsletter: 21 });
    });
  });

  it("skips broken files with a reason and never half-writes them", async () => {
    const dir = makeFixture();
    const bad = path.join(dir, "articles");
    fs.writeFileSync(
      path.join(bad, "no-title.md"),
      article({ publishDate: "2024-01-01", author: "Test Author", type: "News" }),
    );
    fs.writeFileSync(
      path.join(bad, "bad-date.md"),
      article({
        title: "Bad date",
        publishDate: '"2024-02-30"',
        author: '"Test Author"',
        type: "News",
      }),
    );
    fs.writeFileSync(path.join(bad, "bad-yaml.md"), "---\ntitle: [oops\n---\nBody\n");
    fs.writeFileSync(
      path.join(bad, "stranger.md"),
      article({ title: "Stranger", publishDate: "2024-01-01", author: "Nobody", type: "News" }),
    );
    fs.writeFileSync(
      path.join(bad, "copy.md"),
      article({
        title: "Copy",
        slug: "first-post",
        publishDate: "2024-01-01",
        author: '"Test Author"',
        type: "News",
      }),
    );

    const summary = await importFolder(services, dir, { storage, log: quiet });
    expect(summary.created + summary.updated).toBe(2);
    const reasons = Object.fromEntries(summary.skipped.map((s) => [s.file, s.reason]));
    expect(Object.keys(reasons).sort()).toEqual(
      [
        "articles/bad-date.md",
        "articles/bad-yaml.md",
        "articles/no-title.md",
        "articles/stranger.md",
        "articles/first-post.md",
      ].sort(),
    );
    expect(reasons["articles/no-title.md"]).toMatch(/no title/);
    expect(reasons["articles/bad-date.md"]).toMatch(/publishDate/);
    expect(reasons["articles/bad-yaml.md"]).toMatch(/front matter does not parse/);
    expect(reasons["articles/stranger.md"]).toMatch(/unknown author "Nobody"/);
    // Files are read in name order: copy.md claims the slug first, first-post.md is the duplicate.
    expect(reasons["articles/first-post.md"]).toMatch(/duplicate slug "first-post"/);
    for (const slug of ["bad-date", "stranger", "no-title"]) {
      const row = await db.kysely
        .selectFrom("articles")
        .select("id")
        .where("slug", "=", slug)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }

    const copy = await services.articles.findBySlug("first-post");
    expect(copy?.attributes.title).toBe("Copy");
    const second = await services.articles.findBySlug("second-post");
    expect(second?.attributes).toMatchObject({
      title: "Second post",
      subTitle: "Another",
      types: ["News"],
      tags: ["fees"],
      categories: [{ name: "DeFi", slug: "defi" }],
      source: null,
      author: { username: "Test Author" },
      thumbnailUrl: { width: 1200, height: 630 },
    });
    expect(second?.attributes.author?.profilePicture?.url).toMatch(
      /^\/uploads\/avatars\/test-author-[0-9a-f]{16}\.webp$/,
    );
    // An import is not an edit: the last change (sitemap lastmod, dateModified) is the source's date.
    const dates = await db.kysely
      .selectFrom("articles")
      .select(["publish_date", "updated_at"])
      .where("slug", "in", ["first-post", "second-post"])
      .execute();
    expect(dates).toHaveLength(2);
    for (const d of dates) {
      expect(new Date(d.updated_at).toISOString()).toBe(new Date(d.publish_date).toISOString());
    }
  });
});
