// Notification emails (docs/product/accounts.md#notification-emails): each member's choice per kind
// of notification, off, at once or in a daily digest; no row means the defaults.
import type { Kysely } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Creates `notification_email_settings`: one row per member who changed a choice (`user_id`, the
 * key, removed with the account), `reply`, `mention` and `article_comment` each `off`, `instant`
 * or `daily`, and `updated_at`. A member without a row gets the defaults (contracts
 * `NOTIFICATION_EMAIL_DEFAULTS`).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const ts = dialect === "sqlite" ? "text" : "timestamptz";
  await db.schema
    .createTable("notification_email_settings")
    .addColumn("user_id", "integer", (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("reply", "text", (c) => c.notNull())
    .addColumn("mention", "text", (c) => c.notNull())
    .addColumn("article_comment", "text", (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
}
