// Password reset (docs/product/accounts.md#forgot-password, docs/product/data.md#validation-forms,
// docs/product/api.md#api-auth): a mailed single-use link, then a new password that revokes every
// older session.
import { createBackgroundTasks } from "../../background-tasks.ts";
import type { Db } from "../../db/client.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import { composeMail, type MailContent } from "../mail/compose.ts";
import type { MailLogger } from "../mail/mailer.ts";
import type { AccountMailDeps } from "./account-mail.ts";
import * as repo from "./accounts.repository.ts";
import { knownDevice } from "./device-cookies.ts";
import {
  consumeOneTimeCode,
  createOneTimeCode,
  isOpenOneTimeCode,
  revokeOneTimeCodes,
} from "./one-time-codes.ts";
import { assertPasswordAllowed, hashPassword } from "./passwords.ts";

/** How long a reset link works: 30 minutes, in seconds (OWASP Forgot Password Cheat Sheet). */
export const RESET_CODE_TTL_SECONDS = 30 * 60;
/**
 * How long the link of a new account works: 3 days, in seconds. Nobody asked for it a moment ago,
 * so it must outlast a weekend's unread mail; it is still single-use and short-lived (OWASP
 * Forgot Password Cheat Sheet, "tokens should expire after an appropriate period").
 */
export const INVITE_CODE_TTL_SECONDS = 3 * 24 * 60 * 60;

/** Forgot-password and reset-password, and the invitation of new accounts (password-reset.routes.ts, cli). */
export interface PasswordResetService {
  /**
   * Mails a reset link `${PUBLIC_URL}/passreset?code=…` when an account has this (normalised)
   * email, and does nothing otherwise. The caller answers the same either way and at once: the
   * lookup and the mail run after the answer, so neither the body nor the time tells whether the
   * account exists (OWASP ASVS 6.3.8). Its route counts the client IP (`forgot-password-ip`); this
   * counts the email (`forgot-password-email`: the key is the account, never a field an attacker
   * can vary freely, Strapi CVE-2025-64526), except from a browser holding the account's device
   * cookie (`device`, decision 014): requests from elsewhere cannot stop the owner asking from
   * their own browser (http/rate-limits.ts).
   * Failures of the background work are logged on `log`, never shown.
   * @throws RateLimitError (429) when over a limit.
   */
  forgotPassword(
    email: string,
    context: { device: string | undefined; log: MailLogger },
  ): Promise<void>;
  /**
   * Sets a new password with a code from a reset mail or an invitation: checks the password policy
   * (contracts `passwordSchema` at the edge, common passwords here), stores its argon2id hash,
   * spends the code and the member's other reset and invitation codes, and bumps the token version
   * so every older session ends (Strapi CVE-2026-22706). A reset starts no session (the member
   * signs in again, docs/product/accounts.md#password-reset); for an invitation's code the caller signs the
   * new member in (`invitation: true`).
   * Its route counts the client IP (http/rate-limits.ts `reset-password-ip`).
   * @throws ValidationError for an unknown, used or expired code or a common password.
   */
  resetPassword(input: {
    code: string;
    password: string;
  }): Promise<{ userId: number; invitation: boolean }>;
  /**
   * Whether the code of a mailed link can still set a password, spending nothing: the page asks
   * before showing its form, so a used or expired link says so at once (docs/product/accounts.md#password-reset).
   * Its route counts the client IP with resetPassword's (`reset-password-ip`).
   * @throws ValidationError (the reset's refusal) when it cannot.
   */
  checkCode(code: string): Promise<void>;
  /**
   * Mails the member of a new account made for them (the command line's `--create`) a link to
   * choose their first password, `${PUBLIC_URL}/passreset?code=…&invite=1`: the same single-use
   * code and page as a reset, the page and the mail worded as an invitation
   * (docs/product/accounts.md#password-reset), valid INVITE_CODE_TTL_SECONDS. Sent before it
   * resolves; errors of the mailer propagate. @returns the mailed link, for the command line to
   * show when the mail stays in the outbox.
   * @throws NotFoundError when no account has this email.
   */
  invite(email: string, context: { role: string; log: MailLogger }): Promise<{ link: string }>;
  /** Resolves when the reset mails already accepted have been handled (for shutdown and tests). */
  settle(): Promise<void>;
}

/** What the password-reset steps share, built once by `createPasswordResetService`. */
interface ResetContext extends Omit<AccountMailDeps, "limits"> {
  k: Db["kysely"];
}

/** The member a password link goes to. */
interface LinkRecipient {
  id: number;
  email: string;
  username: string;
}

/**
 * Mails `user` a single-use link to /passreset valid `ttlSeconds` (with `&invite=1` for an
 * `invite`: the page then asks for a first password), with `words` around it. @returns the link.
 */
async function mailPasswordLink(
  ctx: ResetContext,
  user: LinkRecipient,
  { ttlSeconds, invite }: { ttlSeconds: number; invite: boolean },
  words: (link: string) => { subject: string; mail: MailContent },
  log: MailLogger,
): Promise<string> {
  const code = await createOneTimeCode(ctx.k, {
    userId: user.id,
    purpose: invite ? "invitation" : "password-reset",
    ttlSeconds,
    now: ctx.now(),
  });
  const link = `${ctx.publicUrl}/passreset?code=${code}${invite ? "&invite=1" : ""}`;
  const { subject, mail } = words(link);
  await ctx.mailer.send({ to: user.email, subject, ...composeMail(mail) }, log);
  return link;
}

/** The words of a reset mail around its `link`. */
function resetMailWords(ctx: ResetContext, user: LinkRecipient, link: string) {
  const { siteName, publicUrl } = ctx;
  return {
    subject: `Reset your ${siteName} password`,
    mail: {
      siteName,
      publicUrl,
      intro: [
        `Hello ${user.username},`,
        `someone asked to reset the password of your ${siteName} account. If it was you, choose a new password here:`,
      ],
      action: { label: "Choose a new password", url: link },
      outro: [
        `The link works once, for ${RESET_CODE_TTL_SECONDS / 60} minutes. Setting a new password signs you out on every device.`,
        "If you did not ask for this, ignore this mail: your password stays as it is.",
      ],
    },
  };
}

/** The words of an invitation mail (a new account with `role`) around its `link`. */
function inviteMailWords(ctx: ResetContext, user: LinkRecipient, role: string, link: string) {
  const { siteName, publicUrl } = ctx;
  return {
    subject: `Your ${siteName} account: choose your password`,
    mail: {
      siteName,
      publicUrl,
      intro: [
        `Hello ${user.username},`,
        `an account with the role ${role} has been made for you at ${siteName}. Choose your password to sign in:`,
      ],
      action: { label: "Choose your password", url: link },
      outro: [
        `The link works once, for ${INVITE_CODE_TTL_SECONDS / 86400} days. Afterwards, "Forgot password" on the sign-in page sends a new one.`,
        "If you did not expect this account, ignore this mail.",
      ],
    },
  };
}

/** The background half of `forgotPassword`: mails a reset link when the email has an account. */
async function mailResetLink(ctx: ResetContext, email: string, log: MailLogger): Promise<void> {
  const user = await repo.findUserByEmail(ctx.k, email);
  if (!user?.email) return;
  const recipient = { id: user.id, email: user.email, username: user.username };
  await mailPasswordLink(
    ctx,
    recipient,
    { ttlSeconds: RESET_CODE_TTL_SECONDS, invite: false },
    (link) => resetMailWords(ctx, recipient, link),
    log,
  );
  log.info({ userId: user.id }, "password reset mail sent");
}

/** The codes that set a password: a reset's and an invitation's. */
const PASSWORD_CODES = ["password-reset", "invitation"] as const;

/** The refusal of a code that cannot set a password (unknown, used or expired). */
const invalidCode = () =>
  new ValidationError("This reset link is invalid or has expired. Please ask for a new one.", {
    errors: [{ path: ["code"], message: "Invalid or expired code" }],
  });

/** `PasswordResetService.resetPassword` after the rate limit. */
async function resetPassword(
  ctx: ResetContext,
  input: { code: string; password: string },
): Promise<{ userId: number; invitation: boolean }> {
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  const spent = await ctx.k.transaction().execute(async (trx) => {
    const at = ctx.now();
    const code = await consumeOneTimeCode(trx, {
      code: input.code,
      purposes: PASSWORD_CODES,
      now: at,
    });
    if (code === null) return null;
    await repo.setPassword(trx, {
      userId: code.userId,
      passwordHash,
      now: at.toISOString(),
      emailProven: true,
    });
    await revokeOneTimeCodes(trx, { userId: code.userId, purposes: PASSWORD_CODES, now: at });
    return code;
  });
  if (!spent) throw invalidCode();
  return { userId: spent.userId, invitation: spent.purpose === "invitation" };
}

/** `PasswordResetService.invite`. */
async function invite(
  ctx: ResetContext,
  email: string,
  { role, log }: { role: string; log: MailLogger },
): Promise<{ link: string }> {
  const user = await repo.findUserByEmail(ctx.k, email);
  if (!user?.email) throw new NotFoundError("No account has this email");
  const recipient = { id: user.id, email: user.email, username: user.username };
  const link = await mailPasswordLink(
    ctx,
    recipient,
    { ttlSeconds: INVITE_CODE_TTL_SECONDS, invite: true },
    (link) => inviteMailWords(ctx, recipient, role, link),
    log,
  );
  return { link };
}

/** Builds the password-reset service. `now` is the clock for code expiry (tests move it). */
export function createPasswordResetService(
  db: Db,
  deps: AccountMailDeps & {
    /** The app secret: it signs device cookies. */
    secret: string;
  },
): PasswordResetService {
  const { mailer, now, publicUrl, siteName } = deps;
  const ctx: ResetContext = { k: db.kysely, mailer, now, publicUrl, siteName };
  const forgotByEmail = deps.limits.of("forgot-password-email");
  const background = createBackgroundTasks();

  return {
    async forgotPassword(email, { device, log }) {
      if (!knownDevice(deps.secret, device, email)) await forgotByEmail.consume(`email:${email}`);
      background.run(
        () => mailResetLink(ctx, email, log),
        (err) => log.error({ err }, "password reset mail failed"),
      );
    },

    resetPassword: (input) => resetPassword(ctx, input),

    async checkCode(code) {
      const open = await isOpenOneTimeCode(ctx.k, { code, purposes: PASSWORD_CODES, now: now() });
      if (!open) throw invalidCode();
    },

    invite: (email, context) => invite(ctx, email, context),

    settle: background.settle,
  };
}
