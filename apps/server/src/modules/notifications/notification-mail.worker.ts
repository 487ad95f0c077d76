// The notification email worker (docs/product/accounts.md#notification-emails): off the request
// path, it gathers each member's waiting notifications into one mail ("at once": a short delay
// after the first; "daily": a day after the first), claims them in the database so no event is
// mailed twice, and sends through the newsletter's bulk mailer and pace, retrying what the SMTP
// server refuses for now on the newsletter's schedule (docs/decisions/030-notification-mail-guarantees.md).
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../../db/client.ts";
import type { NotificationEmailMode } from "../../db/schema.ts";
import type { Pace } from "../../plugins/rate-limit.ts";
import type { BulkMailer } from "../mail/bulk-mailer.ts";
import type { MailLogger } from "../mail/mailer.ts";
import {
  classifySmtpError,
  RETRY_SCHEDULE,
  retryDelayMs,
} from "../newsletter/delivery-messages.ts";
import { suppressAddress } from "../newsletter/suppressions.repository.ts";
import * as repo from "./notification-emails.repository.ts";
import { notificationMessage, type NotificationMailSite } from "./notification-mail.ts";

/** A day: how long a digest gathers after its first notification, in ms. */
export const DIGEST_MS = 24 * 60 * 60_000;
/** Notifications older than this are never mailed (a member who turns mail on later gets no backlog). */
const HORIZON_MS = 2 * DIGEST_MS;
/** Notifications read per round and mode (the oldest first; the rest in the next rounds). */
const SCAN_LIMIT = 2000;

/** The worker as services.ts runs it. */
export interface NotificationMailWorker {
  /** Starts polling every `pollMs`. */
  start(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
  /**
   * One round as of `at` (default: now): every member whose mail is due gets one.
   * @returns how many mails were handed to the SMTP server.
   */
  runOnce(at?: Date): Promise<number>;
}

/** What the worker runs with. */
export interface NotificationMailDeps {
  mailer: BulkMailer;
  /** The newsletter's pace (NEWSLETTER_RATE_PER_MINUTE), shared by both kinds of mail. */
  pace: Pace;
  site: NotificationMailSite;
  /** NOTIFICATION_EMAIL_DELAY_SECONDS. */
  delaySeconds: number;
  now: () => Date;
  log: Pick<MailLogger, "warn" | "error">;
  /** How often it looks for due mail, in ms (default 30 s). */
  pollMs?: number | undefined;
}

/** A member's mail of one mode: the notifications it gathers, oldest first. */
interface Batch {
  recipientId: number;
  mode: Mode;
  rows: repo.PendingRow[];
}

type Mode = Exclude<NotificationEmailMode, "off">;

/**
 * The members' batches among `rows` (all of `mode`) due as of `at`: those whose first
 * notification waited `waitMs` and none of whose notifications waits for a retry time still to
 * come (a member whose mail was refused for now gets the newer ones in the same retry).
 */
function dueBatches(rows: repo.PendingRow[], mode: Mode, at: number, waitMs: number): Batch[] {
  const batches = new Map<number, Batch>();
  for (const r of rows) {
    const batch = batches.get(r.recipient_id) ?? { recipientId: r.recipient_id, mode, rows: [] };
    batch.rows.push(r);
    batches.set(r.recipient_id, batch);
  }
  return [...batches.values()].filter(
    (b) =>
      Date.parse((b.rows[0] as repo.PendingRow).created_at) <= at - waitMs &&
      b.rows.every((r) => r.email_retry_at === null || Date.parse(r.email_retry_at) <= at),
  );
}

/**
 * Gives back the notifications `claimed` of one mail refused for now at `at`: the mail counts one
 * more attempt than the most any of them had (a notification that came while the mail waited
 * joins its schedule) and waits `retryDelayMs` (the newsletter's rule), or, after
 * `RETRY_SCHEDULE.maxAttempts`, is given up (never mailed) and logged.
 */
async function retryLater(
  db: Db,
  deps: NotificationMailDeps,
  recipientId: number,
  claimed: repo.ClaimedRow[],
  at: Date,
): Promise<void> {
  const ids = claimed.map((r) => r.id);
  const attempts = 1 + Math.max(...claimed.map((r) => r.email_attempts));
  if (attempts < RETRY_SCHEDULE.maxAttempts) {
    const wait = retryDelayMs(attempts, RETRY_SCHEDULE.baseMs, RETRY_SCHEDULE.maxMs);
    return repo.release(db.kysely, ids, attempts, new Date(at.getTime() + wait).toISOString());
  }
  await repo.release(db.kysely, ids, attempts, null);
  deps.log.error(
    { recipientId, notificationIds: ids, attempts },
    "notification email given up: refused for now at every attempt",
  );
}

/**
 * Claims and sends one batch. A 4xx (or no answer) gives the notifications back for a retry
 * (`retryLater`); a 5xx at RCPT TO suppresses the address (as a newsletter bounce does); any other
 * refusal keeps them claimed, unsent.
 */
async function sendBatch(
  db: Db,
  deps: NotificationMailDeps,
  batch: Batch,
  atDate: Date,
  signal: AbortSignal,
): Promise<boolean> {
  const k = db.kysely;
  const at = atDate.toISOString();
  // The pace first: a worker stopped while waiting for its turn has claimed nothing.
  await deps.pace.take(signal);
  const claimed = await repo.claim(
    k,
    batch.rows.map((r) => r.id),
    at,
    RETRY_SCHEDULE.maxAttempts,
  );
  if (claimed.length === 0) return false;
  const rows = await repo.findForMail(
    k,
    claimed.map((r) => r.id),
    at,
  );
  const email = rows[0]?.email;
  if (!email) return false;
  const message = notificationMessage(
    deps.site,
    { id: batch.recipientId, email },
    rows,
    batch.mode === "daily",
  );
  try {
    await deps.mailer.send(message);
    return true;
  } catch (err) {
    const outcome = classifySmtpError(err);
    if (outcome.kind === "transient") {
      await retryLater(db, deps, batch.recipientId, claimed, atDate);
    } else if (outcome.kind === "bounced") {
      await suppressAddress(k, { email, detail: outcome.detail, deliveryId: null, now: at });
    }
    deps.log.warn({ err, recipientId: batch.recipientId }, "notification email not sent");
    return false;
  }
}

/**
 * Builds the worker over `db`. Every process may run one: the claim decides which sends what
 * (notification-emails.repository.ts `claim`).
 */
export function createNotificationMailWorker(
  db: Db,
  deps: NotificationMailDeps,
): NotificationMailWorker {
  const stopping = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  const waits: Record<Mode, number> = { instant: deps.delaySeconds * 1000, daily: DIGEST_MS };
  const round = async (atDate: Date): Promise<number> => {
    const at = atDate.getTime();
    const since = new Date(at - HORIZON_MS).toISOString();
    let sent = 0;
    for (const mode of ["instant", "daily"] as const) {
      const rows = await repo.findPending(
        db.kysely,
        mode,
        since,
        SCAN_LIMIT,
        RETRY_SCHEDULE.maxAttempts,
      );
      for (const batch of dueBatches(rows, mode, at, waits[mode])) {
        if (stopping.signal.aborted) return sent;
        if (await sendBatch(db, deps, batch, atDate, stopping.signal)) sent += 1;
      }
    }
    return sent;
  };
  const runOnce = (at?: Date) => {
    const run = running.then(() => round(at ?? deps.now()));
    running = run.catch(() => {});
    return run;
  };
  const loop = async () => {
    while (!stopping.signal.aborted) {
      await runOnce().catch((err: unknown) => {
        if (!stopping.signal.aborted) deps.log.error({ err }, "notification email round failed");
      });
      await sleep(deps.pollMs ?? 30_000, undefined, { signal: stopping.signal, ref: false }).catch(
        () => {},
      );
    }
  };
  return {
    start: () => void loop(),
    async stop() {
      stopping.abort();
      await running;
    },
    runOnce,
  };
}
