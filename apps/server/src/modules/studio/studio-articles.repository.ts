// Kysely queries for the studio's articles: one article in any status with its
// terms, writes, revisions, the next scheduled publish date and the 30-day stats.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { ArticleWrite as ImportedArticleWrite } from "../importer/importer.repository.ts";

type Q = Kysely<Database>;

/**
 * An article in any status with its author, thumbnail and social image (null fields when missing);
 * dates are ISO 8601 text; `content` only when the query reads it (one article, not lists).
 */
export interface StudioArticleRow {
  id: number;
  slug: string;
  title: string;
  sub_title: string;
  status: string;
  publish_date: string;
  reading_time_minutes: number;
  excerpt: string;
  thumbnail_id: number | null;
  thumbnail_url: string | null;
  thumbnail_width: number | null;
  thumbnail_height: number | null;
  author_id: number | null;
  author_username: string | null;
  created_at: string;
  updated_at: string;
  meta_title: string | null;
  meta_description: string | null;
  canonical_url: string | null;
  social_image_id: number | null;
  social_image_url: string | null;
  social_image_width: number | null;
  social_image_height: number | null;
  content?: string;
}

/** Articles with their author, thumbnail and social image (each may be missing). */
export function base(db: Q) {
  return db
    .selectFrom("articles as a")
    .leftJoin("users as u", "u.id", "a.author_id")
    .leftJoin("media as m", "m.id", "a.thumbnail_id")
    .leftJoin("media as s", "s.id", "a.social_image_id");
}

/** The select list of `StudioArticleRow` but `content`, over `base`. */
export const columns = [
  "a.id",
  "a.slug",
  "a.title",
  "a.sub_title",
  "a.status",
  "a.publish_date",
  "a.reading_time_minutes",
  "a.excerpt",
  "a.thumbnail_id",
  "m.url as thumbnail_url",
  "m.width as thumbnail_width",
  "m.height as thumbnail_height",
  "a.author_id",
  "u.username as author_username",
  "a.created_at",
  "a.updated_at",
  "a.meta_title",
  "a.meta_description",
  "a.canonical_url",
  "a.social_image_id",
  "s.url as social_image_url",
  "s.width as social_image_width",
  "s.height as social_image_height",
] as const;

/** One article in any status, with its content, or null. */
export async function findArticle(db: Q, id: number): Promise<StudioArticleRow | null> {
  const row = await base(db)
    .select(columns)
    .select("a.content")
    .where("a.id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** A term in use: its kind, name, slug and the number of articles it files. */
export interface TermInUse {
  kind: "category" | "tag" | "ecosystem";
  name: string;
  slug: string;
  articleCount: number;
}

/**
 * The categories, tags and ecosystems filing at least one article, most used first, then by
 * name. With `visibleTo` (an author's id), only the articles that author may read count: the live
 * ones (published, publish date at or before `now`, ISO 8601) and their own, so a term of
 * another's draft or scheduled article stays unseen.
 */
export async function listTermsInUse(
  db: Q,
  visibleTo: number | null,
  now: string,
): Promise<TermInUse[]> {
  let qb = db
    .selectFrom("terms as t")
    .innerJoin("article_terms as at", "at.term_id", "t.id")
    .innerJoin("articles as a", "a.id", "at.article_id")
    .where("t.kind", "in", ["category", "tag", "ecosystem"] as const);
  if (visibleTo !== null) {
    qb = qb.where((eb) =>
      eb.or([
        eb.and([eb("a.status", "=", "published"), eb("a.publish_date", "<=", now)]),
        eb("a.author_id", "=", visibleTo),
      ]),
    );
  }
  const rows = await qb
    .select((eb) => ["t.kind", "t.name", "t.slug", eb.fn.count<number>("a.id").as("n")])
    .groupBy(["t.id", "t.kind", "t.name", "t.slug"])
    .orderBy("n", "desc")
    .orderBy("t.name")
    .execute();
  return rows.map((r) => ({
    kind: r.kind as TermInUse["kind"],
    name: r.name,
    slug: r.slug,
    articleCount: Number(r.n),
  }));
}

/** The terms of the given articles in their stored order: the library's query, any status. */
export { findTerms, type TermRow } from "../articles/articles.repository.ts";

/** Which of `slugs` are used by an article other than `exceptId`. */
export async function findTakenSlugs(
  db: Q,
  slugs: string[],
  exceptId: number | null,
): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  let qb = db.selectFrom("articles").select("slug").where("slug", "in", slugs);
  if (exceptId !== null) qb = qb.where("id", "<>", exceptId);
  return new Set((await qb.execute()).map((r) => r.slug));
}

/** An image in the media table by id (any owner), or null. */
export async function findImage(db: Q, id: number): Promise<{ id: number } | null> {
  const row = await db
    .selectFrom("media")
    .select("id")
    .where("id", "=", id)
    .where("mime", "like", "image/%")
    .executeTakeFirst();
  return row ?? null;
}

/** An article's search and social columns (docs/product/studio.md#studio-seo), null when unset. */
export type SeoColumns = Pick<
  StudioArticleRow,
  "meta_title" | "meta_description" | "canonical_url"
>;

/** An article's images: the thumbnail's and the social image's media ids, null for none. */
export type ImageColumns = Pick<StudioArticleRow, "thumbnail_id" | "social_image_id">;

/**
 * What the studio writes: the importer's columns less author and source credit, plus status, the
 * search and social columns and the social image.
 */
export type ArticleWrite = Omit<
  ImportedArticleWrite,
  "author_id" | "source_name" | "source_url" | "source_licence"
> & { status: string } & SeoColumns &
  ImageColumns;

/** Inserts an article written in the studio (Markdown body, no source). @returns its id. */
export async function insertArticle(
  db: Q,
  a: ArticleWrite & { author_id: number },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto("articles")
    .values({
      ...a,
      body: 1,
      source_name: null,
      source_url: null,
      source_licence: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes `changes` and the new `updated_at` when the article is still at version `seen` (its
 * `updated_at` as read): two saves racing from the same version cannot both win.
 * @returns false when the article changed (or went) in between.
 */
export async function updateArticle(
  db: Q,
  id: number,
  changes: Partial<ArticleWrite>,
  version: { seen: string; next: string },
): Promise<boolean> {
  const result = await db
    .updateTable("articles")
    .set({ ...changes, updated_at: version.next })
    .where("id", "=", id)
    .where("updated_at", "=", version.seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes an article; its terms links, revisions, comments and reactions go with it (cascade). */
export async function deleteArticle(db: Q, id: number): Promise<boolean> {
  const result = await db.deleteFrom("articles").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Keeps a version of an article's text. */
export async function insertRevision(
  db: Q,
  r: { articleId: number; title: string; subTitle: string; content: string; savedBy: number },
  now: string,
): Promise<void> {
  await db
    .insertInto("article_revisions")
    .values({
      article_id: r.articleId,
      title: r.title,
      sub_title: r.subTitle,
      content: r.content,
      saved_by: r.savedBy,
      saved_at: now,
    })
    .execute();
}

/** A saved version of an article's text, by whom (null when the account is gone) and when. */
export interface RevisionRow {
  id: number;
  title: string;
  sub_title: string;
  saved_by: number | null;
  saved_by_username: string | null;
  saved_at: string;
  content?: string;
}

const revisionColumns = [
  "r.id",
  "r.title",
  "r.sub_title",
  "r.saved_by",
  "u.username as saved_by_username",
  "r.saved_at",
] as const;

/** An article's revisions, newest first, without their content. */
export async function listRevisions(db: Q, articleId: number): Promise<RevisionRow[]> {
  return db
    .selectFrom("article_revisions as r")
    .leftJoin("users as u", "u.id", "r.saved_by")
    .select(revisionColumns)
    .where("r.article_id", "=", articleId)
    .orderBy("r.id", "desc")
    .execute();
}

/** One revision of the article with its content, or null (unknown, or another article's). */
export async function findRevision(
  db: Q,
  articleId: number,
  revisionId: number,
): Promise<RevisionRow | null> {
  const row = await db
    .selectFrom("article_revisions as r")
    .leftJoin("users as u", "u.id", "r.saved_by")
    .select(revisionColumns)
    .select("r.content")
    .where("r.article_id", "=", articleId)
    .where("r.id", "=", revisionId)
    .executeTakeFirst();
  return row ?? null;
}

/** The earliest publish date after `now` of a published article (a scheduled one), or null. */
export async function findNextScheduled(db: Q, now: string): Promise<string | null> {
  const row = await db
    .selectFrom("articles")
    .select((eb) => eb.fn.min("publish_date").as("next"))
    .where("status", "=", "published")
    .where("publish_date", ">", now)
    .executeTakeFirst();
  return (row?.next as string | null | undefined) ?? null;
}

/** Likes, bookmarks and (not deleted) comments of an article created at or after `since`. */
export async function countRecentReactions(
  db: Q,
  articleId: number,
  since: string,
): Promise<{ likes: number; bookmarks: number; comments: number }> {
  const count = (table: "article_likes" | "article_bookmarks") =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("article_id", "=", articleId)
      .where("created_at", ">=", since)
      .executeTakeFirstOrThrow();
  const [likes, bookmarks, comments] = await Promise.all([
    count("article_likes"),
    count("article_bookmarks"),
    db
      .selectFrom("comments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("article_id", "=", articleId)
      .where("created_at", ">=", since)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return { likes: Number(likes.n), bookmarks: Number(bookmarks.n), comments: Number(comments.n) };
}
