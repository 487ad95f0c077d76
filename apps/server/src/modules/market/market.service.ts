// Market data for Max's tools (docs/product/max.md#max-tools, #market-data): CoinGecko when a key is
// configured, cached and backed off; the dated offline snapshot otherwise. Never throws.
import { NotFoundError } from "@coingecko/coingecko-typescript";
import { LRUCache } from "lru-cache";
import {
  MARKET_ERRORS,
  type MarketError,
  type MarketFreshness,
  type MarketRanking,
  type MarketResult,
  type NewTokens,
  type Ohlc,
  type TokenData,
  type TrendingTokens,
} from "@pragmatist/contracts";
import type { CoinGeckoConfig } from "../../config.ts";
import type { Metrics } from "../../metrics.ts";
import { type Cached, createMarketCache, type MarketCache } from "./cache.ts";
import {
  backoffSeconds,
  byRank,
  CACHE_SECONDS,
  MARKET_CALL_BUDGET_MS,
  type CoinGeckoApi,
  type CoinRef,
  createCoinGeckoApi,
  type MarketCoin,
  snapOhlcDays,
} from "./coingecko.ts";
import type { MarketBody } from "./coingecko-bodies.ts";
import { type RankingRequest, rankMarket } from "./ranking.ts";
import {
  createSnapshotSource,
  loadSnapshot,
  type MarketCoins,
  type SnapshotSource,
} from "./snapshot.ts";

/**
 * The market data behind Max's tools. Every method resolves, never rejects: a lookup whose search
 * finds no coin gives `{ error: "No results found", query }`, any other failure `{ error: "An
 * error occurred while fetching data" }` (docs/product/max.md#max-tools), each with the `source` it
 * searched. Every result says when its figures were true (`asOf`), where they came from
 * (`source`: "coingecko" or "snapshot") and, when CoinGecko failed and the last cached value is
 * served instead, `stale: true` with its `ageSeconds`.
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
  getOhlc(query: string, days: number | "max"): Promise<MarketResult<Ohlc>>;
  /**
   * The whole market ranked by one figure (rankMarket): the snapshot's coins offline, live the
   * MARKET_UNIVERSE largest coins by market cap from one `/coins/markets` call.
   */
  getMarket(request: RankingRequest): Promise<MarketResult<MarketRanking>>;
  /**
   * The whole market getMarket ranks, by market cap, with each coin's 7-day sparkline where the
   * data has one (live: the same cached `/coins/markets` call; the snapshot has none); `asOf` is
   * the newest coin's (docs/product/markets.md#market-data-pages).
   */
  listCoins(): Promise<MarketResult<MarketCoins>>;
  /**
   * The coin whose CoinGecko id is exactly `id` (no search, no misspellings: a coin page's
   * address), or noResults when the data has no such coin.
   */
  getCoin(id: string): Promise<MarketResult<TokenData>>;
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

/** How `createMarketService` is built. */
export interface MarketServiceOptions {
  /** CoinGecko access (config.coinGecko); null serves the offline snapshot. */
  coinGecko: CoinGeckoConfig | null;
  /** Shares the cache and the 429 back-off between processes (config.redisUrl). */
  redisUrl?: string | undefined;
  /** Prefix of the cache's keys (tests isolate themselves with their own). */
  cacheKeyPrefix?: string;
  now?: () => Date;
  logger?: MarketLogger;
  /** How long one tool call may wait for CoinGecko, in ms (MARKET_CALL_BUDGET_MS). */
  callBudgetMs?: number;
  /** Where CoinGecko calls, failures, stale answers and the cache's Redis errors are counted. */
  metrics?: Pick<
    Metrics,
    "coinGeckoCalls" | "coinGeckoErrors" | "coinGeckoStaleServes" | "redisErrors"
  >;
}

/** Coins seen in live answers, kept for knownCoins (the most recent ones). */
const SEEN_COINS = 1000;
const silentLogger: MarketLogger = { warn() {} };
const fetchFailed: MarketError = { error: MARKET_ERRORS.fetchFailed, source: "coingecko" };

/** The text of a query as a cache key and a search: trimmed, one space, lower case, 100 chars. */
function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, " ").toLowerCase().slice(0, 100);
}

function served<T extends MarketFreshness>(hit: Cached<MarketBody<T>>): T {
  return { ...hit.value, source: "coingecko", stale: hit.stale, ageSeconds: hit.ageSeconds } as T;
}

/** What the live service's lookups share. */
interface LiveContext {
  api: CoinGeckoApi;
  cache: MarketCache;
  /** Coins seen in live answers, by id (the SEEN_COINS most recent). */
  seen: LRUCache<string, CoinRef>;
  log: MarketLogger;
  /** Ends each tool call's wait for CoinGecko (see `guarded`), in ms. */
  budgetMs: number;
}

/** Keeps `coins` among the seen coins, for knownCoins. */
function remember(
  seen: LRUCache<string, CoinRef>,
  coins: ReadonlyArray<Omit<CoinRef, "rank"> & { rank?: number | null }>,
): void {
  for (const { id, symbol, name, rank } of coins) {
    seen.set(id, { id, symbol, name, rank: rank ?? null });
  }
}

/**
 * Runs one tool's lookup with a signal that aborts its CoinGecko requests after `ctx.budgetMs`
 * (the cache then serves the last value with its age); any failure is logged and becomes
 * the fetch error (docs/product/max.md#max-tools).
 */
async function guarded<T>(
  ctx: Pick<LiveContext, "log" | "budgetMs">,
  what: string,
  work: (signal: AbortSignal) => Promise<MarketResult<T>>,
): Promise<MarketResult<T>> {
  try {
    return await work(AbortSignal.timeout(ctx.budgetMs));
  } catch (err) {
    ctx.log.warn({ err, what }, "market data unavailable");
    return fetchFailed;
  }
}

/** The coin CoinGecko's search ranks first for `query`, or null (no coins, or empty query). */
async function findCoin(
  ctx: LiveContext,
  query: string,
  signal: AbortSignal,
): Promise<CoinRef | null> {
  const q = normalizeQuery(query);
  if (!q) return null;
  const hit = await ctx.cache.get(`search:${q}`, CACHE_SECONDS.search, () =>
    ctx.api.findCoin(q, signal),
  );
  if (hit.value) remember(ctx.seen, [hit.value]);
  return hit.value;
}

/** `MarketService.getTokenData`, live. */
async function liveTokenData(
  ctx: LiveContext,
  query: string,
  signal: AbortSignal,
): Promise<MarketResult<TokenData>> {
  const coin = await findCoin(ctx, query, signal);
  if (!coin) return { error: MARKET_ERRORS.noResults, query, source: "coingecko" };
  const hit = await ctx.cache.get(`token:${coin.id}`, CACHE_SECONDS.token, () =>
    ctx.api.tokenData(coin.id, signal),
  );
  return served<TokenData>(hit);
}

/** `MarketService.getOhlc`, live. */
async function liveOhlc(
  ctx: LiveContext,
  query: string,
  days: number | "max",
  signal: AbortSignal,
): Promise<MarketResult<Ohlc>> {
  const coin = await findCoin(ctx, query, signal);
  if (!coin) return { error: MARKET_ERRORS.noResults, query, source: "coingecko" };
  const period = snapOhlcDays(days);
  const hit = await ctx.cache.get(`ohlc:${coin.id}:${period}`, CACHE_SECONDS.ohlc, () =>
    ctx.api.ohlc(coin, period, signal),
  );
  return served<Ohlc>(hit);
}

/** `MarketService.getCoin`, live: `token:{id}` as getTokenData caches it; CoinGecko's 404 is noResults. */
async function liveCoin(
  ctx: LiveContext,
  id: string,
  signal: AbortSignal,
): Promise<MarketResult<TokenData>> {
  try {
    const hit = await ctx.cache.get(`token:${id}`, CACHE_SECONDS.token, () =>
      ctx.api.tokenData(id, signal),
    );
    return served<TokenData>(hit);
  } catch (err) {
    if (err instanceof NotFoundError) {
      return { error: MARKET_ERRORS.noResults, query: id, source: "coingecko" };
    }
    throw err;
  }
}

/** The live market list: the cached `/coins/markets` page, dated by its newest coin. */
async function liveMarkets(ctx: LiveContext, signal: AbortSignal): Promise<Cached<MarketCoin[]>> {
  const hit = await ctx.cache.get("markets", CACHE_SECONDS.markets, () => ctx.api.markets(signal));
  remember(ctx.seen, hit.value);
  return hit;
}

/**
 * The market cache's `observe` counting into `metrics` by CoinGecko endpoint, the cache key's
 * first part (search, token, ohlc, trending, new): a bounded label, never the coin or query.
 */
function countLookups(metrics: NonNullable<MarketServiceOptions["metrics"]>) {
  const counters = {
    fetch: metrics.coinGeckoCalls,
    fetch_failed: metrics.coinGeckoErrors,
    stale: metrics.coinGeckoStaleServes,
  };
  return (event: keyof typeof counters, key: string) =>
    counters[event].inc({ endpoint: key.split(":")[0] ?? key });
}

/** The snapshot's coins and the seen ones (these win), by rank, as knownCoins lists them. */
function knownCoins(snapshot: SnapshotSource, seen: LRUCache<string, CoinRef>) {
  const coins = new Map(snapshot.knownCoins().map((c) => [c.id, c]));
  for (const c of seen.values()) coins.set(c.id, c);
  return [...coins.values()].sort(byRank).map(({ id, symbol, name }) => ({ id, symbol, name }));
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
    onStoreError: (err) => {
      options.metrics?.redisErrors.inc({ client: "market-cache" });
      log.warn({ err }, "market cache store failed; answering uncached");
    },
    observe: options.metrics && countLookups(options.metrics),
  });
  const ctx: LiveContext = {
    api,
    cache,
    seen: new LRUCache({ max: SEEN_COINS }),
    log,
    budgetMs: options.callBudgetMs ?? MARKET_CALL_BUDGET_MS,
  };

  return {
    getTokenData: (query) =>
      guarded(ctx, "getTokenData", (signal) => liveTokenData(ctx, query, signal)),
    getNewTokens: () =>
      guarded<NewTokens>(ctx, "getNewTokens", async (signal) => {
        if (config.plan === "demo") return snapshot.newTokens();
        const hit = await cache.get("new", CACHE_SECONDS.newTokens, () => api.newTokens(signal));
        remember(ctx.seen, hit.value.tokens);
        return served<NewTokens>(hit);
      }),
    getTrendingTokens: () =>
      guarded<TrendingTokens>(ctx, "getTrendingTokens", async (signal) => {
        const hit = await cache.get("trending", CACHE_SECONDS.trending, () => api.trending(signal));
        remember(ctx.seen, hit.value.tokens);
        return served<TrendingTokens>(hit);
      }),
    getOhlc: (query, days) =>
      guarded(ctx, "getOhlc", (signal) => liveOhlc(ctx, query, days, signal)),
    getMarket: (request) =>
      guarded<MarketRanking>(ctx, "getMarket", async (signal) => {
        const hit = await liveMarkets(ctx, signal);
        return served<MarketRanking>({ ...hit, value: rankMarket(hit.value, request) });
      }),
    listCoins: () =>
      guarded<MarketCoins>(ctx, "listCoins", async (signal) => {
        const hit = await liveMarkets(ctx, signal);
        const asOf = hit.value.reduce((newest, c) => (c.asOf > newest ? c.asOf : newest), "");
        return served<MarketCoins>({ ...hit, value: { coins: hit.value, asOf } });
      }),
    getCoin: (id) => guarded(ctx, "getCoin", (signal) => liveCoin(ctx, id, signal)),
    knownCoins: () => knownCoins(snapshot, ctx.seen),
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
    getMarket: async (request) => snapshot.market(request),
    listCoins: async () => snapshot.coins(),
    getCoin: async (id) => snapshot.coin(id),
    knownCoins: () => known,
    close: async () => {},
  };
}
