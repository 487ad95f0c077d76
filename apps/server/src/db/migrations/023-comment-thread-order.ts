// Indexes that give a page of a comment thread without reading the thread: top-level comments
// and the replies of one comment, each in posting order (docs/product/api.md#api-comments).
import type { Kysely } from "kysely";

/**
 * Adds `comments_thread_order` on (article_id, parent_id, created_at, id): an article's top-level
 * comments (parent_id null) newest or oldest first from any cursor, a range of the index; and
 * replaces `comments_parent` (parent_id) with `comments_replies_order` on (parent_id,
 * created_at, id): a comment's replies oldest first from any cursor, and every use of the old
 * index (its first column).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("comments_thread_order")
    .on("comments")
    .columns(["article_id", "parent_id", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("comments_replies_order")
    .on("comments")
    .columns(["parent_id", "created_at", "id"])
    .execute();
  await db.schema.dropIndex("comments_parent").execute();
}
