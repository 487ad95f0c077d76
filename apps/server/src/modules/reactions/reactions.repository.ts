// Kysely queries for likes and bookmarks: race-free toggles on the (article, member) primary key,
// and a member's own like and bookmark on an article.
import type { ExpressionBuilder, Kysely } from "kysely";
import { prepared } from "../../db/prepared.ts";
import type { ArticlesTable, Database } from "../../db/schema.ts";

type Q = Kysely<Database>;

/** The two reaction tables; both are keyed by (article_id, user_id). */
export type ReactionTable = "article_likes" | "article_bookmarks";

/** True when the article exists, is published and its publish date has come (ISO `now`). */
export async function isPublished(db: Q, articleId: number, now: string): Promise<boolean> {
  const row = await db
    .selectFrom("articles")
    .select("id")
    .where("id", "=", articleId)
    .where("status", "=", "published")
    .where("publish_date", "<=", now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Flips the member's reaction on an article without reading first: insert, and when the primary
 * key says it already exists, delete. Each statement is atomic, so double clicks and concurrent
 * requests never raise a duplicate-key error nor leave a duplicate row.
 * @returns true when the reaction now exists (this call inserted it), false when it was removed.
 */
export async function toggle(
  db: Q,
  table: ReactionTable,
  articleId: number,
  userId: number,
  now: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto(table)
    .values({ article_id: articleId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(["article_id", "user_id"]).doNothing())
    .returning("article_id")
    .executeTakeFirst();
  if (inserted) return true;
  await db
    .deleteFrom(table)
    .where("article_id", "=", articleId)
    .where("user_id", "=", userId)
    .execute();
  return false;
}

/** How many members reacted to the article. */
export async function countFor(db: Q, table: ReactionTable, articleId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("article_id", "=", articleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids of the members who reacted to the article, earliest first. */
export async function userIdsFor(
  db: Q,
  table: ReactionTable,
  articleId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom(table)
    .select("user_id")
    .where("article_id", "=", articleId)
    .orderBy("created_at")
    .orderBy("user_id")
    .execute();
  return rows.map((r) => r.user_id);
}

/** True when this member reacted to the article. */
export async function hasReacted(
  db: Q,
  table: ReactionTable,
  articleId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select("user_id")
    .where("article_id", "=", articleId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The published article of a slug, whether the member likes and bookmarked it, and its like and
 * bookmark counts.
 */
export interface ReaderMarksRow {
  id: number;
  /** SQLite answers these flags as 1/0, PostgreSQL as true/false. */
  liked: unknown;
  bookmarked: unknown;
  /** SQLite answers counts as numbers, PostgreSQL as strings (bigint); a count is never null. */
  like_count: number | string | null;
  bookmark_count: number | string | null;
}

/**
 * The published article with this slug whose publish date has come (ISO `now`), with the member's
 * like and bookmark on it (EXISTS on each (article_id, user_id) primary key) and its like and
 * bookmark counts (a range of each primary key), in one statement; undefined for an unknown,
 * draft or future-dated slug.
 */
export async function findReaderMarks(
  db: Q,
  slug: string,
  userId: number,
  now: string,
): Promise<ReaderMarksRow | undefined> {
  const [row] = await readerMarksQuery(db, { slug, userId, now });
  return row;
}

const readerMarksQuery = prepared((db, v: { slug: string; userId: number; now: string }) => {
  const reacted = (
    eb: ExpressionBuilder<Database & { a: ArticlesTable }, "a">,
    table: ReactionTable,
  ) =>
    eb.exists(
      eb
        .selectFrom(table)
        .select("user_id")
        .whereRef("article_id", "=", "a.id")
        .where("user_id", "=", v.userId),
    );
  const counted = (
    eb: ExpressionBuilder<Database & { a: ArticlesTable }, "a">,
    table: ReactionTable,
  ) =>
    eb
      .selectFrom(table)
      .select((c) => c.fn.countAll<number | string>().as("n"))
      .whereRef("article_id", "=", "a.id");
  return db
    .selectFrom("articles as a")
    .select((eb) => [
      "a.id",
      reacted(eb, "article_likes").as("liked"),
      reacted(eb, "article_bookmarks").as("bookmarked"),
      counted(eb, "article_likes").as("like_count"),
      counted(eb, "article_bookmarks").as("bookmark_count"),
    ])
    .where("a.slug", "=", v.slug)
    .where("a.status", "=", "published")
    .where("a.publish_date", "<=", v.now);
});

/** A bookmarked published article with when it was bookmarked (ISO 8601). */
export interface BookmarkRow {
  id: number;
  title: string;
  sub_title: string;
  slug: string;
  publish_date: string;
  bookmarked_at: string;
}

/** The published articles the member bookmarked, newest bookmark first, at most `limit`. */
export async function findBookmarkedArticles(
  db: Q,
  userId: number,
  now: string,
  limit: number,
): Promise<BookmarkRow[]> {
  return db
    .selectFrom("article_bookmarks as b")
    .innerJoin("articles as a", "a.id", "b.article_id")
    .select([
      "a.id",
      "a.title",
      "a.sub_title",
      "a.slug",
      "a.publish_date",
      "b.created_at as bookmarked_at",
    ])
    .where("b.user_id", "=", userId)
    .where("a.status", "=", "published")
    .where("a.publish_date", "<=", now)
    .orderBy("b.created_at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
}
