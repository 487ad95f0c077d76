// The plan's CoinGecko rate limit as a budget of calls (COINGECKO_CALLS_PER_MINUTE,
// docs/product/markets.md#live-refresh), counted by rate-limiter-flexible in Redis, so every
// process spends one budget, or in this process's memory.
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

/** The calls CoinGecko may be sent, per window (built by `createCallBudget`). */
export interface CallBudget {
  /** Calls in one window. */
  readonly calls: number;
  /**
   * Counts one call.
   * @returns 0 when it fits the budget, else the milliseconds until the window ends (the call
   * must not be made).
   */
  take(): Promise<number>;
  /** The calls left in the current window (the whole budget when none was made). */
  left(): Promise<number>;
}

/** How `createCallBudget` is built. */
export interface CallBudgetOptions {
  /** Redis to count in (shared by every process), or null for this process's memory. */
  redis: Redis | null;
  /** Calls allowed per window. */
  calls: number;
  /** The window, in seconds (60: calls a minute). */
  windowSeconds: number;
  /** Prefix of the counter's key (the market store's, so tests keep to their own). */
  keyPrefix: string;
}

const KEY = "coingecko";

/**
 * A fixed-window budget of `calls` per `windowSeconds`. With Redis every process counts in one
 * window; while Redis is unreachable each process counts in memory (rate-limiter-flexible's
 * insurance limiter), so the plan's limit may be passed then and CoinGecko's 429 back-off takes
 * over (docs/product/max.md#market-data).
 */
export function createCallBudget(options: CallBudgetOptions): CallBudget {
  const limits = {
    keyPrefix: `${options.keyPrefix}budget`,
    points: options.calls,
    duration: options.windowSeconds,
  };
  const limiter = options.redis
    ? new RateLimiterRedis({
        ...limits,
        storeClient: options.redis,
        insuranceLimiter: new RateLimiterMemory(limits),
      })
    : new RateLimiterMemory(limits);
  return {
    calls: options.calls,
    async take() {
      try {
        await limiter.consume(KEY);
        return 0;
      } catch (e) {
        if (e instanceof RateLimiterRes) return Math.max(1, e.msBeforeNext);
        throw e;
      }
    },
    async left() {
      const used = (await limiter.get(KEY))?.consumedPoints ?? 0;
      return Math.max(0, options.calls - used);
    },
  };
}
