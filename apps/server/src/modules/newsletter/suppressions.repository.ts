// The suppression list (docs/decisions/007-newsletter-delivery.md): addresses that bounced hard,
// never mailed again by the newsletter nor by notification emails.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * Adds `email` (lower case) to the suppression list as a hard bounce, with the SMTP server's
 * answer (`detail`, cut to 500 characters) and the newsletter delivery that bounced, if one did;
 * an address already listed stays as it was.
 */
export async function suppressAddress(
  db: Kysely<Database>,
  input: { email: string; detail: string; deliveryId: number | null; now: string },
): Promise<void> {
  await db
    .insertInto("newsletter_suppressions")
    .values({
      email: input.email.toLowerCase(),
      reason: "hard-bounce",
      detail: input.detail.slice(0, 500),
      delivery_id: input.deliveryId,
      created_at: input.now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
}
