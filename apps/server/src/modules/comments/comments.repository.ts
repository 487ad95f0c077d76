// Kysely queries for comments: a whole article's thread in one query, the comments of a page by
// id, a reader's marks on the thread, and the writes on one comment (a page's keyset and walks:
// comment-pages.repository.ts).
import type { Kysely, Selectable } from "kysely";
import { prepared } from "../../db/prepared.ts";
import type { CommentsTable, Database } from "../../db/schema.ts";
import type { RenderedMention } from "../../text/comment-markdown.ts";
import { applyVisibility, hiddenOnPath, lockArticleCount } from "./comment-count.repository.ts";
import { findMentionLinks, type MentionScope } from "./comment-mentions.ts";

type Q = Kysely<Database>;

/** One comment with its author's public fields and its likes, as the thread builder needs it. */
export interface CommentRow extends Omit<Selectable<CommentsTable>, "hidden_by"> {
  author_username: string | null;
  /** Set when the author deleted their account ("Deleted member"). */
  author_deleted_at: string | null;
  author_avatar_url: string | null;
  /** The members it mentions as its text links them (comment-mentions.ts `findMentionLinks`). */
  mentions: RenderedMention[];
}

/**
 * The comment columns with its like count (kept by migration 026's triggers) and the author
 * (users + media), so any number of comments costs one statement.
 */
function selectComments(db: Q) {
  return db
    .selectFrom("comments as c")
    .leftJoin("users as u", "u.id", "c.author_id")
    .leftJoin("media as m", "m.id", "u.profile_picture_id")
    .select([
      "c.id",
      "c.article_id",
      "c.parent_id",
      "c.author_id",
      "c.content",
      "c.created_at",
      "c.updated_at",
      "c.edited_at",
      "c.deleted_at",
      "c.hidden_at",
      "u.username as author_username",
      "u.deleted_at as author_deleted_at",
      "m.url as author_avatar_url",
      "c.like_count",
    ]);
}

/** A row as read, before its mentions are joined. */
type ReadRow = Omit<CommentRow, "mentions">;

/**
 * `rows` with the links of their mentions at `now` (ISO 8601), read in one statement of `scope`
 * when any of them holds an `@` (none can mention anyone otherwise).
 */
async function complete(
  db: Q,
  rows: readonly ReadRow[],
  scope: MentionScope,
  now: string,
): Promise<CommentRow[]> {
  const mentioning = rows.some((row) => row.content.includes("@"));
  const links = mentioning ? await findMentionLinks(db, scope, now) : new Map();
  return rows.map((row) => ({
    ...row,
    mentions: links.get(row.id) ?? [],
  }));
}

const publishedArticleIdQuery = prepared((db, v: { slug: string; now: string }) =>
  db
    .selectFrom("articles")
    .select("id")
    .where("slug", "=", v.slug)
    .where("status", "=", "published")
    .where("publish_date", "<=", v.now),
);

/** The id of the published article with this slug whose publish date has come, else null. */
export async function findPublishedArticleId(
  db: Q,
  slug: string,
  now: string,
): Promise<number | null> {
  const [row] = await publishedArticleIdQuery(db, { slug, now });
  return row?.id ?? null;
}

const byArticleQuery = prepared((db, v: { articleId: number }) =>
  selectComments(db).where("c.article_id", "=", v.articleId),
);

/**
 * Every comment of the article (hidden and deleted ones too: the service decides what readers
 * see), with author, like count and mentions' links at `now`, in two queries whatever the thread
 * size.
 */
export async function findByArticle(db: Q, articleId: number, now: string): Promise<CommentRow[]> {
  const rows = (await byArticleQuery(db, { articleId })) as ReadRow[];
  return complete(db, rows, { articleId }, now);
}

/** The comments `ids` with author, like count and mentions' links at `now`, in no order. */
export async function findByIds(db: Q, ids: number[], now: string): Promise<CommentRow[]> {
  if (ids.length === 0) return [];
  const rows = (await selectComments(db).where("c.id", "in", ids).execute()) as ReadRow[];
  return complete(db, rows, { commentIds: ids }, now);
}

/** One comment with author, like count and mentions' links at `now`, or null. */
export async function findById(db: Q, id: number, now: string): Promise<CommentRow | null> {
  const [row] = await findByIds(db, [id], now);
  return row ?? null;
}

/** Where one comment sits and what a reader did with it (`findReaderMarks`). */
export interface ReaderMarkRow {
  id: number;
  parent_id: number | null;
  author_id: number | null;
  hidden_at: string | null;
  deleted_at: string | null;
  /** The reader's id when they like it, else null. */
  liker: number | null;
}

/**
 * Every comment of the article with its place in the tree (parent, hidden, deleted), its author
 * and whether `userId` likes it (a left join on the (comment_id, user_id) primary key): what
 * comment-thread.ts `readerMarks` needs to name the reader's own and liked comments as the
 * thread shows them. One statement, no text and no authors' profiles, in id order.
 */
export async function findReaderMarks(
  db: Q,
  articleId: number,
  userId: number,
): Promise<ReaderMarkRow[]> {
  return readerMarksQuery(db, { articleId, userId });
}

const readerMarksQuery = prepared((db, v: { articleId: number; userId: number }) =>
  db
    .selectFrom("comments as c")
    .leftJoin("comment_likes as l", (join) =>
      join.onRef("l.comment_id", "=", "c.id").on("l.user_id", "=", v.userId),
    )
    .select([
      "c.id",
      "c.parent_id",
      "c.author_id",
      "c.hidden_at",
      "c.deleted_at",
      "l.user_id as liker",
    ])
    .where("c.article_id", "=", v.articleId)
    .orderBy("c.id"),
);

/** What the rules need to act on one comment. */
export interface CommentState {
  id: number;
  article_id: number;
  author_id: number | null;
  deleted: boolean;
  /** This comment or one of its ancestors is hidden: readers do not see it. */
  hiddenForReaders: boolean;
  /** Its article is published and its publish date has come. */
  articlePublished: boolean;
}

/**
 * The comment's state, walking up its ancestors (recursive CTE) to learn whether an editor hid
 * it or a comment above it; null for an unknown id.
 */
export async function findState(db: Q, id: number, now: string): Promise<CommentState | null> {
  const own = await db
    .selectFrom("comments as c")
    .innerJoin("articles as a", "a.id", "c.article_id")
    .select([
      "c.id",
      "c.article_id",
      "c.author_id",
      "c.deleted_at",
      "a.status",
      "a.publish_date",
      hiddenOnPath(id).as("hidden_count"),
    ])
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!own) return null;
  return {
    id: own.id,
    article_id: own.article_id,
    author_id: own.author_id,
    deleted: own.deleted_at !== null,
    hiddenForReaders: Number(own.hidden_count) > 0,
    articlePublished: own.status === "published" && own.publish_date <= now,
  };
}

/**
 * Stores a comment or reply as written, adds it to its article's kept count (when nothing above
 * it is hidden) and returns its id.
 */
export async function insert(
  db: Q,
  values: {
    articleId: number;
    parentId: number | null;
    authorId: number;
    content: string;
    now: string;
  },
): Promise<number> {
  await lockArticleCount(db, { articleId: values.articleId });
  const row = await db
    .insertInto("comments")
    .values({
      article_id: values.articleId,
      parent_id: values.parentId,
      author_id: values.authorId,
      content: values.content,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await applyVisibility(db, { id: row.id, above: "parent", sign: 1, branch: false });
  return row.id;
}

/** Replaces the text of a comment that is not deleted and marks it edited. @returns false if none. */
export async function updateContent(
  db: Q,
  id: number,
  content: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("comments")
    .set({ content, edited_at: now, updated_at: now })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Soft-deletes: the text is erased, the row stays so its replies keep their place (and count);
 * takes it from its article's kept count when readers saw it. @returns false when the comment is
 * unknown or already deleted.
 */
export async function softDelete(db: Q, id: number, now: string): Promise<boolean> {
  await lockArticleCount(db, { commentId: id });
  const result = await db
    .updateTable("comments")
    .set({ content: "", deleted_at: now, updated_at: now })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await applyVisibility(db, { id, above: "self", sign: -1, branch: false });
  return true;
}

/**
 * Hides (with who and when) or unhides a comment for readers; a hide that shows or hides its
 * branch (nothing above it hidden) takes the branch's visible comments from its article's kept
 * count or adds them back.
 */
export async function setHidden(
  db: Q,
  id: number,
  hidden: { by: number; now: string } | null,
): Promise<void> {
  await lockArticleCount(db, { commentId: id });
  const was = await db
    .selectFrom("comments")
    .select("hidden_at")
    .where("id", "=", id)
    .executeTakeFirst();
  const changes = was !== undefined && (was.hidden_at === null) === (hidden !== null);
  if (changes && hidden) await applyVisibility(db, { id, above: "parent", sign: -1, branch: true });
  await db
    .updateTable("comments")
    .set(
      hidden
        ? { hidden_at: hidden.now, hidden_by: hidden.by }
        : { hidden_at: null, hidden_by: null },
    )
    .where("id", "=", id)
    .execute();
  if (changes && !hidden) await applyVisibility(db, { id, above: "parent", sign: 1, branch: true });
}

/** Records a report once per (comment, member); a repeat is a no-op on the primary key. */
export async function insertReport(
  db: Q,
  report: { commentId: number; userId: number; reason: string; note: string | null; now: string },
): Promise<void> {
  await db
    .insertInto("comment_reports")
    .values({
      comment_id: report.commentId,
      user_id: report.userId,
      reason: report.reason,
      note: report.note,
      created_at: report.now,
    })
    .onConflict((oc) => oc.columns(["comment_id", "user_id"]).doNothing())
    .execute();
}

/**
 * Flips the member's like without reading first: insert, and when the primary key says it exists,
 * delete (as modules/reactions). @returns true when the like now exists.
 */
export async function toggleLike(
  db: Q,
  commentId: number,
  userId: number,
  now: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto("comment_likes")
    .values({ comment_id: commentId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(["comment_id", "user_id"]).doNothing())
    .returning("comment_id")
    .executeTakeFirst();
  if (inserted) return true;
  await db
    .deleteFrom("comment_likes")
    .where("comment_id", "=", commentId)
    .where("user_id", "=", userId)
    .execute();
  return false;
}

/** How many members like the comment (its kept count), or 0 when it is gone. */
export async function findLikeCount(db: Q, commentId: number): Promise<number> {
  const row = await db
    .selectFrom("comments")
    .select("like_count")
    .where("id", "=", commentId)
    .executeTakeFirst();
  return row?.like_count ?? 0;
}
