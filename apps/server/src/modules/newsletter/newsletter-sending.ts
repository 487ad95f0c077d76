// Sending newsletter issues, wired once for services.ts: the issues service, the delivery worker
// over the pooled bulk mailer, paced at NEWSLETTER_RATE_PER_MINUTE across every process.
import type { Db } from "../../db/client.ts";
import type { Pace, RateLimitFactory, RateLimits } from "../../plugins/rate-limit.ts";
import { type BulkMailer, createBulkMailer } from "../mail/bulk-mailer.ts";
import type { MailLogger, Mailer } from "../mail/mailer.ts";
import { createDeliveryMessages } from "./delivery-messages.ts";
import {
  createDeliveryWorker,
  DEFAULT_TUNING,
  type DeliveryTuning,
  type DeliveryWorker,
} from "./delivery.worker.ts";
import type { MailSite } from "./issue-email.ts";
import { createIssuesService, type IssuesService } from "./issues.service.ts";

/** The settings sending reads (config.ts: PUBLIC_URL, SITE_NAME, SMTP_URL, MAIL_FROM, NEWSLETTER_*). */
export interface SendingSettings extends MailSite {
  smtpUrl: string | undefined;
  mailFrom: string;
  ratePerMinute: number;
  tracking: boolean;
  linkHosts: readonly string[];
}

/** The issues service and the worker that delivers them. */
export interface NewsletterSending {
  issues: IssuesService;
  /** The worker; `stop` also closes the SMTP pool. */
  delivery: DeliveryWorker;
  /**
   * The pooled bulk mailer and the sending pace, for other mail sent with the same guarantees
   * (notification emails); stop their senders before `delivery.stop()` closes the pool.
   */
  bulk: { mailer: BulkMailer; pace: Pace };
}

/**
 * Builds the issues service and its delivery worker (not started: `delivery.start()` runs it in
 * the server process). `tuning` shortens the worker's times in tests.
 */
export function createNewsletterSending(
  db: Db,
  deps: {
    settings: SendingSettings;
    mailer: Mailer;
    /** The store the sending pace is kept on (shared by every process with Redis). */
    limitStore: Pick<RateLimitFactory, "pace">;
    /** The issues' rate limits (http/rate-limits.ts). */
    limits: RateLimits;
    now: () => Date;
    secret: string;
    log: Pick<MailLogger, "warn" | "error">;
    tuning?: Partial<DeliveryTuning> | undefined;
  },
): NewsletterSending {
  const { settings, mailer, limitStore, limits, now } = deps;
  const concurrency = deps.tuning?.concurrency ?? DEFAULT_TUNING.concurrency;
  const bulk = createBulkMailer({
    smtpUrl: settings.smtpUrl,
    from: settings.mailFrom,
    outbox: mailer,
    maxConnections: concurrency,
  });
  const pace = limitStore.pace("newsletter-send", settings.ratePerMinute, 60);
  const worker = createDeliveryWorker(db, {
    mailer: bulk,
    messages: createDeliveryMessages(db.kysely, { ...settings, secret: deps.secret }),
    pace,
    now,
    log: deps.log,
    tuning: deps.tuning,
  });
  const { siteName, publicUrl, postalAddress } = settings;
  const issues = createIssuesService(db, {
    mailer,
    limits,
    now,
    site: { siteName, publicUrl, postalAddress },
    tracking: settings.tracking,
    linkHosts: settings.linkHosts,
    wake: () => worker.wake(),
  });
  return {
    issues,
    bulk: { mailer: bulk, pace },
    delivery: {
      ...worker,
      async stop() {
        await worker.stop();
        bulk.close();
      },
    },
  };
}
