// The market-data cache: fresh for CoinGecko's own cache time, kept longer as a stale fallback,
// with a shared back-off after a 429. Redis (REDIS_URL) shares it between processes; else memory.
import { Redis } from "ioredis";
import { LRUCache } from "lru-cache";

/** A cached value and how old it is at answer time. */
export interface Cached<T> {
  value: T;
  /** True when a fresh value could not be had (fetch failed, or backing off) and this is older. */
  stale: boolean;
  ageSeconds: number;
}

/** Thrown when nothing is cached and CoinGecko is not being asked because of a recent 429. */
class BackingOffError extends Error {
  constructor(untilMs: number) {
    super(`CoinGecko rate limit: backing off until ${new Date(untilMs).toISOString()}`);
    this.name = "BackingOffError";
  }
}

/** The market data cache, in Redis or in memory (built by `createMarketCache`). */
export interface MarketCache {
  /**
   * The value under `key`. A value stored less than `ttlSeconds` ago is served as is. Otherwise
   * `fetch` is called (once per key at a time in this process) and its value stored. When `fetch`
   * fails, or while backing off after a 429, the last stored value (kept STALE_KEEP_SECONDS) is
   * served with `stale: true`; with none, the fetch error (or a BackingOffError) is thrown.
   * Values must survive JSON.
   */
  get<T>(key: string, ttlSeconds: number, fetch: () => Promise<T>): Promise<Cached<T>>;
  close(): Promise<void>;
}

/** How `createMarketCache` is built. */
export interface MarketCacheOptions {
  /** Redis URL; memory in this process when undefined. */
  redisUrl: string | undefined;
  /** Prepended to every key, e.g. "market:". */
  keyPrefix: string;
  now: () => Date;
  /** Seconds to stop calling upstream after `error`, or null when `error` is no rate limit. */
  backoffSeconds: (error: unknown) => number | null;
  /** Reports a failure of the store itself (the cache then acts as empty). */
  onStoreError: (error: unknown) => void;
  /**
   * Hears, by key, each `fetch` started ("fetch"), each that failed ("fetch_failed") and each
   * answer served stale ("stale"): the metrics of calls upstream (metrics.ts).
   */
  observe?: (event: "fetch" | "fetch_failed" | "stale", key: string) => void;
}

/** How long a value is kept after it was stored, as the fallback when CoinGecko fails. */
const STALE_KEEP_SECONDS = 24 * 3600;
/** Entries kept in memory (per key: a search, a coin, an OHLC period, trending, new coins). */
const MEMORY_ENTRIES = 2000;
const BACKOFF_KEY = "backoff";

/** What the store holds under a key: the value and when it was fetched (Unix ms). */
interface Entry {
  v: unknown;
  t: number;
}

interface Store {
  read(key: string): Promise<string | null>;
  /** Keeps `value` for `keepMs` (real time). */
  write(key: string, value: string, keepMs: number): Promise<void>;
  close(): Promise<void>;
}

function memoryStore(): Store {
  const entries = new LRUCache<string, string>({ max: MEMORY_ENTRIES });
  return {
    async read(key) {
      return entries.get(key) ?? null;
    },
    async write(key, value, keepMs) {
      entries.set(key, value, { ttl: keepMs });
    },
    async close() {
      entries.clear();
    },
  };
}

function redisStore(url: string, onError: (error: unknown) => void): Store {
  // Commands wait for the connection (so the first reads after start see the shared cache) but
  // give up quickly when Redis is away: the cache then acts as empty, and CoinGecko answers.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
  redis.on("error", onError);
  return {
    read: (key) => redis.get(key),
    async write(key, value, keepMs) {
      await redis.set(key, value, "PX", Math.max(1, Math.round(keepMs)));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Creates the cache over Redis when `redisUrl` is set, else over memory (see MarketCache). */
export function createMarketCache(options: MarketCacheOptions): MarketCache {
  const store = options.redisUrl
    ? redisStore(options.redisUrl, options.onStoreError)
    : memoryStore();
  const inFlight = new Map<string, Promise<Cached<unknown>>>();
  const nowMs = () => options.now().getTime();
  const observe = options.observe ?? (() => {});

  async function read(key: string): Promise<Entry | null> {
    try {
      const raw = await store.read(options.keyPrefix + key);
      return raw === null ? null : (JSON.parse(raw) as Entry);
    } catch (error) {
      options.onStoreError(error);
      return null;
    }
  }

  async function write(key: string, value: string, keepMs: number): Promise<void> {
    try {
      await store.write(options.keyPrefix + key, value, keepMs);
    } catch (error) {
      options.onStoreError(error);
    }
  }

  function served<T>(entry: Entry, stale: boolean): Cached<T> {
    const ageSeconds = Math.max(0, Math.floor((nowMs() - entry.t) / 1000));
    return { value: entry.v as T, stale, ageSeconds };
  }

  async function refresh<T>(key: string, entry: Entry | null, fetch: () => Promise<T>) {
    const backoff = await read(BACKOFF_KEY);
    const until = typeof backoff?.v === "number" ? backoff.v : 0;
    if (until > nowMs()) {
      if (entry) return served<T>(entry, true);
      throw new BackingOffError(until);
    }
    try {
      observe("fetch", key);
      const value = await fetch();
      const fresh: Entry = { v: value, t: nowMs() };
      await write(key, JSON.stringify(fresh), STALE_KEEP_SECONDS * 1000);
      return served<T>(fresh, false);
    } catch (error) {
      observe("fetch_failed", key);
      const seconds = options.backoffSeconds(error);
      if (seconds !== null) {
        const backoffEntry: Entry = { v: nowMs() + seconds * 1000, t: nowMs() };
        await write(BACKOFF_KEY, JSON.stringify(backoffEntry), seconds * 1000);
      }
      if (entry) return served<T>(entry, true);
      throw error;
    }
  }

  return {
    async get<T>(key: string, ttlSeconds: number, fetch: () => Promise<T>) {
      const entry = await read(key);
      if (entry && nowMs() - entry.t < ttlSeconds * 1000) return served<T>(entry, false);
      let work = inFlight.get(key) as Promise<Cached<T>> | undefined;
      if (!work) {
        work = refresh(key, entry, fetch).finally(() => inFlight.delete(key));
        inFlight.set(key, work);
      }
      const answer = await work;
      if (answer.stale) observe("stale", key);
      return answer;
    },
    close: () => store.close(),
  };
}
