// The members each comment mentions (docs/product/reader.md#mentions): what the thread, the
// preview, moderation and notification mails link, and what the composer's suggestions read.
import { type Kysely, sql } from "kysely";

/**
 * Creates `comment_mentions` (comment_id, user_id), one row per member a comment mentions,
 * written with the comment and replaced by an edit; both sides cascade when a row is removed.
 * Its primary key answers "whom do these comments mention"; `comment_mentions_user` the cascade
 * from a member. Comments posted before are filled from their mention notifications (who was
 * notified is who the comment mentioned when posted). Adds `comments_article_author` on (article_id, author_id, id) for comments not
 * deleted: the members taking part in an article's discussion (the composer's suggestions, the
 * mention candidates) and each one's newest comment there (where a mention of a member without an
 * author page leads) are ranges of it, not a walk of the thread.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("comment_mentions")
    .addColumn("comment_id", "integer", (c) =>
      c.notNull().references("comments.id").onDelete("cascade"),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("comment_mentions_pk", ["comment_id", "user_id"])
    .execute();
  await sql`insert into comment_mentions (comment_id, user_id)
    select distinct comment_id, recipient_id from notifications where kind = 'mention'`.execute(db);
  await db.schema
    .createIndex("comment_mentions_user")
    .on("comment_mentions")
    .column("user_id")
    .execute();
  await db.schema
    .createIndex("comments_article_author")
    .on("comments")
    .columns(["article_id", "author_id", "id"])
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
}
