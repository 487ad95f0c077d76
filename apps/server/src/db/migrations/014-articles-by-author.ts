// An index that answers "how many published articles has this author" from the index alone: an
// author page's count (modules/articles/collections.repository.ts `findAuthorInUse`).
import type { Kysely } from "kysely";

/**
 * Replaces `articles_author` (author_id) with `articles_author_published` on (author_id, status,
 * publish_date): the studio's "my articles" lists use its first column as they used the old
 * index, and an author's published, past-dated articles are a range of it, counted without
 * reading an article row (SQLite otherwise walks every published article for one author's count).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("articles_author_published")
    .on("articles")
    .columns(["author_id", "status", "publish_date"])
    .execute();
  await db.schema.dropIndex("articles_author").execute();
}
