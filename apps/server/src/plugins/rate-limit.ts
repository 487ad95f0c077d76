// Rate limits shared by every process: Redis (REDIS_URL) when configured, memory otherwise.
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../errors.ts";

/** One named limiter: a budget of events per key and time window. */
export interface RateLimit {
  /**
   * Counts one event for each key (e.g. `ip:1.2.3.4`, `email:a@b.c`); when any key is over its
   * budget, throws a 429 RateLimitError with `details.retryAfterSeconds`.
   */
  consume(...keys: string[]): Promise<void>;
  /** Forgets the keys (e.g. after a successful sign-in). */
  reset(...keys: string[]): Promise<void>;
  /** Events counted for `key` in its current window (0 when none), without counting one. */
  used(key: string): Promise<number>;
  /** Gives one event back to each key (e.g. an answer that failed on the provider's side). */
  refund(...keys: string[]): Promise<void>;
}

/** A rate to keep rather than refuse: outgoing work waits for its turn (built by `pace`). */
export interface Pace {
  /**
   * Resolves once one more event fits the rate, waiting as long as the store says (without
   * keeping the process alive).
   * @throws the signal's reason when `signal` aborts the wait.
   */
  take(signal?: AbortSignal): Promise<void>;
}

/** Makes limiters over one store: Redis when REDIS_URL is set, else this process's memory. */
export interface RateLimitFactory {
  /** A limiter allowing `points` events per `durationSeconds` per key. */
  create(name: string, points: number, durationSeconds: number): RateLimit;
  /**
   * A pace of `points` events per `durationSeconds`, shared by every process on the store
   * (newsletter sending: NEWSLETTER_RATE_PER_MINUTE).
   */
  pace(name: string, points: number, durationSeconds: number): Pace;
  /**
   * Resolves once the shared store can be used (at once for memory). Without waiting, the first
   * requests after start would fall back to per-process memory limits.
   * @throws Error when REDIS_URL is set but Redis does not answer within 5 s.
   */
  ready(): Promise<void>;
  /**
   * Resolves when the shared store answers a PING now (at once for memory): readiness's Redis
   * check (modules/health). Fails at once while the connection is down (no offline queue).
   * @throws the client's error when Redis is unreachable.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A RateLimit over one rate-limiter-flexible limiter (see RateLimit for each method). */
function rateLimit(limiter: RateLimiterMemory | RateLimiterRedis): RateLimit {
  return {
    async consume(...keys) {
      for (const key of keys) {
        try {
          await limiter.consume(key);
        } catch (e) {
          if (!(e instanceof RateLimiterRes)) throw e;
          const retryAfterSeconds = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
          const message = "Too many requests, please try again later.";
          throw new AppError(429, "RateLimitError", message, { retryAfterSeconds });
        }
      }
    },
    async reset(...keys) {
      await Promise.all(keys.map((k) => limiter.delete(k)));
    },
    async used(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
    async refund(...keys) {
      await Promise.all(keys.map((k) => limiter.reward(k, 1)));
    },
  };
}

/**
 * Creates limiters on Redis when `redisUrl` is set, else in this process's memory. `onRedisError`
 * hears each error the Redis client emits (a lost or refused connection, each reconnection
 * attempt); the limits then fall back to this process's memory until Redis is back.
 */
export function createRateLimitFactory(
  redisUrl: string | undefined,
  onRedisError: (error: unknown) => void = () => {},
): RateLimitFactory {
  const redis = redisUrl
    ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : null;
  redis?.on("error", onRedisError);
  const limiterOf = (name: string, points: number, durationSeconds: number) => {
    const options = { keyPrefix: `rl:${name}`, points, duration: durationSeconds };
    return redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  };
  return {
    pace(name, points, durationSeconds) {
      const limiter = limiterOf(name, points, durationSeconds);
      return {
        async take(signal) {
          for (;;) {
            try {
              await limiter.consume("all");
              return;
            } catch (e) {
              if (!(e instanceof RateLimiterRes)) throw e;
              await sleep(Math.max(1, e.msBeforeNext), undefined, { signal, ref: false });
            }
          }
        },
      };
    },
    create: (name, points, durationSeconds) => rateLimit(limiterOf(name, points, durationSeconds)),
    async ready() {
      if (!redis || redis.status === "ready") return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error("Redis (REDIS_URL) did not answer within 5 s")),
          5000,
        );
        redis.once("ready", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async ping() {
      await redis?.ping();
    },
    async close() {
      // quit() refuses a connection that is not up yet (offline queue off): drop it instead.
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}
