// Reads for what is derived from published articles and kept in memory (the coins each names,
// coin-mentions.ts): which versions are published, without their text, and the text of a few.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

type Q = Kysely<Database>;

/** A published article's version: what tells whether something read from it is still current. */
export interface ArticleVersionRow {
  id: number;
  /** ISO 8601: the last write of the article. */
  updated_at: string;
  /** ISO 8601. */
  publish_date: string;
}

/** An article's words as derived readings need them. */
export interface ArticleTextRow {
  id: number;
  title: string;
  sub_title: string;
  content: string;
  body: number;
  updated_at: string;
  publish_date: string;
}

/** Every article readers can open at `now` (published, not future-dated): ids and dates only. */
export function findPublishedVersions(db: Q, now: string): Promise<ArticleVersionRow[]> {
  return db
    .selectFrom("articles")
    .select(["id", "updated_at", "publish_date"])
    .where("status", "=", "published")
    .where("publish_date", "<=", now)
    .execute();
}

/** The words of the articles among `ids` that readers can open at `now`. */
export function findPublishedTexts(db: Q, ids: number[], now: string): Promise<ArticleTextRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("articles")
    .select(["id", "title", "sub_title", "content", "body", "updated_at", "publish_date"])
    .where("id", "in", ids)
    .where("status", "=", "published")
    .where("publish_date", "<=", now)
    .execute();
}

/** An article's words with its address, for a reading of the whole library. */
export interface ArticleWordsRow extends ArticleTextRow {
  slug: string;
}

/**
 * Up to `limit` articles readers can open at `now`, newest first (publish date, then id), after
 * `after` (the last article of the previous page; null for the first): one keyset page of a pass
 * over the library (a range of `articles_published_covering`, never an OFFSET, so each page costs
 * the same however deep the pass).
 */
export function findPublishedWordsBefore(
  db: Q,
  now: string,
  after: { publishDate: string; id: number } | null,
  limit: number,
): Promise<ArticleWordsRow[]> {
  let qb = db
    .selectFrom("articles")
    .select(["id", "slug", "title", "sub_title", "content", "body", "updated_at", "publish_date"])
    .where("status", "=", "published")
    .where("publish_date", "<=", now);
  if (after) {
    qb = qb.where((eb) =>
      eb(eb.refTuple("publish_date", "id"), "<", eb.tuple(after.publishDate, after.id)),
    );
  }
  return qb.orderBy("publish_date", "desc").orderBy("id", "desc").limit(limit).execute();
}

/**
 * The published library's state for the library memo (library-memo.ts): its version
 * (`library_version`, raised by the database after every write that publishes, unpublishes, edits
 * or removes a published article, migration 032) and the newest publish date readers can open at
 * `now` (a scheduled article going out raises it, as no write does). Two index seeks, whatever the
 * archive's size (docs/scale.md#library-memo).
 */
export async function findLibraryState(
  db: Q,
  now: string,
): Promise<{ version: number; newest: string }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("library_version").select("version").where("id", "=", 1).as("version"),
      eb
        .selectFrom("articles")
        .select("publish_date")
        .where("status", "=", "published")
        .where("publish_date", "<=", now)
        .orderBy("publish_date", "desc")
        .limit(1)
        .as("newest"),
    ])
    .executeTakeFirst();
  return { version: Number(row?.version ?? 0), newest: row?.newest ?? "" };
}
