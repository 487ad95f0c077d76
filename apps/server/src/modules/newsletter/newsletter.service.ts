// Newsletter sign-up (docs/product/api.md#api-newsletter): double opt-in by a mailed link, an
// unsubscribe link in every mail that works without signing in, members' switches on the same list
// (docs/decisions/007-newsletter-delivery.md#one-list), and a CSV export of confirmed subscribers
// for editors.
import { createBackgroundTasks } from "../../background-tasks.ts";
import { createHash, randomBytes } from "node:crypto";
import { Readable, pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import type { Db } from "../../db/client.ts";
import type { RateLimits } from "../../plugins/rate-limit.ts";
import type { MemberNewsletter } from "@pragmatist/contracts";
import { composeMail } from "../mail/compose.ts";
import type { MailLogger, MailMessage, Mailer } from "../mail/mailer.ts";
import { markUnsubscribed, unmarkUnsubscribed } from "./delivery-recipients.repository.ts";
import { readDeliveryUnsubscribeToken } from "./delivery-tokens.ts";
import {
  moveSubscription,
  readMemberNewsletter,
  writeMemberNewsletter,
} from "./member-subscription.ts";
import * as repo from "./newsletter.repository.ts";

/** 256 bits from the CSPRNG, base64url (43 characters). */
const newToken = () => randomBytes(32).toString("base64url");
/** The stored form of a token: sha256, base64url; 256 random bits need no salt or slow hash. */
const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("base64url");

/** How long a confirmation link works after it was mailed, in seconds: 7 days. */
export const CONFIRM_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

/**
 * A confirmation token: 256 random bits and its issue time, `<43 base64url>.<Unix seconds>`. The
 * stored hash covers both, so a changed time matches no row; the time needs no column of its own.
 */
const newConfirmToken = (now: Date) => `${newToken()}.${Math.floor(now.getTime() / 1000)}`;

/**
 * True when a confirmation token was issued at most CONFIRM_TOKEN_TTL_SECONDS before `now` (and
 * at most a minute after it). A token without its time (mailed before the time was added) never
 * is: a link that confirms must expire (OWASP ASVS 5.0 V9.2.1; OWASP Forgot Password Cheat Sheet:
 * tokens expire after a suitable period). Unsubscribe tokens deliberately do not expire: every
 * mail's link must keep working (RFC 8058; CAN-SPAM, 15 U.S.C. 7704(a)(3): at least 30 days after
 * the mail), and one can only take its own address off the list.
 */
function confirmTokenFresh(token: string, now: Date): boolean {
  const match = /^[A-Za-z0-9_-]{43}\.(\d{1,12})$/.exec(token);
  if (!match) return false;
  const age = now.getTime() / 1000 - Number(match[1]);
  return age >= -60 && age <= CONFIRM_TOKEN_TTL_SECONDS; // 60 s for clocks of other processes
}

/** The newsletter's sign-up, confirmation, unsubscription and editors' views. */
/** How long after an unsubscribe its page offers to undo it: one hour. */
export const UNDO_UNSUBSCRIBE_SECONDS = 60 * 60;

export interface NewsletterService {
  /**
   * Accepts a (normalised) email for the newsletter. The caller answers the same at once for a
   * new, pending, confirmed or unsubscribed address: the database work and the mail run after
   * the answer. A new, pending or unsubscribed address becomes pending and gets a confirmation
   * mail with fresh links; a confirmed one gets nothing. Failures are logged on `log`.
   * Its route limits it per client IP (`newsletter-ip`); this per email (`newsletter-email`,
   * http/rate-limits.ts).
   * @throws RateLimitError (429) when over the email's limit.
   */
  subscribe(email: string, context: { log: MailLogger }): Promise<void>;
  /**
   * Confirms the subscription of the confirmation token; false for an unknown, spent or expired
   * token (valid CONFIRM_TOKEN_TTL_SECONDS after it was mailed).
   */
  confirm(token: string): Promise<boolean>;
  /**
   * Unsubscribes the holder of the unsubscribe token at once: the confirmation mail's token, or an
   * issue's per-delivery token (delivery-tokens.ts), which also credits the unsubscribe to that
   * issue. A member's switch is that same row, so it reads off afterwards. False for an unknown
   * token.
   */
  unsubscribe(token: string): Promise<boolean>;
  /**
   * Undoes what `unsubscribe` did with this token, within UNDO_UNSUBSCRIBE_SECONDS of it: a
   * subscriber who had confirmed (a member's switch too) is confirmed again, and the issue no
   * longer credited. False when there is nothing to undo (unknown token, too late, a
   * subscription never confirmed).
   */
  resubscribe(token: string): Promise<boolean>;
  /**
   * The signed-in member's newsletter state: the row of the one list for their account email
   * (member-subscription.ts `readMemberNewsletter`). @throws NotFoundError when it has no email.
   */
  memberNewsletter(userId: number): Promise<MemberNewsletter>;
  /**
   * Whether member `userId` gets the newsletter: their account email confirmed on the one list and
   * not suppressed (false without an email). One query, for GET /api/viewer.
   */
  memberReceives(userId: number): Promise<boolean>;
  /**
   * Turns the signed-in member's switch on (confirmed at once for a verified email, else the
   * confirmation mail, logged on `log`) or off (`writeMemberNewsletter`); answers the new state.
   * @throws NotFoundError (no email), RateLimitError (5 confirmation mails an hour per email).
   */
  setMemberNewsletter(userId: number, optIn: boolean, log: MailLogger): Promise<MemberNewsletter>;
  /**
   * Moves the row of `fromEmail` to `toEmail` (member-subscription.ts `moveSubscription`), for a
   * member's email change; true when there was one.
   */
  moveSubscription(fromEmail: string, toEmail: string): Promise<boolean>;
  /**
   * CSV (header email,status,created_at,confirmed_at) of confirmed subscribers, RFC 4180 quoting,
   * as a stream of text read a page of subscribers at a time (`repo.confirmedPages`): its memory
   * does not grow with the list. A failed read destroys the stream with the error.
   */
  exportCsv(): Readable;
  /** A page of subscribers, newest first, filtered by part of the email and by status. */
  list(
    filter: Parameters<typeof repo.listSubscribers>[1],
    page: Parameters<typeof repo.listSubscribers>[2],
  ): ReturnType<typeof repo.listSubscribers>;
  /** Resolves when the subscriptions already accepted have been handled (shutdown and tests). */
  settle(): Promise<void>;
}

/** What the sign-up's background work shares, built once by `createNewsletterService`. */
interface NewsletterContext {
  k: Db["kysely"];
  mailer: Mailer;
  now: () => Date;
  publicUrl: string;
  siteName: string;
  /** The app secret: it signs each issue's unsubscribe tokens. */
  secret: string;
}

/** The confirmation mail to `email`, with its confirm and one-click unsubscribe links. */
function confirmationMessage(
  { publicUrl, siteName }: NewsletterContext,
  email: string,
  tokens: { confirm: string; unsubscribe: string },
): MailMessage {
  const confirmUrl = `${publicUrl}/api/newsletter/confirm?token=${tokens.confirm}`;
  const unsubscribeUrl = `${publicUrl}/api/newsletter/unsubscribe?token=${tokens.unsubscribe}`;
  const body = composeMail({
    siteName,
    publicUrl,
    intro: [
      "Hello,",
      `someone asked to subscribe this address to the ${siteName} newsletter. If it was you, confirm here:`,
    ],
    action: { label: "Confirm my subscription", url: confirmUrl },
    outro: [
      `The link works for ${CONFIRM_TOKEN_TTL_SECONDS / 86400} days.`,
      "If you did not ask for this, ignore this mail: you will get nothing more from us.",
      `Unsubscribe at any time: ${unsubscribeUrl}`,
    ],
  });
  return {
    to: email,
    subject: `Confirm your ${siteName} subscription`,
    ...body,
    list: { unsubscribe: { url: unsubscribeUrl } },
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** The background half of `subscribe`: marks the address pending and mails fresh links. */
async function register(ctx: NewsletterContext, email: string, log: MailLogger): Promise<void> {
  const confirmToken = newConfirmToken(ctx.now());
  const unsubscribeToken = newToken();
  const id = await repo.upsertPending(ctx.k, {
    email,
    confirmTokenHash: hashToken(confirmToken),
    unsubscribeTokenHash: hashToken(unsubscribeToken),
    now: ctx.now().toISOString(),
  });
  if (id === null) return; // already confirmed: nothing to do, and the answer said nothing.
  const message = confirmationMessage(ctx, email, {
    confirm: confirmToken,
    unsubscribe: unsubscribeToken,
  });
  await ctx.mailer.send(message, log);
  log.info({ subscriberId: id }, "newsletter confirmation mail sent");
}

/** `NewsletterService.unsubscribe`. */
async function unsubscribe(ctx: NewsletterContext, token: string): Promise<boolean> {
  const at = ctx.now().toISOString();
  const deliveryId = readDeliveryUnsubscribeToken(ctx.secret, token);
  if (deliveryId === null) return repo.unsubscribeByTokenHash(ctx.k, hashToken(token), at);
  const recipient = await markUnsubscribed(ctx.k, deliveryId, at);
  if (!recipient) return false;
  if (recipient.subscriber_id !== null)
    await repo.unsubscribeById(ctx.k, recipient.subscriber_id, at);
  return true;
}

/** `NewsletterService.resubscribe`. */
async function resubscribe(ctx: NewsletterContext, token: string): Promise<boolean> {
  const since = new Date(ctx.now().getTime() - UNDO_UNSUBSCRIBE_SECONDS * 1000).toISOString();
  const deliveryId = readDeliveryUnsubscribeToken(ctx.secret, token);
  if (deliveryId === null) return repo.resubscribe(ctx.k, { tokenHash: hashToken(token) }, since);
  const recipient = await unmarkUnsubscribed(ctx.k, deliveryId, since);
  if (!recipient) return false;
  if (recipient.subscriber_id !== null)
    await repo.resubscribe(ctx.k, { id: recipient.subscriber_id }, since);
  return true;
}

/** `NewsletterService.exportCsv`. */
function exportCsv(k: Db["kysely"]): Readable {
  async function* records() {
    for await (const page of repo.confirmedPages(k)) {
      for (const r of page) yield [r.email, r.status, r.created_at, r.confirmed_at ?? ""];
      // A turn of the event loop between pages: SQLite reads synchronously, and without one a
      // long list would be read, and the requests waiting meanwhile kept waiting, in one go.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  // RFC 4180 quoting by csv-stringify; a leading =, +, - or @ is neutralised so a spreadsheet
  // never runs an address as a formula (OWASP CSV injection).
  const csv = stringify({
    header: true,
    columns: ["email", "status", "created_at", "confirmed_at"],
    record_delimiter: "windows",
    cast: { string: (v) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v) },
  });
  // pipeline destroys `csv` with the error of a failed read (and stops reading when it is closed).
  return pipeline(Readable.from(records()), csv, () => {});
}

/** Builds the newsletter service; `now` stamps subscriptions and confirmations (tests move it). */
export function createNewsletterService(
  db: Db,
  deps: {
    mailer: Mailer;
    limits: RateLimits;
    now: () => Date;
    publicUrl: string;
    siteName: string;
    secret: string;
  },
): NewsletterService {
  const k = db.kysely;
  const { mailer, now, publicUrl, siteName, secret } = deps;
  const ctx: NewsletterContext = { k, mailer, now, publicUrl, siteName, secret };
  const byEmail = deps.limits.of("newsletter-email");
  const background = createBackgroundTasks();

  return {
    async subscribe(email, { log }) {
      await byEmail.consume(`email:${email}`);
      background.run(
        () => register(ctx, email, log),
        (err) => log.error({ err }, "newsletter subscription failed"),
      );
    },

    async confirm(token) {
      const at = now();
      if (!confirmTokenFresh(token, at)) return false;
      return repo.confirmByTokenHash(k, hashToken(token), at.toISOString());
    },

    unsubscribe: (token) => unsubscribe(ctx, token),

    resubscribe: (token) => resubscribe(ctx, token),

    memberNewsletter: (userId) => readMemberNewsletter(k, userId),
    memberReceives: (userId) => repo.memberReceives(k, userId),

    setMemberNewsletter: (userId, optIn, log) =>
      writeMemberNewsletter(k, userId, optIn, {
        now,
        unsubscribeTokenHash: () => hashToken(newToken()),
        requestConfirmation: async (email) => {
          await byEmail.consume(`email:${email}`);
          await register(ctx, email, log);
        },
      }),

    moveSubscription: (fromEmail, toEmail) => moveSubscription(k, fromEmail, toEmail),

    list: (filter, page) => repo.listSubscribers(k, filter, page),

    exportCsv: () => exportCsv(k),

    settle: background.settle,
  };
}
