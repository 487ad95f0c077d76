// Comments under articles: threads of replies, likes, reports, and editors' hiding
// (docs/product/data.md#entity-comment).
import type { Kysely } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Creates `comments` (a reply names its parent; soft-deleted with `deleted_at`, hidden by an
 * editor with `hidden_at`/`hidden_by`; the author becomes null only if a users row is ever removed,
 * account deletion keeps the row as "Deleted member"), `comment_likes` and `comment_reports`, both
 * keyed by (comment, member) so a like or a report exists at most once
 * (docs/product/api.md#api-comments).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === "sqlite" ? "integer" : "serial";
  const ts = dialect === "sqlite" ? "text" : "timestamptz";

  await db.schema
    .createTable("comments")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("article_id", "integer", (c) =>
      c.notNull().references("articles.id").onDelete("cascade"),
    )
    .addColumn("parent_id", "integer", (c) => c.references("comments.id").onDelete("cascade"))
    .addColumn("author_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .addColumn("edited_at", ts)
    .addColumn("deleted_at", ts)
    .addColumn("hidden_at", ts)
    .addColumn("hidden_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("comments_article").on("comments").column("article_id").execute();
  await db.schema.createIndex("comments_parent").on("comments").column("parent_id").execute();

  await db.schema
    .createTable("comment_likes")
    .addColumn("comment_id", "integer", (c) =>
      c.notNull().references("comments.id").onDelete("cascade"),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addPrimaryKeyConstraint("comment_likes_pk", ["comment_id", "user_id"])
    .execute();
  await db.schema.createIndex("comment_likes_user").on("comment_likes").column("user_id").execute();

  await db.schema
    .createTable("comment_reports")
    .addColumn("comment_id", "integer", (c) =>
      c.notNull().references("comments.id").onDelete("cascade"),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addPrimaryKeyConstraint("comment_reports_pk", ["comment_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("comment_reports_user")
    .on("comment_reports")
    .column("user_id")
    .execute();
}
