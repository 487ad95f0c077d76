// Market data for Max's tools (spec §7 Assistant tools, §8 coin lookups): CoinGecko when a key is
// configured, cached and backed off; the dated offline snapshot otherwise. Never throws.
import { LRUCache } from "lru-cache";
import {
  MARKET_ERRORS,
  type MarketError,
  type MarketFreshness,
  type MarketResult,
  type NewTokens,
  type Ohlc,
  type TokenData,
  type TrendingTokens,
} from "@pragmatist/contracts";
import type { CoinGeckoConfig } from "../../config.ts";
import { type Cached, createMarketCache } from "./cache.ts";
import {
  backoffSeconds,
  byRank,
  CACHE_SECONDS,
  type CoinRef,
  createCoinGeckoApi,
  type MarketBody,
  snapOhlcDays,
} from "./coingecko.ts";
import { createSnapshotSource, loadSnapshot, type SnapshotSource } from "./snapshot.ts";

/**
 * The market data behind Max's tools. Every method resolves, never rejects: a lookup whose search
 * finds no coin gives `{ error: "No results found", query }`, any other failure `{ error: "An
 * error occurred while fetching data" }` (§8). Every result says when its figures were true
 * (`asOf`), where they came from (`source`: "coingecko" or "snapshot") and, when CoinGecko failed
 * and the last cached value is served instead, `stale: true` with its `ageSeconds`.
 */
export interface MarketService {
  /** One coin's price, 24 h change, market cap, rank, volume, supply, ATH and description (USD). */
  getTokenData(query: string): Promise<MarketResult<TokenData>>;
  /** The most recently listed coins, newest first. */
  getNewTokens(): Promise<MarketResult<NewTokens>>;
  /** CoinGecko's trending searches of the last 24 hours, in its order. */
  getTrendingTokens(): Promise<MarketResult<TrendingTokens>>;
  /**
   * A coin's USD candles over `days`, snapped to CoinGecko's periods (1, 7, 14, 30, 90, 180, 365:
   * the smallest covering `days`); the result's `days` says what was served.
   */
  getOhlc(query: string, days: number): Promise<MarketResult<Ohlc>>;
  /**
   * Names, tickers and ids the offline model can recognise (the snapshot's coins plus, when live,
   * the coins seen so far), most relevant first.
   */
  knownCoins(): ReadonlyArray<{ id: string; symbol: string; name: string }>;
  /** Releases the shared cache's connection (Redis). */
  close(): Promise<void>;
}

/** Where failures are reported (a pino logger fits). */
export interface MarketLogger {
  warn(obj: object, msg?: string): void;
}

export interface MarketServiceOptions {
  /** CoinGecko access (config.coinGecko); null serves the offline snapshot. */
  coinGecko: CoinGeckoConfig | null;
  /** Shares the cache and the 429 back-off between processes (config.redisUrl). */
  redisUrl?: string | undefined;
  /** Prefix of the cache's keys (tests isolate themselves with their own). */
  cacheKeyPrefix?: string;
  now?: () => Date;
  logger?: MarketLogger;
}

/** Coins seen in live answers, kept for knownCoins (the most recent ones). */
const SEEN_COINS = 1000;
const silentLogger: MarketLogger = { warn() {} };
const fetchFailed: MarketError = { error: MARKET_ERRORS.fetchFailed };

/** The text of a query as a cache key and a search: trimmed, one space, lower case, 100 chars. */
function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, " ").toLowerCase().slice(0, 100);
}

function served<T extends MarketFreshness>(hit: Cached<MarketBody<T>>): T {
  return { ...hit.value, source: "coingecko", stale: hit.stale, ageSeconds: hit.ageSeconds } as T;
}

/**
 * The market service: live from CoinGecko when `coinGecko` is set (see createCoinGeckoApi), each
 * endpoint cached for CoinGecko's own cache time (CACHE_SECONDS) in Redis or memory, with a shared
 * back-off after a 429; else from the offline snapshot. On a demo key, getNewTokens answers from
 * the snapshot (dated, `source: "snapshot"`): CoinGecko serves `/coins/list/new` to paid plans only.
 */
export function createMarketService(options: MarketServiceOptions): MarketService {
  const snapshot = createSnapshotSource(loadSnapshot());
  const config = options.coinGecko;
  if (!config) return snapshotService(snapshot);

  const now = options.now ?? (() => new Date());
  const log = options.logger ?? silentLogger;
  const api = createCoinGeckoApi(config, now);
  const cache = createMarketCache({
    redisUrl: options.redisUrl,
    keyPrefix: options.cacheKeyPrefix ?? "market:",
    now,
    backoffSeconds,
    onStoreError: (err) => log.warn({ err }, "market cache store failed; answering uncached"),
  });
  const seen = new LRUCache<string, CoinRef>({ max: SEEN_COINS });
  const remember = (coins: ReadonlyArray<Omit<CoinRef, "rank"> & { rank?: number | null }>) => {
    for (const { id, symbol, name, rank } of coins) {
      seen.set(id, { id, symbol, name, rank: rank ?? null });
    }
  };

  /** Runs one tool's lookup; any failure is logged and becomes the §8 fetch error. */
  async function guarded<T>(
    what: string,
    work: () => Promise<MarketResult<T>>,
  ): Promise<MarketResult<T>> {
    try {
      return await work();
    } catch (err) {
      log.warn({ err, what }, "market data unavailable");
      return fetchFailed;
    }
  }

  /** The coin CoinGecko's search ranks first for `query`, or null (no coins, or empty query). */
  async function findCoin(query: string): Promise<CoinRef | null> {
    const q = normalizeQuery(query);
    if (!q) return null;
    const hit = await cache.get(`search:${q}`, CACHE_SECONDS.search, () => api.findCoin(q));
    if (hit.value) remember([hit.value]);
    return hit.value;
  }

  return {
    getTokenData: (query) =>
      guarded<TokenData>("getTokenData", async () => {
        const coin = await findCoin(query);
        if (!coin) return { error: MARKET_ERRORS.noResults, query };
        const hit = await cache.get(`token:${coin.id}`, CACHE_SECONDS.token, () =>
          api.tokenData(coin.id),
        );
        return served<TokenData>(hit);
      }),
    getNewTokens: () =>
      guarded<NewTokens>("getNewTokens", async () => {
        if (config.plan === "demo") return snapshot.newTokens();
        const hit = await cache.get("new", CACHE_SECONDS.newTokens, () => api.newTokens());
        remember(hit.value.tokens);
        return served<NewTokens>(hit);
      }),
    getTrendingTokens: () =>
      guarded<TrendingTokens>("getTrendingTokens", async () => {
        const hit = await cache.get("trending", CACHE_SECONDS.trending, () => api.trending());
        remember(hit.value.tokens);
        return served<TrendingTokens>(hit);
      }),
    getOhlc: (query, days) =>
      guarded<Ohlc>("getOhlc", async () => {
        const coin = await findCoin(query);
        if (!coin) return { error: MARKET_ERRORS.noResults, query };
        const period = snapOhlcDays(days);
        const hit = await cache.get(`ohlc:${coin.id}:${period}`, CACHE_SECONDS.ohlc, () =>
          api.ohlc(coin, period),
        );
        return served<Ohlc>(hit);
      }),
    knownCoins() {
      const coins = new Map(snapshot.knownCoins().map((c) => [c.id, c]));
      for (const c of seen.values()) coins.set(c.id, c);
      return [...coins.values()].sort(byRank).map(({ id, symbol, name }) => ({ id, symbol, name }));
    },
    close: () => cache.close(),
  };
}

/** The service over the snapshot alone (no key configured). */
function snapshotService(snapshot: SnapshotSource): MarketService {
  const known = snapshot.knownCoins().map(({ id, symbol, name }) => ({ id, symbol, name }));
  return {
    getTokenData: async (query) => snapshot.tokenData(query),
    getNewTokens: async () => snapshot.newTokens(),
    getTrendingTokens: async () => snapshot.trending(),
    getOhlc: async (query, days) => snapshot.ohlc(query, days),
    knownCoins: () => known,
    close: async () => {},
  };
}
