// Members' own data: account deletion keeps an anonymised row (deleted_at), uploads know their owner.
import type { Kysely } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Adds `users.deleted_at` (set when a member deletes their account: the row stays, anonymised, so
 * their comments keep a "Deleted member" author) and `media.owner_id` (the member who uploaded
 * it; null for imported media), so a member can only use their own uploads as a profile picture
 * (Ghost CVE-2024-43409 class: never act on another member's object).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const ts = dialect === "sqlite" ? "text" : "timestamptz";
  await db.schema.alterTable("users").addColumn("deleted_at", ts).execute();
  await db.schema
    .alterTable("media")
    .addColumn("owner_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("media_owner").on("media").column("owner_id").execute();
}
