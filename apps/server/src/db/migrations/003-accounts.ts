// Accounts: one-time codes (password reset, Google sign-in hand-off), hashed at rest.
import type { Kysely } from "kysely";
import type { Dialect } from "../client.ts";

/** Creates `one_time_codes`: sha256 of the code, purpose, user, expiry, single use. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === "sqlite" ? "integer" : "serial";
  const ts = dialect === "sqlite" ? "text" : "timestamptz";
  await db.schema
    .createTable("one_time_codes")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("code_hash", "text", (c) => c.notNull().unique())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", ts, (c) => c.notNull())
    .addColumn("used_at", ts)
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("one_time_codes_user")
    .on("one_time_codes")
    .column("user_id")
    .execute();
}
