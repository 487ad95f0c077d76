// Reads for the sitemaps (docs/product/api.md#feeds-and-sitemaps): the published articles cut
// into files by id, a file's addresses in batches, and the newest date per category, tag and author,
// each one query that reads no article's text and holds no whole table in memory.
import { type Kysely, sql } from "kysely";
import type { Database, TermKind } from "../../db/schema.ts";

type Q = Kysely<Database>;

/** One sitemap file of published articles, by id: where it starts, its size, its newest dates. */
export interface SitemapFileRow {
  first_id: number;
  count: number;
  /** ISO 8601: the newest publish date and the newest write among its articles. */
  newest_publish: string;
  newest_update: string;
}

/** A published article's address and dates. */
export interface ArticleUrlRow {
  id: number;
  slug: string;
  publish_date: string;
  updated_at: string;
}

/** The newest dates of the published articles of one key (a term's slug, an author's id). */
export interface NewestRow<K> {
  key: K;
  newest_publish: string;
  newest_update: string;
}

/** Articles readers can open at `now`: published, not future-dated (as the articles list). */
function published(db: Q, now: string) {
  return db
    .selectFrom("articles as a")
    .where("a.status", "=", "published")
    .where("a.publish_date", "<=", now);
}

/**
 * The published articles at `now` in id order, cut into files of `size` (the first `size`
 * articles, then the next…): one row per file, in order. One pass over the published rows (a
 * window numbering them), grouped by file.
 */
export async function findSitemapFiles(
  db: Q,
  now: string,
  size: number,
): Promise<SitemapFileRow[]> {
  const numbered = published(db, now).select([
    "a.id",
    "a.publish_date",
    "a.updated_at",
    sql<number>`(row_number() over (order by a.id) - 1) / ${sql.lit(size)}`.as("file"),
  ]);
  const rows = await db
    .selectFrom(numbered.as("n"))
    .select((eb) => [
      eb.fn.min("n.id").as("first_id"),
      eb.fn.countAll<number>().as("count"),
      eb.fn.max("n.publish_date").as("newest_publish"),
      eb.fn.max("n.updated_at").as("newest_update"),
    ])
    .groupBy("n.file")
    .orderBy("n.file")
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Up to `limit` published articles at `now` from id `fromId` on, in id order. */
export function findArticleUrls(
  db: Q,
  now: string,
  fromId: number,
  limit: number,
): Promise<ArticleUrlRow[]> {
  return published(db, now)
    .select(["a.id", "a.slug", "a.publish_date", "a.updated_at"])
    .where("a.id", ">=", fromId)
    .orderBy("a.id")
    .limit(limit)
    .execute();
}

/** Per slug of a term of `kind` with published articles at `now`: its articles' newest dates. */
export function findNewestByTerm(db: Q, kind: TermKind, now: string): Promise<NewestRow<string>[]> {
  return published(db, now)
    .innerJoin("article_terms as at", "at.article_id", "a.id")
    .innerJoin("terms as t", "t.id", "at.term_id")
    .where("t.kind", "=", kind)
    .select((eb) => [
      "t.slug as key",
      eb.fn.max("a.publish_date").as("newest_publish"),
      eb.fn.max("a.updated_at").as("newest_update"),
    ])
    .groupBy("t.slug")
    .execute();
}

/** Per author id with published articles at `now`: their articles' newest dates. */
export async function findNewestByAuthor(db: Q, now: string): Promise<NewestRow<number>[]> {
  const rows = await published(db, now)
    .where("a.author_id", "is not", null)
    .select((eb) => [
      "a.author_id as key",
      eb.fn.max("a.publish_date").as("newest_publish"),
      eb.fn.max("a.updated_at").as("newest_update"),
    ])
    .groupBy("a.author_id")
    .execute();
  return rows.flatMap((r) => (r.key === null ? [] : [{ ...r, key: r.key }]));
}
