// One-time codes that prove an address (sign-up verification, email change) name it
// (docs/product/accounts.md#account-security).
import type { Kysely } from "kysely";

/**
 * Adds `one_time_codes.email`: the address a code was mailed to, for the codes that prove one
 * ("email-verification", "email-change"). A verification link then verifies only the address it
 * went to (not one the member switched to since), and an email change's new address waits on its
 * code, not on the member's row, until the link is followed (OWASP ASVS 6.3 / Authentication
 * Cheat Sheet: "changing the email requires verifying the new address"). Null for other codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("one_time_codes").addColumn("email", "text").execute();
}
