// Email verification and email change (docs/product/accounts.md#account-security): a
// single-use link mailed to the address proves it; a new address replaces the old only then.
import { createBackgroundTasks } from "../../background-tasks.ts";
import { isUniqueViolation } from "../../db/constraints.ts";
import type { Db } from "../../db/client.ts";
import { ValidationError } from "../../errors.ts";
import type { MailLogger } from "../mail/mailer.ts";
import { type AccountMailDeps, sendAccountMail } from "./account-mail.ts";
import * as repo from "./accounts.repository.ts";
import { consumeOneTimeCode, createOneTimeCode, revokeOneTimeCodes } from "./one-time-codes.ts";
import { assertCurrentPassword } from "./passwords.ts";

/**
 * How long a verification link works: 3 days, in seconds. Sent at sign-up, when nobody may be
 * reading mail, so it outlasts a weekend; still single-use (OWASP Forgot Password Cheat Sheet,
 * "tokens should expire after an appropriate period").
 */
export const VERIFY_CODE_TTL_SECONDS = 3 * 24 * 60 * 60;
/** How long an email-change link works: 24 hours, in seconds (asked for a moment ago). */
export const CHANGE_CODE_TTL_SECONDS = 24 * 60 * 60;

/** Sign-up verification, its "send again", and the change of a member's email. */
export interface EmailVerificationService {
  /**
   * Mails a just-registered member a verification link `${PUBLIC_URL}/verify-email?code=…`
   * (VERIFY_CODE_TTL_SECONDS, single use), after the caller has answered: the sign-up never
   * waits for nor fails on the mailer. Failures are logged on `log`.
   */
  mailAfterSignUp(userId: number, log: MailLogger): void;
  /**
   * "Send again" on the account page: a new verification link to the member's current address,
   * voiding the older ones. Limited per member and per client IP (`verify-email-user`,
   * `verify-email-ip` of http/rate-limits.ts), so the button cannot be used to flood a mailbox
   * (OWASP ASVS 2.5 / anti-automation).
   * @throws ValidationError when the email is already verified or the member has none; 429.
   */
  resend(userId: number, context: { ip: string; log: MailLogger }): Promise<void>;
  /**
   * Starts an email change: checks the current password (the session alone is not enough to
   * move the account, OWASP ASVS 6.3 "re-authentication before changing the email"), then mails
   * the new address a single-use link (CHANGE_CODE_TTL_SECONDS). The account keeps its address
   * until that link is followed. Its route limits it per member (`change-email-user`: the password
   * check is a guess).
   * @throws ValidationError for a wrong current password, an account without one (Google), the
   * address it already has, or an address another account holds (worded as sign-up words it,
   * ASVS 6.3.8).
   */
  requestEmailChange(
    userId: number,
    input: { email: string; currentPassword: string },
    context: { log: MailLogger },
  ): Promise<void>;
  /**
   * Follows a mailed link: spends the code; a verification code marks the address it was sent to
   * verified (if the member still has it); an email-change code moves the account to its address,
   * verified, voids the member's other email codes, and mails the old address that the email was
   * changed. Its route limits it per client IP (`email-confirmation-ip`).
   * @returns `changed`: whether the address changed.
   * @throws ValidationError for an unknown, used or expired code, or an address taken meanwhile.
   */
  confirm(code: string, context: { log: MailLogger }): Promise<{ changed: boolean }>;
  /** Resolves when the mails already accepted have been handled (for shutdown and tests). */
  settle(): Promise<void>;
}

/** What the steps share, built once by `createEmailVerificationService`. */
interface VerifyContext extends Omit<AccountMailDeps, "limits"> {
  k: Db["kysely"];
  emailMoved: EmailMoved;
}

/** Called inside an email change's transaction with the old and the new address (lower case). */
export type EmailMoved = (trx: Db["kysely"], from: string, to: string) => Promise<unknown>;

const EMAIL_CODES = ["email-verification", "email-change"] as const;

/** The refusal of a link that cannot be used (unknown, used or expired). */
const invalidLink = () =>
  new ValidationError("This link is invalid or has expired. Please ask for a new one.", {
    errors: [{ path: ["code"], message: "Invalid or expired code" }],
  });

/** The refusal of an address another account holds, in sign-up's words (ASVS 6.3.8). */
const emailUnusable = () =>
  new ValidationError("This email cannot be used. Please choose another address.", {
    errors: [{ path: ["email"], message: "Email cannot be used" }],
  });

/** Mails the member a fresh verification link for their current address (if unverified). */
async function mailVerification(ctx: VerifyContext, userId: number, log: MailLogger) {
  const user = await repo.findUserById(ctx.k, userId);
  if (!user?.email || user.email_verified_at !== null) return;
  const code = await createOneTimeCode(ctx.k, {
    userId,
    purpose: "email-verification",
    ttlSeconds: VERIFY_CODE_TTL_SECONDS,
    now: ctx.now(),
    email: user.email,
  });
  const url = `${ctx.publicUrl}/verify-email?code=${code}`;
  await sendAccountMail(
    ctx,
    user.email,
    {
      subject: `Verify your email for ${ctx.siteName}`,
      intro: [
        `Hello ${user.username},`,
        `please confirm that this address is yours. Once it is verified you can comment on ${ctx.siteName}.`,
      ],
      action: { label: "Verify my email", url },
      outro: [
        `The link works once, for ${VERIFY_CODE_TTL_SECONDS / 86400} days. Your account page can send a new one.`,
        "If you did not sign up, ignore this mail: nothing happens without the link.",
      ],
    },
    log,
  );
  log.info({ userId }, "verification mail sent");
}

/** `requestEmailChange` after the limit: checks, then the link to the new address. */
async function requestChange(
  ctx: VerifyContext,
  userId: number,
  input: { email: string; currentPassword: string },
  log: MailLogger,
): Promise<{ to: string; username: string; code: string } | null> {
  const user = await repo.findUserById(ctx.k, userId);
  if (!user) return null;
  await assertCurrentPassword(user.password_hash, input.currentPassword);
  if (input.email === user.email) {
    throw new ValidationError("This is already your email address.", {
      errors: [{ path: ["email"], message: "Same as the current email" }],
    });
  }
  if (await repo.emailHeldByOther(ctx.k, input.email, userId)) throw emailUnusable();
  const code = await createOneTimeCode(ctx.k, {
    userId,
    purpose: "email-change",
    ttlSeconds: CHANGE_CODE_TTL_SECONDS,
    now: ctx.now(),
    email: input.email,
  });
  log.info({ userId }, "email change asked; link mailed to the new address");
  return { to: input.email, username: user.username, code };
}

/** The mail to a new address with the link that completes the change. */
function changeLinkWords(ctx: VerifyContext, username: string, code: string) {
  return {
    subject: `Confirm your new email for ${ctx.siteName}`,
    intro: [
      `Hello ${username},`,
      `you asked to use this address for your ${ctx.siteName} account. Your account keeps its old address until you confirm:`,
    ],
    action: { label: "Confirm my new email", url: `${ctx.publicUrl}/verify-email?code=${code}` },
    outro: [
      `The link works once, for ${CHANGE_CODE_TTL_SECONDS / 3600} hours.`,
      "If you did not ask for this, ignore this mail: nothing changes without the link.",
    ],
  };
}

/** The mail to the old address once the change is done (OWASP ASVS 6.3: notify on change). */
function changedNoticeWords(ctx: VerifyContext, username: string, newEmail: string) {
  return {
    subject: `The email of your ${ctx.siteName} account was changed`,
    intro: [
      `Hello ${username},`,
      `the email address of your ${ctx.siteName} account was changed to ${newEmail}. Mail from us, password reset links included, now goes there.`,
    ],
    outro: [
      "If you made this change, there is nothing to do.",
      `If it was not you, someone who knew your password has taken your account: contact ${ctx.siteName} through ${ctx.publicUrl} to get it back, and change that password wherever else you use it.`,
    ],
  };
}

/** `confirm` after the limit: spends the code and applies it, in one transaction. */
async function confirmCode(ctx: VerifyContext, code: string) {
  const at = ctx.now();
  const iso = at.toISOString();
  try {
    return await ctx.k.transaction().execute(async (trx) => {
      const spent = await consumeOneTimeCode(trx, { code, purposes: EMAIL_CODES, now: at });
      if (!spent?.email) throw invalidLink();
      if (spent.purpose === "email-verification") {
        const ok = await repo.markEmailVerified(trx, spent.userId, spent.email, iso);
        if (!ok) throw invalidLink();
        return { changed: false, userId: spent.userId, previous: null, email: spent.email };
      }
      if (await repo.emailHeldByOther(trx, spent.email, spent.userId)) throw emailUnusable();
      const moved = await repo.setVerifiedEmail(trx, spent.userId, spent.email, iso);
      if (!moved) throw invalidLink();
      if (moved.previous) await ctx.emailMoved(trx, moved.previous, spent.email);
      await revokeOneTimeCodes(trx, { userId: spent.userId, purposes: EMAIL_CODES, now: at });
      return { changed: true, userId: spent.userId, previous: moved.previous, email: spent.email };
    });
  } catch (err) {
    // Two accounts racing for one address: the unique index decides, the loser is told as above.
    if (isUniqueViolation(err)) throw emailUnusable();
    throw err;
  }
}

/** Builds the email verification service. `now` is the clock for code expiry (tests move it). */
export function createEmailVerificationService(
  db: Db,
  deps: AccountMailDeps & {
    /**
     * What follows the account to its new address, in the change's transaction: the newsletter
     * row of the old address (one list, docs/decisions/007-newsletter-delivery.md).
     */
    emailMoved: EmailMoved;
  },
): EmailVerificationService {
  const { mailer, now, publicUrl, siteName, emailMoved } = deps;
  const ctx: VerifyContext = { k: db.kysely, mailer, now, publicUrl, siteName, emailMoved };
  const resendByUser = deps.limits.of("verify-email-user");
  const resendByIp = deps.limits.of("verify-email-ip");
  const background = createBackgroundTasks();
  const later = (log: MailLogger, what: string, work: () => Promise<void>) =>
    background.run(work, (err) => log.error({ err }, `${what} failed`));

  return {
    mailAfterSignUp(userId, log) {
      later(log, "verification mail", () => mailVerification(ctx, userId, log));
    },

    async resend(userId, { ip, log }) {
      const user = await repo.findUserById(ctx.k, userId);
      if (!user?.email || user.email_verified_at !== null) {
        throw new ValidationError("Your email address is already verified.");
      }
      await resendByIp.consume(`ip:${ip}`);
      await resendByUser.consume(`user:${userId}`);
      later(log, "verification mail", () => mailVerification(ctx, userId, log));
    },

    async requestEmailChange(userId, input, { log }) {
      const link = await requestChange(ctx, userId, input, log);
      if (!link) return;
      const words = changeLinkWords(ctx, link.username, link.code);
      later(log, "email change mail", () => sendAccountMail(ctx, link.to, words, log));
    },

    async confirm(code, { log }) {
      const done = await confirmCode(ctx, code);
      if (done.changed && done.previous) {
        const user = await repo.findUserById(ctx.k, done.userId);
        const words = changedNoticeWords(ctx, user?.username ?? "", done.email);
        const old = done.previous;
        later(log, "email changed notice", () => sendAccountMail(ctx, old, words, log));
      }
      return { changed: done.changed };
    },

    settle: background.settle,
  };
}
