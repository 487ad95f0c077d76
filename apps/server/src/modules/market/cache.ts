// The market-data cache (docs/product/markets.md#live-refresh): a value is served at any age
// without waiting on CoinGecko, and one older than CoinGecko's own cache time is refreshed in the
// background; a failed refresh keeps the value, marked stale. A 429 starts a shared back-off.
import { LRUCache } from "lru-cache";
import type { MarketStore } from "./market-store.ts";

/** A cached value and how old it is at answer time. */
export interface Cached<T> {
  value: T;
  /**
   * True when the value is older than its cache time and a fresher one could not be had: a
   * refresh of it failed since it was fetched, or CoinGecko is being backed off.
   */
  stale: boolean;
  ageSeconds: number;
}

/** When a stored value was fetched and when a refresh of it last failed (Unix ms). */
export interface CacheTimes {
  fetchedAt: number;
  failedAt: number | null;
}

/** Thrown when nothing is cached and CoinGecko is not being asked because of a recent 429. */
export class BackingOffError extends Error {
  constructor(untilMs: number) {
    super(`CoinGecko rate limit: backing off until ${new Date(untilMs).toISOString()}`);
    this.name = "BackingOffError";
  }
}

/** The market data cache over a MarketStore (built by `createMarketCache`). */
export interface MarketCache {
  /**
   * The value under `key` at any age, without calling upstream, or null when none is stored.
   * When it is older than `ttlSeconds` (or there is none), `expired` is called (with whether a
   * value is stored): the caller asks for a refresh in the background.
   */
  lookup<T>(
    key: string,
    ttlSeconds: number,
    expired: (stored: boolean) => void,
  ): Promise<Cached<T> | null>;
  /**
   * `lookup` (`expired` is called for a stored value only), and when nothing is stored, `refresh`
   * now: the one wait on upstream.
   */
  get<T>(
    key: string,
    ttlSeconds: number,
    fetch: () => Promise<T>,
    expired: () => void,
  ): Promise<Cached<T>>;
  /**
   * Calls `fetch` now (once per key at a time in this process) and stores its value. When it
   * fails, the stored value is kept and marked failed (served stale from then on) and the error
   * is rethrown; a rate limit (`backoffSeconds`) also starts the shared back-off. While backing
   * off, throws BackingOffError without calling. Values must survive JSON.
   */
  refresh<T>(key: string, fetch: () => Promise<T>): Promise<Cached<T>>;
  /** When the value under `key` was fetched and last failed to refresh; null when none is stored. */
  times(key: string): Promise<CacheTimes | null>;
  close(): Promise<void>;
}

/** How `createMarketCache` is built. */
export interface MarketCacheOptions {
  store: MarketStore;
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
const BACKOFF_KEY = "backoff";

/** What the store holds under a key: the value, when it was fetched, when a refresh failed (ms). */
interface Entry {
  v: unknown;
  t: number;
  f?: number;
}

/**
 * Decoded entries kept per process, by key: a lookup whose stored JSON has not changed since the
 * last read is answered without parsing it again (the markets list is about 240 KB of JSON, read
 * several times by each coin page render).
 */
const DECODED_ENTRIES = 64;

/** `value` and everything in it frozen: decoded entries are shared by every caller. */
function deepFrozen<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFrozen(inner);
  }
  return value;
}

/**
 * Entries of `store` as JSON, each decoded once per stored version (DECODED_ENTRIES) and frozen,
 * since callers share it; a failing store reads as empty and writes nothing (reported).
 */
function entriesOf(store: MarketStore, onStoreError: (error: unknown) => void) {
  const decoded = new LRUCache<string, { raw: string; entry: Entry }>({ max: DECODED_ENTRIES });
  return {
    async read(key: string): Promise<Entry | null> {
      try {
        const raw = await store.read(key);
        if (raw === null) return null;
        const known = decoded.get(key);
        if (known?.raw === raw) return known.entry;
        const entry = deepFrozen(JSON.parse(raw) as Entry);
        decoded.set(key, { raw, entry });
        return entry;
      } catch (error) {
        onStoreError(error);
        return null;
      }
    },
    async write(key: string, entry: Entry, keepMs: number): Promise<void> {
      try {
        await store.write(key, JSON.stringify(entry), keepMs);
      } catch (error) {
        onStoreError(error);
      }
    },
  };
}

/** Creates the cache over `options.store` (see MarketCache). */
export function createMarketCache(options: MarketCacheOptions): MarketCache {
  const { store } = options;
  const { read, write } = entriesOf(store, options.onStoreError);
  const inFlight = new Map<string, Promise<Cached<unknown>>>();
  const nowMs = () => options.now().getTime();
  const observe = options.observe ?? (() => {});

  /** The end of the back-off in Unix ms (0 when none). */
  async function backoffUntil(): Promise<number> {
    const backoff = await read(BACKOFF_KEY);
    return typeof backoff?.v === "number" ? backoff.v : 0;
  }

  function served<T>(entry: Entry, stale: boolean): Cached<T> {
    const ageSeconds = Math.max(0, Math.floor((nowMs() - entry.t) / 1000));
    return { value: entry.v as T, stale, ageSeconds };
  }

  async function fetchAndStore<T>(key: string, fetch: () => Promise<T>): Promise<Cached<T>> {
    const until = await backoffUntil();
    if (until > nowMs()) throw new BackingOffError(until);
    try {
      observe("fetch", key);
      const fresh: Entry = { v: await fetch(), t: nowMs() };
      await write(key, fresh, STALE_KEEP_SECONDS * 1000);
      return served<T>(fresh, false);
    } catch (error) {
      observe("fetch_failed", key);
      const seconds = options.backoffSeconds(error);
      if (seconds !== null) {
        const backoff: Entry = { v: nowMs() + seconds * 1000, t: nowMs() };
        await write(BACKOFF_KEY, backoff, seconds * 1000);
      }
      const kept = await read(key);
      if (kept) {
        const keepMs = kept.t + STALE_KEEP_SECONDS * 1000 - nowMs();
        if (keepMs > 0) await write(key, { ...kept, f: nowMs() }, keepMs);
      }
      throw error;
    }
  }

  function refresh<T>(key: string, fetch: () => Promise<T>): Promise<Cached<T>> {
    let work = inFlight.get(key) as Promise<Cached<T>> | undefined;
    if (!work) {
      work = fetchAndStore(key, fetch).finally(() => inFlight.delete(key));
      inFlight.set(key, work);
    }
    return work;
  }

  async function lookup<T>(key: string, ttlSeconds: number, expired: (stored: boolean) => void) {
    const entry = await read(key);
    if (entry && nowMs() - entry.t < ttlSeconds * 1000) return served<T>(entry, false);
    expired(entry !== null);
    if (!entry) return null;
    const stale = entry.f !== undefined || (await backoffUntil()) > nowMs();
    if (stale) observe("stale", key);
    return served<T>(entry, stale);
  }

  return {
    lookup,
    async get<T>(key: string, ttl: number, fetch: () => Promise<T>, expired: () => void) {
      const hit = await lookup<T>(key, ttl, (stored) => stored && expired());
      return hit ?? refresh(key, fetch);
    },
    refresh,
    async times(key) {
      const entry = await read(key);
      return entry && { fetchedAt: entry.t, failedAt: entry.f ?? null };
    },
    close: () => store.close(),
  };
}
