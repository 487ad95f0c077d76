// Outgoing mail: SMTP via nodemailer when SMTP_URL is set; otherwise each message becomes an .eml
// file in an outbox folder and its links are logged, so password reset works on a fresh machine.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createTransport } from "nodemailer";
import type { Metrics } from "../../metrics.ts";

/** One message: plain text and a simple HTML alternative of the same content (no tracking). */
export interface MailMessage {
  /** One recipient address. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * A mailing list's headers, written by nodemailer's `list` option: `List-Id: "<name>" <<id>>`
   * (RFC 2919: the name quoted, or an encoded word when it is not ASCII; the id never encoded)
   * and `List-Unsubscribe: <url>` (RFC 2369).
   */
  list?: { id?: { url: string; comment: string }; unsubscribe: { url: string } };
  /** The Message-ID (RFC 5322 §3.6.4, `<id@host>`); unset, nodemailer makes a random one. */
  messageId?: string;
}

/** The mailing lists the publication sends: its newsletter and its notification emails. */
export type MailingList = "newsletter" | "notifications";

/**
 * The `List-Id` (RFC 2919) of one of the publication's lists, for `MailMessage.list.id`: the id
 * `{list}.{PUBLIC_URL host}` (a host the publication owns, so no one else's list has it) and the
 * site's name as its description, e.g. `"Crypto Pragmatist" <notifications.pragmatist.example>`.
 * The same form for every list, so a reader's filter on one never catches the other.
 */
export function mailingListId(
  site: { publicUrl: string; siteName: string },
  list: MailingList,
): { url: string; comment: string } {
  return { url: `${list}.${new URL(site.publicUrl).hostname}`, comment: site.siteName };
}

/** The logging the mailer needs; Fastify's logger (pino), e.g. `request.log`, fits it. */
export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Sends mail over SMTP, or writes it to the outbox folder (built by `createMailer`). */
export interface Mailer {
  /** Where messages go: an SMTP server, or .eml files in the outbox folder. */
  readonly transport: "smtp" | "outbox";
  /**
   * Sends one message from MAIL_FROM. In outbox mode it writes `<outbox>/<time>-<random>.eml`
   * (mode 0600: the links are secrets) and logs the file and every link at info level on `log`.
   * @throws the transport's error (connection refused, recipient rejected, disk full …).
   */
  send(message: MailMessage, log?: MailLogger): Promise<void>;
  /** The outbox folder (created on first use); null in SMTP mode. */
  outboxDir(): Promise<string | null>;
  /** Closes pooled SMTP connections. */
  close(): void;
}

/** How `createMailer` is built. */
export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; undefined for outbox mode. */
  smtpUrl: string | undefined;
  /** The From header, e.g. `"Crypto Pragmatist" <no-reply@localhost>`. */
  from: string;
  /** DATA_DIR: the outbox is `<dataDir>/outbox`; ":memory:" uses a fresh temporary folder. */
  dataDir: string;
  /** Where each message sent or failed is counted, by transport. */
  metrics?: Pick<Metrics, "mailMessages">;
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * Builds the mailer for the configuration (docs/architecture.md#conventions), counting each
 * message into `options.metrics` when given. Nothing connects until `send`.
 */
export function createMailer(options: MailerOptions): Mailer {
  const mailer = transportMailer(options);
  const counter = options.metrics?.mailMessages;
  if (!counter) return mailer;
  const { transport } = mailer;
  return {
    ...mailer,
    async send(message, log) {
      try {
        await mailer.send(message, log);
      } catch (error) {
        counter.inc({ transport, outcome: "failed" });
        throw error;
      }
      counter.inc({ transport, outcome: "sent" });
    },
  };
}

/** The mailer over SMTP when `smtpUrl` is set, else over the outbox folder. */
function transportMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const smtp = createTransport(options.smtpUrl, { from: options.from });
    return {
      transport: "smtp",
      async send(message) {
        await smtp.sendMail({ ...message });
      },
      async outboxDir() {
        return null;
      },
      close() {
        smtp.close();
      },
    };
  }

  // The same MIME composer as SMTP, so an .eml in the outbox is byte-for-byte what would be sent.
  const composer = createTransport({ streamTransport: true, buffer: true }, { from: options.from });
  let folder: Promise<string> | null = null;
  const outboxDir = () => {
    folder ??=
      options.dataDir === ":memory:"
        ? fs.mkdtemp(path.join(os.tmpdir(), "pragmatist-outbox-"))
        : fs
            .mkdir(path.join(options.dataDir, "outbox"), { recursive: true, mode: 0o700 })
            .then(() => path.join(options.dataDir, "outbox"));
    return folder;
  };
  return {
    transport: "outbox",
    async send(message, log) {
      const info = await composer.sendMail({ ...message });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(await outboxDir(), `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      await fs.writeFile(file, info.message, { mode: 0o600 });
      const links = [...new Set(message.text.match(LINK) ?? [])];
      log?.info(
        { to: message.to, subject: message.subject, file, links },
        "mail written to the outbox (SMTP_URL is not set)",
      );
    },
    outboxDir,
    close() {
      composer.close();
    },
  };
}
