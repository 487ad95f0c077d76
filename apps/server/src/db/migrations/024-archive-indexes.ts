// Indexes that keep reader and studio reads from growing with the archive (docs/scale.md): the
// published articles' order, dates and authors without their rows, and the members list newest first.
import { type Kysely, sql } from "kysely";

/**
 * Replaces `articles_status_publish_date` (status, publish_date) with `articles_published_covering`
 * on (status, publish_date, id, author_id, updated_at): the reader's order (newest first, ties by
 * id) is the index's own, so a page's ids and a keyset pass over the library are index ranges
 * (index-only on PostgreSQL too); the sitemaps' newest dates per file, category and author and the
 * authors of published articles are read from the index alone (SQLite otherwise reads each 3 KB
 * row for `updated_at` or `author_id`). Adds `users_live_newest` on (created_at, id) of live
 * members, the studio's members list order, so a page of the newest is a range rather than a sort
 * of every member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("articles_published_covering")
    .on("articles")
    .columns(["status", "publish_date", "id", "author_id", "updated_at"])
    .execute();
  await db.schema.dropIndex("articles_status_publish_date").execute();
  await db.schema
    .createIndex("users_live_newest")
    .on("users")
    .columns(["created_at", "id"])
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
}
