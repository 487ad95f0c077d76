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
