// The delivery worker (docs/decisions/007-newsletter-delivery.md): claims due deliveries in
// batches, sends each through the bulk mailer at NEWSLETTER_RATE_PER_MINUTE, retries transient
// SMTP failures with exponential backoff and records every outcome; it runs inside the server.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../../db/client.ts";
import type { Pace } from "../../plugins/rate-limit.ts";
import type { BulkMailer } from "../mail/bulk-mailer.ts";
import type { MailLogger } from "../mail/mailer.ts";
import * as repo from "./delivery.repository.ts";
import {
  classifySmtpError,
  type DeliveryMessages,
  RETRY_SCHEDULE,
  retryDelayMs,
} from "./delivery-messages.ts";

/** How the worker paces itself; tests shorten the times. */
export interface DeliveryTuning {
  /** Deliveries claimed at once. */
  batchSize: number;
  /** Messages in flight at once (the SMTP pool's connections). */
  concurrency: number;
  /** How long a claimed, not yet started delivery stays this worker's, in ms. */
  claimLeaseMs: number;
  /**
   * How long a delivery handed to SMTP stays this worker's, in ms: far above the SMTP timeouts
   * (bulk-mailer.ts), so only a vanished worker lets it pass (then: interrupted, not resent).
   */
  sendLeaseMs: number;
  /** First retry delay after a transient failure, in ms; doubled each attempt. */
  retryBaseMs: number;
  /** The longest retry delay, in ms. */
  retryMaxMs: number;
  /** SMTP attempts before a transiently failing delivery is given up as failed. */
  maxAttempts: number;
  /** How often an idle worker looks for work, in ms. */
  pollMs: number;
}

/** The defaults: 60 s, 2, 4 … up to 1 h between retries, 6 attempts (about 31 minutes). */
export const DEFAULT_TUNING: DeliveryTuning = {
  batchSize: 100,
  concurrency: 5,
  claimLeaseMs: 5 * 60_000,
  sendLeaseMs: 10 * 60_000,
  retryBaseMs: RETRY_SCHEDULE.baseMs,
  retryMaxMs: RETRY_SCHEDULE.maxMs,
  maxAttempts: RETRY_SCHEDULE.maxAttempts,
  pollMs: 5_000,
};

/** The worker as services.ts runs it. */
export interface DeliveryWorker {
  /** Starts polling (every `pollMs`, at once after `wake`). */
  start(): void;
  /** Looks for work now instead of at the next poll (a send was just queued). */
  wake(): void;
  /**
   * Stops polling, lets messages already handed to SMTP finish, and gives back claimed
   * deliveries not yet started so another worker takes them at once.
   */
  stop(): Promise<void>;
  /**
   * For tests and benchmarks: works until no delivery is pending or sending, waiting for retry
   * times as they come (and for other processes' sends in flight). Runs whether started or not.
   */
  drain(): Promise<void>;
}

/** What the worker runs with. */
export interface DeliveryWorkerDeps {
  mailer: BulkMailer;
  messages: DeliveryMessages;
  pace: Pace;
  now: () => Date;
  log: Pick<MailLogger, "warn" | "error">;
  tuning?: Partial<DeliveryTuning> | undefined;
}

/** One worker's state, shared by its functions. */
interface WorkerContext extends DeliveryWorkerDeps {
  db: Db;
  t: DeliveryTuning;
  /** This worker's lease owner name: random per process start. */
  owner: string;
  stopping: AbortController;
}

const later = (ctx: WorkerContext, ms: number) => new Date(ctx.now().getTime() + ms).toISOString();

/** Sends one claimed delivery: the pace, the check, the SMTP call, then the record. */
async function deliver(ctx: WorkerContext, d: repo.ClaimedDelivery): Promise<void> {
  const { db, owner } = ctx;
  const k = db.kysely;
  await ctx.pace.take(ctx.stopping.signal);
  const attempt = await repo.beginSend(k, {
    id: d.id,
    owner,
    leaseUntil: later(ctx, ctx.t.sendLeaseMs),
  });
  if (attempt === null) return repo.skipUnwanted(k, d.id, owner);
  const message = await ctx.messages.build(d);
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    const outcome = classifySmtpError(err);
    if (outcome.kind === "transient" && attempt < ctx.t.maxAttempts) {
      const retryAt = later(ctx, retryDelayMs(attempt, ctx.t.retryBaseMs, ctx.t.retryMaxMs));
      return repo.recordRetry(k, { id: d.id, owner, retryAt, error: outcome.detail });
    }
    const state = outcome.kind === "bounced" ? "bounced" : "failed";
    const now = ctx.now().toISOString();
    return repo.recordFailure(k, { id: d.id, owner, state, error: outcome.detail, now });
  }
  await repo.recordSent(k, {
    id: d.id,
    owner,
    messageId: message.messageId,
    now: ctx.now().toISOString(),
  });
}

/**
 * One round: settles interrupted sends, claims a batch and sends it over `concurrency` lanes.
 * @returns how many deliveries were claimed (0: nothing due).
 */
async function runBatch(ctx: WorkerContext): Promise<number> {
  const k = ctx.db.kysely;
  const now = ctx.now().toISOString();
  await repo.sweepInterrupted(k, now);
  const batch = await repo.claimBatch(k, ctx.db.dialect, {
    owner: ctx.owner,
    now,
    leaseUntil: later(ctx, ctx.t.claimLeaseMs),
    limit: ctx.t.batchSize,
  });
  let next = 0;
  const lane = async () => {
    while (next < batch.length && !ctx.stopping.signal.aborted) {
      const d = batch[next++] as repo.ClaimedDelivery;
      try {
        await deliver(ctx, d);
      } catch (err) {
        if (ctx.stopping.signal.aborted) return;
        // A database fault around the call: the lease decides what happens to the delivery.
        ctx.log.error({ err, deliveryId: d.id }, "newsletter delivery failed to record");
      }
    }
  };
  await Promise.all(Array.from({ length: ctx.t.concurrency }, lane));
  await repo.finishIssues(k, ctx.now().toISOString());
  return batch.length;
}

/** Runs batches while there is due work and the worker is not stopping. */
async function runUntilIdle(ctx: WorkerContext): Promise<void> {
  while (!ctx.stopping.signal.aborted && (await runBatch(ctx)) > 0);
}

/** Resolves after `ms` (at most), or at once when the worker stops. */
const pause = (ctx: WorkerContext, ms: number) =>
  sleep(ms, undefined, { signal: ctx.stopping.signal, ref: false }).catch(() => {});

/**
 * Builds the delivery worker over `db`. The poll loop and `drain` never run batches at the same
 * time in one process; several processes (PostgreSQL) run side by side, each claiming its own.
 */
export function createDeliveryWorker(db: Db, deps: DeliveryWorkerDeps): DeliveryWorker {
  const ctx: WorkerContext = {
    ...deps,
    db,
    t: { ...DEFAULT_TUNING, ...deps.tuning },
    owner: `worker-${randomBytes(6).toString("hex")}`,
    stopping: new AbortController(),
  };
  let timer: NodeJS.Timeout | null = null;
  /** When the pending timer fires (ms since the epoch): a later poll never delays a wake. */
  let timerDue = Infinity;
  let started = false;
  // One batch runner at a time: the poll loop and drain() queue behind each other.
  let turn: Promise<void> = Promise.resolve();
  const exclusive = (work: () => Promise<void>) => {
    const run = turn.then(work);
    turn = run.catch(() => {});
    return run;
  };
  const schedule = (ms: number) => {
    if (!started || ctx.stopping.signal.aborted || Date.now() + ms >= timerDue) return;
    if (timer) clearTimeout(timer);
    timerDue = Date.now() + ms;
    timer = setTimeout(() => {
      timer = null;
      timerDue = Infinity;
      exclusive(() => runUntilIdle(ctx))
        .catch((err: unknown) => ctx.log.error({ err }, "newsletter delivery round failed"))
        .finally(() => schedule(ctx.t.pollMs));
    }, ms);
    timer.unref();
  };
  return {
    start() {
      started = true;
      schedule(0);
    },
    wake: () => schedule(0),
    async stop() {
      ctx.stopping.abort();
      if (timer) clearTimeout(timer);
      await turn;
      // Best effort (the database may be gone already): claims not given back expire with their
      // lease, and another worker takes them over then.
      await repo
        .releaseClaims(db.kysely, ctx.owner)
        .catch((err: unknown) => ctx.log.warn({ err }, "newsletter claims left to expire"));
    },
    drain: () =>
      exclusive(async () => {
        for (;;) {
          await runUntilIdle(ctx);
          const { unsettled, nextDue } = await repo.outstanding(db.kysely);
          if (unsettled === 0 || ctx.stopping.signal.aborted) return;
          const wait = nextDue ? Date.parse(nextDue) - ctx.now().getTime() : 0;
          await pause(ctx, Math.min(Math.max(wait, 20), 1000));
        }
      }),
  };
}
