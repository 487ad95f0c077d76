// Bulk mail (newsletter issues): pooled SMTP connections, so thousands of messages reuse a few
// sessions instead of opening one each; without SMTP_URL, the outbox of the ordinary mailer.
import { createTransport } from "nodemailer";
import type { MailMessage, Mailer } from "./mailer.ts";

/** Sends the messages of a newsletter issue, one recipient each (built by `createBulkMailer`). */
export interface BulkMailer {
  /** Where messages go: pooled SMTP connections, or the outbox folder. */
  readonly transport: "smtp" | "outbox";
  /**
   * Sends one message with the given Message-ID from MAIL_FROM.
   * @throws nodemailer's error: an SMTP refusal carries `responseCode` (4xx transient, 5xx
   * permanent, RFC 5321 §4.2.1) and `command` (`RCPT TO` for a refused recipient); a connection
   * fault or timeout has no `responseCode`.
   */
  send(message: MailMessage & { messageId: string }): Promise<void>;
  /** Closes the pooled connections. */
  close(): void;
}

/** How `createBulkMailer` is built. */
export interface BulkMailerOptions {
  /** SMTP_URL; undefined sends through `outbox` (the ordinary mailer in outbox mode). */
  smtpUrl: string | undefined;
  /** The From header (MAIL_FROM). */
  from: string;
  /** The ordinary mailer, used when there is no SMTP server. */
  outbox: Pick<Mailer, "send">;
  /** SMTP connections kept open at once (nodemailer's `maxConnections`). */
  maxConnections: number;
}

/**
 * Seconds an SMTP connection may stay silent (greeting, any reply) before the attempt fails. Kept
 * far below the delivery worker's send lease (delivery.worker.ts), so a live worker always settles
 * a message before another process could take it for an interrupted one.
 */
const SMTP_TIMEOUT_MS = 60_000;

/**
 * Builds the bulk mailer: nodemailer's SMTP pool (`pool: true`, `maxConnections` sessions, each
 * reused for many messages) when `smtpUrl` is set, else the outbox. Nothing connects until `send`.
 */
export function createBulkMailer(options: BulkMailerOptions): BulkMailer {
  if (!options.smtpUrl) {
    return {
      transport: "outbox",
      async send(message) {
        await options.outbox.send(message);
      },
      close() {},
    };
  }
  const pool = createTransport(
    {
      url: options.smtpUrl,
      pool: true,
      maxConnections: options.maxConnections,
      maxMessages: 1000,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    },
    { from: options.from },
  );
  return {
    transport: "smtp",
    async send(message) {
      // Quoted-printable stated, not detected: nodemailer's detection scans the whole body each time.
      await pool.sendMail({ ...message, textEncoding: "quoted-printable" });
    },
    close() {
      pool.close();
    },
  };
}
