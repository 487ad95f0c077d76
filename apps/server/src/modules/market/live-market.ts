// The market service's live lookups (docs/product/max.md#market-data,
// docs/product/markets.md#live-refresh): every answer from the shared cache the refresher keeps;
// Max's lookups wait on CoinGecko only when nothing is cached, the pages never.
import type { LRUCache } from "lru-cache";
import {
  isMarketError,
  MARKET_ERRORS,
  type MarketError,
  type MarketFreshness,
  type MarketResult,
  type Ohlc,
  type TokenData,
} from "@pragmatist/contracts";
import type { Cached, MarketCache } from "./cache.ts";
import { type CoinGeckoApi, type CoinRef, type MarketCoin, snapOhlcDays } from "./coingecko.ts";
import type { CoinAbout, MarketBody } from "./coingecko-bodies.ts";
import type { Refresher } from "./refresher.ts";
import { jobKey, jobSeconds, type RefreshJob, runJob } from "./refresh-jobs.ts";
import type { SnapshotSource } from "./snapshot.ts";

/** Where failures are reported (a pino logger fits). */
export interface MarketLogger {
  warn(obj: object, msg?: string): void;
}

/** What the live service's lookups share. */
export interface LiveContext {
  api: CoinGeckoApi;
  cache: MarketCache;
  refresher: Refresher;
  /** Coins seen in live answers, by id (the most recent ones). */
  seen: LRUCache<string, CoinRef>;
  snapshot: SnapshotSource;
  log: MarketLogger;
  /** Ends each of Max's lookups' wait for CoinGecko (see `guarded`), in ms. */
  budgetMs: number;
}

/** The markets list job: CoinGecko's largest coins, kept fresh by the refresher. */
export const MARKETS: RefreshJob = { kind: "markets" };

const fetchFailed: MarketError = { error: MARKET_ERRORS.fetchFailed, source: "coingecko" };

/** A cached result as served: its figures, the source, and its staleness and age. */
export function served<T extends MarketFreshness>(hit: Cached<MarketBody<T>>): T {
  return { ...hit.value, source: "coingecko", stale: hit.stale, ageSeconds: hit.ageSeconds } as T;
}

/** `job`'s cached value; only when none is cached does this wait on CoinGecko (Max's lookups). */
export function cached<T>(ctx: LiveContext, job: RefreshJob, signal: AbortSignal) {
  const fetch = () => runJob(ctx.api, job, signal) as Promise<T>;
  return ctx.cache.get<T>(jobKey(job), jobSeconds(job), fetch, () => ctx.refresher.ask(job));
}

/** `job`'s cached value at any age without waiting, or null; an old or missing one is asked for. */
function lookup<T>(ctx: LiveContext, job: RefreshJob, askWhenMissing = true) {
  return ctx.cache.lookup<T>(jobKey(job), jobSeconds(job), (stored) => {
    if (stored || askWhenMissing) ctx.refresher.ask(job);
  });
}

/** Keeps `coins` among the seen coins, for knownCoins. */
export function remember(
  seen: LRUCache<string, CoinRef>,
  coins: ReadonlyArray<Omit<CoinRef, "rank"> & { rank?: number | null }>,
): void {
  for (const { id, symbol, name, rank } of coins) {
    seen.set(id, { id, symbol, name, rank: rank ?? null });
  }
}

/**
 * Runs one tool's lookup with a signal that aborts its CoinGecko requests after `ctx.budgetMs`;
 * any failure is logged and becomes the fetch error (docs/product/max.md#max-tools).
 */
export async function guarded<T>(
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

/** The text of a query as a cache key and a search: trimmed, one space, lower case, 100 chars. */
function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, " ").toLowerCase().slice(0, 100);
}

/** The coin CoinGecko's search ranks first for `query`, or null (no coins, or empty query). */
export async function findCoin(
  ctx: LiveContext,
  query: string,
  signal: AbortSignal,
): Promise<CoinRef | null> {
  const q = normalizeQuery(query);
  if (!q) return null;
  const hit = await cached<CoinRef | null>(ctx, { kind: "search", q }, signal);
  if (hit.value) remember(ctx.seen, [hit.value]);
  return hit.value;
}

/** The live markets list as cached, without waiting (null before its first refresh). */
export async function marketList(ctx: LiveContext): Promise<Cached<MarketCoin[]> | null> {
  const hit = await lookup<MarketCoin[]>(ctx, MARKETS);
  if (hit) remember(ctx.seen, hit.value);
  return hit;
}

/** A markets row with a coin's description, homepage and categories, as TokenData's body. */
function withAbout(row: MarketCoin, about: CoinAbout): MarketBody<TokenData> {
  const { sparkline7d: _line, ...figures } = row;
  return { ...figures, ...about };
}

/** The snapshot's description, homepage and categories of `id`, or none. */
function snapshotAbout(ctx: LiveContext, id: string): CoinAbout {
  const coin = ctx.snapshot.coin(id);
  if (isMarketError(coin)) return { description: "", homepage: null, categories: [] };
  return { description: coin.description, homepage: coin.homepage, categories: coin.categories };
}

/**
 * A coin's TokenData: for a coin of the markets list, its row there (the figures the table
 * shows) with its description, homepage and categories (`about:{id}`; the snapshot's while none
 * is cached and `signal` is null); for another coin, `token:{id}` (its details and its own markets
 * row). With `signal` (Max) a value nothing has cached is fetched, within it; without (a page),
 * null is answered instead. noResults when CoinGecko knows no such coin.
 */
export async function coinData(
  ctx: LiveContext,
  id: string,
  signal: AbortSignal | null,
): Promise<MarketResult<TokenData> | null> {
  const list = await marketList(ctx);
  const row = list?.value.find((c) => c.id === id);
  if (list && row) {
    const job: RefreshJob = { kind: "about", id };
    const about = signal
      ? await cached<CoinAbout | null>(ctx, job, signal).catch(() => null)
      : await lookup<CoinAbout | null>(ctx, job);
    return served<TokenData>({
      ...list,
      value: withAbout(row, about?.value ?? snapshotAbout(ctx, id)),
    });
  }
  const job: RefreshJob = { kind: "token", id };
  const known = ctx.seen.has(id) || !isMarketError(ctx.snapshot.coin(id));
  const token = signal
    ? await cached<MarketBody<TokenData> | null>(ctx, job, signal)
    : await lookup<MarketBody<TokenData> | null>(ctx, job, known);
  if (!token) return null;
  if (!token.value) return { error: MARKET_ERRORS.noResults, query: id, source: "coingecko" };
  return served<TokenData>({ ...token, value: token.value });
}

/**
 * `MarketService.getCoin`, live, for a page: coinData without waiting. A coin nothing has cached
 * yet is the snapshot's (dated) when the snapshot knows it, else pending; an id no data knows is
 * noResults, and CoinGecko is not asked about it.
 */
export async function liveCoin(ctx: LiveContext, id: string): Promise<MarketResult<TokenData>> {
  const data = await coinData(ctx, id, null);
  if (data) return data;
  const fromSnapshot = ctx.snapshot.coin(id);
  if (!isMarketError(fromSnapshot)) return fromSnapshot;
  if (ctx.seen.has(id)) return { error: MARKET_ERRORS.pending, query: id, source: "coingecko" };
  return { error: MARKET_ERRORS.noResults, query: id, source: "coingecko" };
}

/** The coin with this id as the live data names it (the markets list, seen coins), or null. */
async function coinRef(ctx: LiveContext, id: string): Promise<CoinRef | null> {
  const row = (await marketList(ctx))?.value.find((c) => c.id === id);
  const coin = row ?? ctx.seen.get(id) ?? ctx.snapshot.knownCoins().find((c) => c.id === id);
  return coin ? { id: coin.id, symbol: coin.symbol, name: coin.name, rank: coin.rank } : null;
}

/**
 * `MarketService.getCoinHistory`, live, for a page: the coin's cached candles over `days`
 * (snapped as getOhlc snaps them) without waiting; pending while none are cached (they are asked
 * for), noResults for a coin no data knows.
 */
export async function liveCoinHistory(
  ctx: LiveContext,
  id: string,
  days: number | "max",
): Promise<MarketResult<Ohlc>> {
  const coin = await coinRef(ctx, id);
  if (!coin) return { error: MARKET_ERRORS.noResults, query: id, source: "coingecko" };
  const hit = await lookup<MarketBody<Ohlc>>(ctx, { kind: "ohlc", coin, days: snapOhlcDays(days) });
  if (!hit) return { error: MARKET_ERRORS.pending, query: id, source: "coingecko" };
  return served<Ohlc>(hit);
}
