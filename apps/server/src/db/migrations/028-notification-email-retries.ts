// Notification emails the SMTP server refused for now are tried again later, a few times, as the
// newsletter's deliveries are (docs/product/accounts.md#notification-emails, decision 030).
import type { Kysely } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Adds to `notifications` `email_attempts` (how many times its mail was refused for now, a 4xx or
 * no answer; 0 for rows that never were) and `email_retry_at` (not mailed again before then; null:
 * whenever due). Existing rows get 0 and null.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const ts = dialect === "sqlite" ? "text" : "timestamptz";
  await db.schema
    .alterTable("notifications")
    .addColumn("email_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("notifications").addColumn("email_retry_at", ts).execute();
}
