// Remembers when a member proved they own their email (Google's verified email or a reset link).
import type { Kysely } from "kysely";
import type { Dialect } from "../client.ts";

/**
 * Adds `users.email_verified_at`. Google sign-in links to an existing account by email; an
 * account whose email was never proven may have been pre-registered by someone else, so linking
 * it drops that password and its sessions (account pre-hijacking, OWASP ASVS 6.3 / "pre-hijack"
 * attacks, Sudhodanan & Paverd 2022).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const ts = dialect === "sqlite" ? "text" : "timestamptz";
  await db.schema.alterTable("users").addColumn("email_verified_at", ts).execute();
}
