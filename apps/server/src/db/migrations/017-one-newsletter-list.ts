// One newsletter list (docs/decisions/007-newsletter-delivery.md#one-list): members' account
// opt-ins join `newsletter_subscribers`.
import { createHash, randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../client.ts";

/** A fresh unsubscribe token's stored hash (the token itself is never mailed: see `up`). */
const unusedTokenHash = () =>
  createHash("sha256").update(randomBytes(32).toString("base64url"), "utf8").digest("base64url");

/**
 * Makes `newsletter_subscribers` the one list (docs/decisions/007-newsletter-delivery.md, "One
 * list"). Every live member with `users.newsletter_opt_in` = 1 gets the newsletter at their
 * account email (lower-cased) as before: a new confirmed row, or their existing row (a form
 * subscription with the same email, pending or unsubscribed) confirmed; an address already
 * confirmed is left as it is, so no email is ever on the list twice. A member whose opt-in was off
 * but whose email is confirmed on the list keeps getting it (the row decides from now on).
 * Deliveries frozen from a member (`user_id`) point at that member's row, so the unsubscribe link
 * of every mail already sent keeps working on the one list. Then `users.newsletter_opt_in`,
 * `newsletter_deliveries.user_id` and `newsletter_issues.audience` are dropped: there is one
 * audience. Suppressed addresses stay in `newsletter_suppressions` and are never mailed.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const now = new Date().toISOString();
  const at = sql`cast(${now} as ${sql.raw(dialect === "postgres" ? "timestamptz" : "text")})`;
  const members = await sql<{ email: string }>`
    select distinct lower(email) as email from users
    where newsletter_opt_in = 1 and deleted_at is null and email is not null`.execute(db);
  for (const { email } of members.rows) {
    // The hash is of a token nobody holds: a member leaves by an issue's link or by their switch.
    await sql`insert into newsletter_subscribers
        (email, status, unsubscribe_token_hash, created_at, confirmed_at)
      values (${email}, 'confirmed', ${unusedTokenHash()}, ${at}, ${at})
      on conflict (email) do update set
        status = 'confirmed',
        confirmed_at = coalesce(newsletter_subscribers.confirmed_at, excluded.confirmed_at),
        confirm_token_hash = null,
        unsubscribed_at = null
      where newsletter_subscribers.status <> 'confirmed'`.execute(db);
  }
  await sql`update newsletter_deliveries set subscriber_id = (
      select s.id from newsletter_subscribers s where s.email = lower(newsletter_deliveries.email))
    where subscriber_id is null and user_id is not null`.execute(db);
  await db.schema.alterTable("newsletter_deliveries").dropColumn("user_id").execute();
  await db.schema.alterTable("newsletter_issues").dropColumn("audience").execute();
  await db.schema.alterTable("users").dropColumn("newsletter_opt_in").execute();
}
