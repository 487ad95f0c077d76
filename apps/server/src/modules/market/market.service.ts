// Market data for Max's tools (docs/product/max.md#max-tools, #market-data): CoinGecko when a key is
// configured, cached and backed off; the dated offline snapshot otherwise. Never throws.
import { LRUCache } from "lru-cache";
import {
  MARKET_ERRORS,
  type MarketError,
  type MarketRanking,
  type MarketResult,
  type NewTokens,
  type Ohlc,
  type TokenData,
  type TrendingTokens,
} from "@pragmatist/contracts";
import type { CoinGeckoConfig } from "../../config.ts";
import type { Metrics } from "../../metrics.ts";
import { createMarketCache } from "./cache.ts";
import { createCallBudget } from "./call-budget.ts";
import {
  backoffSeconds,
  byRank,
  type CoinRef,
  createCoinGeckoApi,
  MARKET_CALL_BUDGET_MS,
  type MarketCoin,
  snapOhlcDays,
} from "./coingecko.ts";
import type { MarketBody } from "./coingecko-bodies.ts";
import {
  cached,
  coinData,
  findCoin,
  guarded,
  type LiveContext,
  liveCoin,
  liveCoinHistory,
  MARKETS,
  type MarketLogger,
  marketList,
  remember,
  served,
} from "./live-market.ts";
import { createMarketStore } from "./market-store.ts";
import { type RankingRequest, rankMarket } from "./ranking.ts";
import { createRefresher } from "./refresher.ts";
import type { RefreshJob } from "./refresh-jobs.ts";
import {
  createSnapshotSource,
  loadSnapshot,
  type MarketCoins,
  type SnapshotSource,
} from "./snapshot.ts";

export type { MarketLogger } from "./live-market.ts";

const fetchFailed: MarketError = { error: MARKET_ERRORS.fetchFailed, source: "coingecko" };

/**
 * The market data behind Max's tools and the Market Data pages. Every method resolves, never
 * rejects: a lookup whose search finds no coin gives `{ error: "No results found", query }`, any
 * other failure `{ error: "An error occurred while fetching data" }` (docs/product/max.md#max-tools),
 * each with the `source` it searched. Every result says when its figures were true (`asOf`), where
 * they came from (`source`: "coingecko" or "snapshot"), how long ago they were fetched
 * (`ageSeconds`) and whether a fresher answer could not be had (`stale`). Live, answers come from
 * the cache the background refresh keeps (docs/product/markets.md#live-refresh): Max's lookups
 * wait on CoinGecko only for what nothing has cached yet, the pages' (listCoins, getCoin,
 * getCoinHistory) never.
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
   * the newest coin's (docs/product/markets.md#market-data-pages). Live before the list's first
   * refresh: the pending error.
   */
  listCoins(): Promise<MarketResult<MarketCoins>>;
  /**
   * The coin whose CoinGecko id is exactly `id` (no search, no misspellings: a coin page's
   * address), or noResults when the data has no such coin. Live: a coin of the markets list has
   * that row's figures; another coin nothing has cached yet is the snapshot's when it knows the
   * coin, else pending; an id no data knows is noResults without asking CoinGecko.
   */
  getCoin(id: string): Promise<MarketResult<TokenData>>;
  /**
   * The candles of the coin whose id is exactly `id` over `days` (as getOhlc snaps them), for its
   * page; live, pending while none are cached (they are fetched in the background).
   */
  getCoinHistory(id: string, days: number | "max"): Promise<MarketResult<Ohlc>>;
  /**
   * Names, tickers and ids the offline model can recognise (the snapshot's coins plus, when live,
   * the coins seen so far), most relevant first.
   */
  knownCoins(): ReadonlyArray<{ id: string; symbol: string; name: string }>;
  /**
   * The offline snapshot's coins with their market-cap rank, best ranked first, live or not: a
   * list that changes only with the snapshot, so what is read against it (the coins an article
   * names) is the same in every process and on every request.
   */
  snapshotCoins(): ReadonlyArray<CoinRef>;
  /**
   * Starts the background refresh (live only; the server starts it, command-line tools do not).
   */
  start(): void;
  /** Stops the background refresh and releases the shared cache's connection (Redis). */
  close(): Promise<void>;
}

/** How `createMarketService` is built. */
export interface MarketServiceOptions {
  /** CoinGecko access (config.coinGecko); null serves the offline snapshot. */
  coinGecko: CoinGeckoConfig | null;
  /** Shares the cache, the call budget, the back-off and the refresh between processes. */
  redisUrl?: string | undefined;
  /** Prefix of the cache's keys (tests isolate themselves with their own). */
  cacheKeyPrefix?: string;
  now?: () => Date;
  logger?: MarketLogger;
  /** How long one tool call (or one background refresh) may wait for CoinGecko, in ms. */
  callBudgetMs?: number;
  /** The call budget's window in seconds (60: coinGecko.callsPerMinute a minute; tests shorten it). */
  budgetWindowSeconds?: number;
  /** The pause between background refresh rounds, in ms (tests shorten it). */
  refreshTickMs?: number;
  /** Where CoinGecko calls, failures, stale answers and the cache's Redis errors are counted. */
  metrics?: Pick<
    Metrics,
    "coinGeckoCalls" | "coinGeckoErrors" | "coinGeckoStaleServes" | "redisErrors"
  >;
}

/** Coins seen in live answers, kept for knownCoins (the most recent ones). */
const SEEN_COINS = 1000;
const silentLogger: MarketLogger = { warn() {} };

/** `MarketService.getOhlc`, live. */
async function liveOhlc(
  ctx: LiveContext,
  query: string,
  days: number | "max",
  signal: AbortSignal,
): Promise<MarketResult<Ohlc>> {
  const coin = await findCoin(ctx, query, signal);
  if (!coin) return { error: MARKET_ERRORS.noResults, query, source: "coingecko" };
  const job: RefreshJob = { kind: "ohlc", coin, days: snapOhlcDays(days) };
  return served<Ohlc>(await cached<MarketBody<Ohlc>>(ctx, job, signal));
}

/** `MarketService.getTokenData`, live: the coin the search finds, as coinData gives it. */
async function liveTokenData(
  ctx: LiveContext,
  query: string,
  signal: AbortSignal,
): Promise<MarketResult<TokenData>> {
  const coin = await findCoin(ctx, query, signal);
  if (!coin) return { error: MARKET_ERRORS.noResults, query, source: "coingecko" };
  return (await coinData(ctx, coin.id, signal)) ?? fetchFailed;
}

/** The live market list for getMarket: as cached, fetched only when nothing is. */
async function liveMarkets(ctx: LiveContext, signal: AbortSignal) {
  const hit = await cached<MarketCoin[]>(ctx, MARKETS, signal);
  remember(ctx.seen, hit.value);
  return hit;
}

/**
 * The market cache's `observe` counting into `metrics` by CoinGecko endpoint, the cache key's
 * first part (search, token, about, ohlc, trending, new): a bounded label, never the coin or query.
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
 * The live context: the store (Redis or memory), the call budget (config.callsPerMinute a
 * window), CoinGecko's client within it, the cache and the refresher keeping the markets list and
 * trending (and new listings on a paid plan) fresh.
 */
function liveContext(
  config: CoinGeckoConfig,
  snapshot: SnapshotSource,
  options: MarketServiceOptions,
): LiveContext {
  const now = options.now ?? (() => new Date());
  const log = options.logger ?? silentLogger;
  const onStoreError = (err: unknown) => {
    options.metrics?.redisErrors.inc({ client: "market-cache" });
    log.warn({ err }, "market cache store failed; answering uncached");
  };
  const store = createMarketStore(
    options.redisUrl,
    options.cacheKeyPrefix ?? "market:",
    onStoreError,
  );
  const budget = createCallBudget({
    redis: store.redis,
    calls: config.callsPerMinute,
    windowSeconds: options.budgetWindowSeconds ?? 60,
    keyPrefix: options.cacheKeyPrefix ?? "market:",
  });
  const api = createCoinGeckoApi(config, now, budget);
  const observe = options.metrics && countLookups(options.metrics);
  const cache = createMarketCache({ store, now, backoffSeconds, onStoreError, observe });
  const budgetMs = options.callBudgetMs ?? MARKET_CALL_BUDGET_MS;
  const standing: RefreshJob[] = [MARKETS, { kind: "trending" }];
  if (config.plan === "pro") standing.push({ kind: "new" });
  const refresher = createRefresher({
    ...{ api, cache, store, budget, now, log, standing, onStoreError },
    tickMs: options.refreshTickMs,
    jobTimeoutMs: budgetMs,
  });
  return {
    api,
    cache,
    refresher,
    seen: new LRUCache({ max: SEEN_COINS }),
    snapshot,
    log,
    budgetMs,
  };
}

/**
 * The market service: live from CoinGecko when `coinGecko` is set, every answer from the cache
 * the background refresh keeps (see MarketService), in Redis or memory, within the plan's call
 * budget and with a shared back-off after a 429; else from the offline snapshot. On a demo key,
 * getNewTokens answers from the snapshot (dated, `source: "snapshot"`): CoinGecko serves
 * `/coins/list/new` to paid plans only.
 */
export function createMarketService(options: MarketServiceOptions): MarketService {
  const snapshot = createSnapshotSource(loadSnapshot());
  const config = options.coinGecko;
  if (!config) return snapshotService(snapshot);
  const ctx = liveContext(config, snapshot, options);
  return {
    getTokenData: (query) =>
      guarded(ctx, "getTokenData", (signal) => liveTokenData(ctx, query, signal)),
    getNewTokens: () =>
      guarded<NewTokens>(ctx, "getNewTokens", async (signal) => {
        if (config.plan === "demo") return snapshot.newTokens();
        const hit = await cached<MarketBody<NewTokens>>(ctx, { kind: "new" }, signal);
        remember(ctx.seen, hit.value.tokens);
        return served<NewTokens>(hit);
      }),
    getTrendingTokens: () =>
      guarded<TrendingTokens>(ctx, "getTrendingTokens", async (signal) => {
        const hit = await cached<MarketBody<TrendingTokens>>(ctx, { kind: "trending" }, signal);
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
      guarded<MarketCoins>(ctx, "listCoins", async () => {
        const hit = await marketList(ctx);
        if (!hit) return { error: MARKET_ERRORS.pending, source: "coingecko" };
        const asOf = hit.value.reduce((newest, c) => (c.asOf > newest ? c.asOf : newest), "");
        return served<MarketCoins>({ ...hit, value: { coins: hit.value, asOf } });
      }),
    getCoin: (id) => guarded(ctx, "getCoin", () => liveCoin(ctx, id)),
    getCoinHistory: (id, days) =>
      guarded(ctx, "getCoinHistory", () => liveCoinHistory(ctx, id, days)),
    knownCoins: () => knownCoins(snapshot, ctx.seen),
    snapshotCoins: () => snapshot.knownCoins(),
    start: () => ctx.refresher.start(),
    async close() {
      await ctx.refresher.stop();
      await ctx.cache.close();
    },
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
    getCoinHistory: async (id, days) => snapshot.ohlc(id, days),
    knownCoins: () => known,
    snapshotCoins: () => snapshot.knownCoins(),
    start() {},
    close: async () => {},
  };
}
