// Max's conversations: one thread per member or anonymous visitor, and its messages
// (docs/product/data.md#entity-assistant-message).
import type { Kysely } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Creates `assistant_threads` (a member's thread is found by `user_id`, a visitor's by the id in
 * their signed cookie; both unique) and `assistant_messages`
 * (docs/product/data.md#entity-assistant-message: isUser and content, plus the UI parts of an
 * answer — tool outputs for the stats card and the chart — as JSON). Deleting a thread or a users
 * row deletes its messages.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === "sqlite" ? "integer" : "serial";
  const ts = dialect === "sqlite" ? "text" : "timestamptz";

  await db.schema
    .createTable("assistant_threads")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.unique().references("users.id").onDelete("cascade"))
    .addColumn("visitor_id", "text", (c) => c.unique())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("assistant_messages")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("thread_id", "integer", (c) =>
      c.notNull().references("assistant_threads.id").onDelete("cascade"),
    )
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("is_user", "integer", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("parts", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("assistant_messages_thread")
    .on("assistant_messages")
    .columns(["thread_id", "id"])
    .execute();
  await db.schema
    .createIndex("assistant_messages_user")
    .on("assistant_messages")
    .column("user_id")
    .execute();
}
