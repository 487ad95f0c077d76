// A member's newsletter switch is the row of their account email on the one list
// (docs/decisions/007-newsletter-delivery.md#one-list): nothing about the newsletter is kept on
// the account itself.
import type { Kysely } from "kysely";
import type { MemberNewsletter } from "@pragmatist/contracts";
import type { Database } from "../../db/schema.ts";
import { NotFoundError } from "../../errors.ts";
import * as repo from "./newsletter.repository.ts";

type Q = Kysely<Database>;

/** What turning a member's switch on needs from the service. */
export interface SwitchDeps {
  now: () => Date;
  /** A fresh unsubscribe token's stored hash, for a row created confirmed. */
  unsubscribeTokenHash: () => string;
  /** The form's double opt-in for `email`: pending, and a confirmation mail (rate limited). */
  requestConfirmation: (email: string) => Promise<void>;
}

/** The live member's account email (lower case). @throws NotFoundError when there is none. */
async function memberEmail(db: Q, userId: number) {
  const member = await repo.findMemberEmail(db, userId);
  if (!member) throw new NotFoundError("This account has no email address");
  return member;
}

/**
 * Member `userId`'s newsletter state: the row of their account email, `optIn` true when it is
 * confirmed, whoever put it there (the switch, or the form with the same address in any case).
 * @throws NotFoundError when the account has no email.
 */
export async function readMemberNewsletter(db: Q, userId: number): Promise<MemberNewsletter> {
  const { email } = await memberEmail(db, userId);
  const { status, suppressed } = await repo.findSubscription(db, email);
  return { optIn: status === "confirmed", status: status ?? "none", email, suppressed };
}

/**
 * Turns member `userId`'s switch off (their row unsubscribed, as a mailed link would) or on: at
 * once (confirmed) when their account email is verified (`users.email_verified_at`: they proved
 * they own it), otherwise by the usual confirmation mail (pending until its link is used). A
 * suppressed address stays suppressed: the send leaves it out whatever the row says.
 * @returns the state after the change (`readMemberNewsletter`).
 * @throws NotFoundError (no email), RateLimitError (the form's per-email limit, when a mail is due).
 */
export async function writeMemberNewsletter(
  db: Q,
  userId: number,
  optIn: boolean,
  deps: SwitchDeps,
): Promise<MemberNewsletter> {
  const { email, verifiedAt } = await memberEmail(db, userId);
  const now = deps.now().toISOString();
  if (!optIn) await repo.unsubscribeByEmail(db, email, now);
  else if (verifiedAt !== null) {
    await repo.upsertConfirmed(db, {
      email,
      unsubscribeTokenHash: deps.unsubscribeTokenHash(),
      now,
    });
  } else await deps.requestConfirmation(email);
  return readMemberNewsletter(db, userId);
}

/**
 * For a member's email change (accounts, when the new address is settled): moves the newsletter
 * row of `fromEmail` to `toEmail` (compared trimmed and lower-cased), so the switch follows the
 * account and the old address stops getting the newsletter. When `toEmail` already has a row, the
 * one that keeps more survives (confirmed, then pending, then unsubscribed) and the other is
 * deleted: the address is never on the list twice. A suppressed `toEmail` stays suppressed. Takes
 * the db or the email change's transaction.
 * @returns true when `fromEmail` had a row (now at `toEmail`), false when there was nothing to move.
 */
export function moveSubscription(db: Q, fromEmail: string, toEmail: string): Promise<boolean> {
  const norm = (email: string) => email.trim().toLowerCase();
  return repo.moveSubscriberRow(db, norm(fromEmail), norm(toEmail));
}
