// Newsletter subscribers with double opt-in and a mailed unsubscribe link
// (docs/product/data.md#entity-subscriber).
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Creates `newsletter_subscribers`: one row per (lower-case) email; `status` moves
 * pending → confirmed → unsubscribed (and back to pending on a new subscription). Tokens are
 * stored only as sha256 hashes of 256 random bits.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === "sqlite" ? "integer" : "serial";
  const ts = dialect === "sqlite" ? "text" : "timestamptz";
  await db.schema
    .createTable("newsletter_subscribers")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`),
    )
    .addColumn("confirm_token_hash", "text")
    .addColumn("unsubscribe_token_hash", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("confirmed_at", ts)
    .addColumn("unsubscribed_at", ts)
    .execute();
  await db.schema
    .createIndex("newsletter_subscribers_confirm")
    .on("newsletter_subscribers")
    .column("confirm_token_hash")
    .execute();
  await db.schema
    .createIndex("newsletter_subscribers_unsubscribe")
    .on("newsletter_subscribers")
    .column("unsubscribe_token_hash")
    .execute();
}
