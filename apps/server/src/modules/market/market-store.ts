// Where the market data's shared state lives (docs/product/markets.md#live-refresh): cached
// answers, the refreshes readers ask for, and the refresher's lease. Redis (REDIS_URL) shares them
// between processes; else this process's memory.
import { Redis } from "ioredis";
import { LRUCache } from "lru-cache";

/** The store behind the market cache and its refresher (built by `createMarketStore`). */
export interface MarketStore {
  /** The text under `key`, or null. */
  read(key: string): Promise<string | null>;
  /** Keeps `value` under `key` for `keepMs` (real time). */
  write(key: string, value: string, keepMs: number): Promise<void>;
  /**
   * Asks for `job` (a refresh, as JSON) to be done; asking again before it is done keeps the
   * first time asked (`atMs`, Unix ms), so the longest waiting goes first.
   */
  ask(job: string, atMs: number): Promise<void>;
  /**
   * The jobs asked for, longest waiting first, at most `limit`. Jobs asked for before `sinceMs`
   * are forgotten (no one still waits for them).
   */
  asked(limit: number, sinceMs: number): Promise<string[]>;
  /** Forgets `job` (done, or no longer needed). */
  done(job: string): Promise<void>;
  /**
   * Takes the lease `name` for `owner` for `ms`, or renews it when `owner` holds it; true when
   * `owner` holds it now. In memory every caller holds it (one process).
   */
  lease(name: string, owner: string, ms: number): Promise<boolean>;
  /** Gives the lease up when `owner` holds it (another process may take it at once). */
  release(name: string, owner: string): Promise<void>;
  /** The Redis connection (the call budget counts in it), or null for memory. */
  readonly redis: Redis | null;
  close(): Promise<void>;
}

/** Entries kept in memory (per key: a search, a coin, an OHLC period, trending, new coins). */
const MEMORY_ENTRIES = 2000;

/** Takes the lease when free or renews it for its holder (Redis's single-instance lock pattern). */
const TAKE_LEASE = `
local holder = redis.call("get", KEYS[1])
if holder == false then redis.call("set", KEYS[1], ARGV[1], "PX", ARGV[2]) return 1 end
if holder == ARGV[1] then redis.call("pexpire", KEYS[1], ARGV[2]) return 1 end
return 0`;
/** Deletes the lease only when `owner` holds it (never another holder's). */
const RELEASE_LEASE = `
if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end
return 0`;

function memoryStore(prefix: string): MarketStore {
  const entries = new LRUCache<string, string>({ max: MEMORY_ENTRIES });
  const jobs = new Map<string, number>();
  return {
    async read(key) {
      return entries.get(prefix + key) ?? null;
    },
    async write(key, value, keepMs) {
      entries.set(prefix + key, value, { ttl: keepMs });
    },
    async ask(job, atMs) {
      if (!jobs.has(job)) jobs.set(job, atMs);
    },
    async asked(limit, sinceMs) {
      for (const [job, at] of jobs) if (at < sinceMs) jobs.delete(job);
      return [...jobs.entries()]
        .sort((a, b) => a[1] - b[1])
        .slice(0, limit)
        .map(([job]) => job);
    },
    async done(job) {
      jobs.delete(job);
    },
    lease: async () => true,
    async release() {},
    redis: null,
    async close() {
      entries.clear();
      jobs.clear();
    },
  };
}

function redisStore(url: string, prefix: string, onError: (error: unknown) => void): MarketStore {
  // Commands wait for the connection (so the first reads after start see the shared cache) but
  // give up quickly when Redis is away: the cache then acts as empty, and CoinGecko answers.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
  redis.on("error", onError);
  const jobsKey = `${prefix}asked`;
  return {
    read: (key) => redis.get(prefix + key),
    async write(key, value, keepMs) {
      await redis.set(prefix + key, value, "PX", Math.max(1, Math.round(keepMs)));
    },
    async ask(job, atMs) {
      await redis.zadd(jobsKey, "NX", String(atMs), job);
    },
    async asked(limit, sinceMs) {
      await redis.zremrangebyscore(jobsKey, "-inf", `(${sinceMs}`);
      return redis.zrange(jobsKey, "0", String(limit - 1));
    },
    async done(job) {
      await redis.zrem(jobsKey, job);
    },
    async lease(name, owner, ms) {
      return (await redis.eval(TAKE_LEASE, 1, prefix + name, owner, ms)) === 1;
    },
    async release(name, owner) {
      await redis.eval(RELEASE_LEASE, 1, prefix + name, owner);
    },
    redis,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The store over Redis when `redisUrl` is set, else over this process's memory; every key starts
 * with `prefix` (e.g. "market:"). `onError` hears the Redis client's errors.
 */
export function createMarketStore(
  redisUrl: string | undefined,
  prefix: string,
  onError: (error: unknown) => void,
): MarketStore {
  return redisUrl ? redisStore(redisUrl, prefix, onError) : memoryStore(prefix);
}
