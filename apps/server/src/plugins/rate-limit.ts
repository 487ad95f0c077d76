// Rate limits shared by every process: Redis (REDIS_URL) when configured, memory otherwise; the
// table's limiters (http/rate-limits.ts) and the plugin counting those the routes count.
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../errors.ts";
import { RATE_LIMITS, type RateLimitName, type ServiceLimitName } from "../http/rate-limits.ts";

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

/** The limiters of the table's rules that services count (http/rate-limits.ts). */
export interface RateLimits {
  /** The limiter of rule `name`: one per rule and process, whoever asks. */
  of(name: ServiceLimitName): RateLimit;
}

/** Every rule's limiter (the plugin's view; services get RateLimits, their own rules only). */
export interface TableLimits {
  /** The limiter of rule `name`: one per rule and process, whoever asks. */
  of(name: RateLimitName): RateLimit;
}

/** Every rule's limiter, made on first use over `store` and kept (one count per rule). */
export function createRateLimits(store: Pick<RateLimitFactory, "create">): TableLimits {
  const made = new Map<RateLimitName, RateLimit>();
  return {
    of(name) {
      let limit = made.get(name);
      if (!limit) {
        const { points, seconds } = RATE_LIMITS[name];
        limit = store.create(name, points, seconds);
        made.set(name, limit);
      }
      return limit;
    },
  };
}

/** The key a route-counted rule counts for `request`; null for a member rule and no member. */
function routeKey(per: "ip" | "member", request: FastifyRequest): string | null {
  if (per === "ip") return `ip:${request.ip}`;
  return request.user ? `user:${request.user.id}` : null;
}

/**
 * The rate-limit plugin: a route's `config.rateLimits` names its rules (http/rate-limits.ts); those
 * counted by the route are counted in order, after the route's own preHandlers and just before its
 * handler (a 429 RateLimitError with `details.retryAfterSeconds` when over). Register it before the
 * routes.
 * @throws Error when the app is ready and a rule of the table is named by no route (a limit no
 *   reader of the routes would find).
 */
export const rateLimitPlugin = fp<{ limits: TableLimits }>(async function rateLimitPlugin(
  app: FastifyInstance,
  { limits },
) {
  const named = new Set<RateLimitName>();
  app.addHook("onRoute", (route) => {
    const names = route.config?.rateLimits ?? [];
    for (const name of names) named.add(name);
    const counted = names.flatMap((name) => {
      const rule = RATE_LIMITS[name];
      return rule.counted === "route" ? [{ limit: limits.of(name), per: rule.per }] : [];
    });
    if (counted.length === 0) return;
    const count: preHandlerHookHandler = async (request) => {
      for (const { limit, per } of counted) {
        const key = routeKey(per, request);
        if (key !== null) await limit.consume(key);
      }
    };
    route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), count];
  });
  app.addHook("onReady", async () => {
    const unnamed = Object.keys(RATE_LIMITS).filter((n) => !named.has(n as RateLimitName));
    if (unnamed.length > 0) {
      throw new Error(`Rate limits named by no route (config.rateLimits): ${unnamed.join(", ")}`);
    }
  });
});
