// What the worker sends for one delivery, and how it reads an SMTP refusal: the issue's frozen
// rendering with the recipient's own unsubscribe link, the list headers, a Message-ID made from
// the idempotency key; 4xx transient, 5xx permanent, 5xx at RCPT TO a hard bounce.
import { LRUCache } from "lru-cache";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type MailMessage, mailingListId } from "../mail/mailer.ts";
import type { ClaimedDelivery } from "./delivery.repository.ts";
import { deliveryUnsubscribeToken } from "./delivery-tokens.ts";
import { personalize } from "./issue-email.ts";

/** A message ready for the bulk mailer. */
export type DeliveryMessage = MailMessage & { messageId: string };

/** Builds the message of a claimed delivery (`createDeliveryMessages`). */
export interface DeliveryMessages {
  /** @throws Error when the delivery's issue has no frozen rendering (it never started sending). */
  build(delivery: ClaimedDelivery): Promise<DeliveryMessage>;
}

/** The one-click unsubscribe address of a token: GET shows the notice, POST is RFC 8058's. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * Builds messages from the issues' frozen renderings (newsletter_issues.html/text, written when
 * the send started), each read once and kept for the next recipients. Headers: `List-Unsubscribe`
 * with the HTTPS link (RFC 2369; no mailto: nothing reads a mailbox) and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click` (RFC 8058), `List-Id` (RFC 2919, `mailingListId`, written by
 * nodemailer's `list` option: a custom header's value would be MIME-encoded whole, id included); the Message-ID is
 * `<{idempotency key}@{PUBLIC_URL host}>`, the same on every attempt of the delivery.
 */
export function createDeliveryMessages(
  k: Kysely<Database>,
  site: { publicUrl: string; siteName: string; secret: string },
): DeliveryMessages {
  const host = new URL(site.publicUrl).hostname;
  const listId = mailingListId(site, "newsletter");
  const issues = new LRUCache<number, { subject: string; html: string; text: string }>({
    max: 16,
    fetchMethod: async (id) => {
      const row = await k
        .selectFrom("newsletter_issues")
        .select(["subject", "html", "text"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row?.html || row.text === null) throw new Error(`Issue ${id} has no frozen rendering`);
      return { subject: row.subject, html: row.html, text: row.text };
    },
  });
  return {
    async build(d) {
      const issue = await issues.forceFetch(d.issue_id);
      const url = unsubscribeUrl(site.publicUrl, deliveryUnsubscribeToken(site.secret, d.id));
      return {
        to: d.email,
        subject: issue.subject,
        ...personalize(issue, url),
        messageId: `<${d.idempotency_key}@${host}>`,
        list: { id: listId, unsubscribe: { url } },
        headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      };
    },
  };
}

/** What an SMTP failure means for the delivery. */
export interface SmtpOutcome {
  /** transient: try again later; failed: give up; bounced: give up and suppress the address. */
  kind: "transient" | "failed" | "bounced";
  /** The server's reply or the fault, for `last_error` (at most 500 characters). */
  detail: string;
}

/**
 * Reads a nodemailer error (RFC 5321 §4.2.1): a 4yz reply is transient (greylisting, a full
 * queue), a 5yz reply permanent; a 5yz reply to RCPT TO refuses the recipient itself (550/551/553:
 * no such mailbox), a hard bounce. No reply code at all (connection refused, reset, timeout) is
 * transient. Never throws.
 */
export function classifySmtpError(err: unknown): SmtpOutcome {
  const e = (err ?? {}) as { responseCode?: unknown; command?: unknown; response?: unknown };
  const code = typeof e.responseCode === "number" ? e.responseCode : null;
  const text =
    typeof e.response === "string" ? e.response : err instanceof Error ? err.message : String(err);
  const detail = text.slice(0, 500);
  if (code === null || code < 500) return { kind: "transient", detail };
  return { kind: e.command === "RCPT TO" ? "bounced" : "failed", detail };
}

/**
 * When mail the SMTP server refused for now is tried again (decision 007): 60 s after the first
 * attempt, doubled each time, at most an hour apart, 6 attempts in all (about 31 minutes); the
 * newsletter's deliveries (`DEFAULT_TUNING`) and notification emails (decision 030) both.
 */
export const RETRY_SCHEDULE = { baseMs: 60_000, maxMs: 60 * 60_000, maxAttempts: 6 } as const;

/** The wait after failed attempt `attempt` (1-based): `baseMs` doubled each time, at most `maxMs`. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** (attempt - 1));
}
