// The market refresher (docs/product/markets.md#live-refresh): one process at a time (a lease in
// the market store) keeps the markets list and trending fresh and refreshes what readers found
// old, within the plan's call budget, so a reader never waits on CoinGecko.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { CallBudget } from "./call-budget.ts";
import type { MarketCache } from "./cache.ts";
import type { CoinGeckoApi } from "./coingecko.ts";
import type { MarketStore } from "./market-store.ts";
import { jobCalls, jobKey, jobSeconds, type RefreshJob, runJob } from "./refresh-jobs.ts";

/** Refreshes market data in the background (built by `createRefresher`). */
export interface Refresher {
  /**
   * Asks for `job` to be run in the background (a reader found its value old, or none); asking
   * again before it runs changes nothing. Never waits: a store failure is only reported.
   */
  ask(job: RefreshJob): void;
  /** Starts refreshing: a round at once, then one every `tickMs`. Idempotent. */
  start(): void;
  /** Stops after the job under way and gives the lease up. */
  stop(): Promise<void>;
}

/** Where failures are reported (a pino logger fits). */
interface RefresherLog {
  warn(obj: object, msg?: string): void;
}

/** How `createRefresher` is built. */
export interface RefresherOptions {
  api: CoinGeckoApi;
  cache: MarketCache;
  store: MarketStore;
  budget: CallBudget;
  now: () => Date;
  log: RefresherLog;
  /** Kept fresh whether or not anyone reads them (the markets list, trending …), in this order. */
  standing: ReadonlyArray<RefreshJob>;
  /** The pause between rounds, in ms (REFRESH_TICK_MS). */
  tickMs?: number;
  /** How long one job may wait for CoinGecko, retries included, in ms. */
  jobTimeoutMs: number;
  /** Reports a failure of the store (asking, the lease). */
  onStoreError: (error: unknown) => void;
}

/** The pause between two rounds of refreshes, in ms. */
const REFRESH_TICK_MS = 2_000;
/** How long the lease lasts unless renewed (every round and job renews it), in ms. */
const LEASE_MS = 30_000;
const LEASE = "refresher";
/** Jobs looked at in one round, of those asked for. */
const ROUND_JOBS = 50;
/** A job asked for and not run within this long is forgotten (its reader has long gone), in ms. */
const ASKED_KEEP_MS = 3_600_000;
/** The share of the budget kept for lookups nothing has cached yet (Max's first question on a coin). */
const RESERVE_SHARE = 1 / 3;
/** After a failed refresh, the job waits this long (at most its cache time) before it is run again. */
const RETRY_AFTER_MS = 60_000;

/** Creates the refresher (see Refresher); it runs nothing until started. */
export function createRefresher(options: RefresherOptions): Refresher {
  const { cache, store, budget, log } = options;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const reserve = Math.ceil(budget.calls * RESERVE_SHARE);
  const nowMs = () => options.now().getTime();
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let running = false;

  /** Whether `job`'s value is missing, or older than its cache time and not just failed. */
  async function isDue(job: RefreshJob): Promise<boolean> {
    const times = await cache.times(jobKey(job));
    if (!times) return true;
    const seconds = jobSeconds(job);
    if (nowMs() - times.fetchedAt < seconds * 1000) return false;
    const retryMs = Math.min(RETRY_AFTER_MS, seconds * 1000);
    return times.failedAt === null || nowMs() - times.failedAt >= retryMs;
  }

  /** Runs `job` when due and the budget has room beyond `keep` calls; false when it has not. */
  async function run(job: RefreshJob, keep: number): Promise<boolean> {
    if (!(await isDue(job))) return true;
    if ((await budget.left()) < jobCalls(job) + keep) return false;
    if (!(await store.lease(LEASE, owner, LEASE_MS))) return false;
    const signal = AbortSignal.timeout(options.jobTimeoutMs);
    await cache
      .refresh(jobKey(job), () => runJob(options.api, job, signal))
      .catch((err) => {
        log.warn({ err, job: jobKey(job) }, "market data refresh failed; the last data stays");
      });
    return true;
  }

  /** One round: the standing jobs, then those asked for, longest waiting first. */
  async function refreshRound(): Promise<void> {
    if (!(await store.lease(LEASE, owner, LEASE_MS))) return;
    for (const job of options.standing) {
      if (!running || !(await run(job, 0))) return;
    }
    const asked = await store.asked(ROUND_JOBS, nowMs() - ASKED_KEEP_MS);
    for (const member of asked) {
      if (!running || !(await run(JSON.parse(member) as RefreshJob, reserve))) return;
      await store.done(member);
    }
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      round = refreshRound()
        .catch(options.onStoreError)
        .finally(() => {
          if (running) schedule(options.tickMs ?? REFRESH_TICK_MS);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    ask(job) {
      store.ask(JSON.stringify(job), nowMs()).catch(options.onStoreError);
    },
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await round;
      await store.release(LEASE, owner).catch(options.onStoreError);
    },
  };
}
