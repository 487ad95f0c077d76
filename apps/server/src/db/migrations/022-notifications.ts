// In-app notifications (docs/product/reader.md#notifications): a reply, a mention or a new comment
// on one's article, one row per recipient, read by the member's list, their unread count and, later,
// a mailer.
import type { Kysely } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Creates `notifications`: the recipient, the kind (`reply`, `mention`, `article_comment`), the
 * comment that caused it with its author (`actor_id`), the comment it answers (`parent_id`, a
 * reply's) and its article, `group_key` (the rows one line of the list shows: a reply's parent,
 * an article's new comments, one mention), `created_at`, `read_at` (null: unread), `hidden_at`
 * (set while the comment is hidden for readers) and `emailed_at` (null: not mailed, for a mailer).
 * Indexes: the member's list and unread count by (recipient, group, read), the hide and delete by
 * comment, and a mailer's scan of rows not yet mailed.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === "sqlite" ? "integer" : "serial";
  const ts = dialect === "sqlite" ? "text" : "timestamptz";
  await db.schema
    .createTable("notifications")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("recipient_id", "integer", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("comment_id", "integer", (c) =>
      c.notNull().references("comments.id").onDelete("cascade"),
    )
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("parent_id", "integer", (c) => c.references("comments.id").onDelete("cascade"))
    .addColumn("article_id", "integer", (c) =>
      c.notNull().references("articles.id").onDelete("cascade"),
    )
    .addColumn("group_key", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("read_at", ts)
    .addColumn("hidden_at", ts)
    .addColumn("emailed_at", ts)
    .execute();
  await db.schema
    .createIndex("notifications_recipient")
    .on("notifications")
    .columns(["recipient_id", "read_at", "group_key"])
    .execute();
  await db.schema
    .createIndex("notifications_comment")
    .on("notifications")
    .column("comment_id")
    .execute();
  await db.schema
    .createIndex("notifications_unmailed")
    .on("notifications")
    .columns(["emailed_at", "created_at"])
    .execute();
}
