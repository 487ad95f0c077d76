// Editorial studio (docs/product/data.md#entity-revision): article revisions, the audit log and
// bans from commenting.
import type { Kysely } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Creates `article_revisions` (one row per save of an article's text: title, subtitle, content,
 * who saved it and when; gone with the article), `audit_log` (who did what to which target, with
 * details as JSON text; the actor becomes null only if a users row is ever removed) and
 * `comment_bans` (at most one per member, with the reason and the moderator). Adds an index on
 * `articles.author_id` for the studio's "my articles" lists.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === "sqlite" ? "integer" : "serial";
  const ts = dialect === "sqlite" ? "text" : "timestamptz";

  await db.schema.createIndex("articles_author").on("articles").column("author_id").execute();

  await db.schema
    .createTable("article_revisions")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("article_id", "integer", (c) =>
      c.notNull().references("articles.id").onDelete("cascade"),
    )
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("sub_title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("saved_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("saved_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("article_revisions_article")
    .on("article_revisions")
    .columns(["article_id", "id"])
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text", (c) => c.notNull())
    .addColumn("target_id", "integer")
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();

  await db.schema
    .createTable("comment_bans")
    .addColumn("user_id", "integer", (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("banned_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
}
