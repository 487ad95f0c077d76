// What the market refresher can fetch (docs/product/markets.md#live-refresh): each job fills one
// cache key with one or two CoinGecko calls, and is plain data, so a process that did not see the
// reader's request can run it.
import { NotFoundError } from "@coingecko/coingecko-typescript";
import { CACHE_SECONDS, type CoinGeckoApi, type CoinRef, type OhlcDays } from "./coingecko.ts";

/** One refresh: the markets list, trending, new listings, a search, a coin, a coin's candles. */
export type RefreshJob =
  | { kind: "markets" }
  | { kind: "trending" }
  | { kind: "new" }
  | { kind: "search"; q: string }
  | { kind: "about"; id: string }
  | { kind: "token"; id: string }
  | { kind: "ohlc"; coin: CoinRef; days: OhlcDays };

/**
 * How long a coin's description, homepage and categories are kept before they are asked for
 * again, in seconds: they change rarely, and a coin page reads them beside the markets list's
 * figures (docs/product/markets.md#live-refresh).
 */
export const ABOUT_SECONDS = 6 * 3600;

/** The cache key `job` fills (the keys Max's lookups read: `token:{id}`, `ohlc:{id}:{days}` …). */
export function jobKey(job: RefreshJob): string {
  switch (job.kind) {
    case "markets":
    case "trending":
    case "new":
      return job.kind;
    case "search":
      return `search:${job.q}`;
    case "about":
      return `about:${job.id}`;
    case "token":
      return `token:${job.id}`;
    case "ohlc":
      return `ohlc:${job.coin.id}:${job.days}`;
  }
}

/** How long `job`'s value is fresh, in seconds (CoinGecko's own cache time, CACHE_SECONDS). */
export function jobSeconds(job: RefreshJob): number {
  switch (job.kind) {
    case "markets":
      return CACHE_SECONDS.markets;
    case "trending":
      return CACHE_SECONDS.trending;
    case "new":
      return CACHE_SECONDS.newTokens;
    case "search":
      return CACHE_SECONDS.search;
    case "about":
      return ABOUT_SECONDS;
    case "token":
      return CACHE_SECONDS.token;
    case "ohlc":
      return CACHE_SECONDS.ohlc;
  }
}

/** The CoinGecko calls `job` makes (a coin's token data is its details and its markets row). */
export function jobCalls(job: RefreshJob): number {
  return job.kind === "token" ? 2 : 1;
}

/** `fetch` that answers null where CoinGecko knows no such coin (its 404), so that is cached too. */
async function orNullWhenUnknown<T>(fetch: Promise<T>): Promise<T | null> {
  try {
    return await fetch;
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

/**
 * Runs `job` against `api`: the value to store under `jobKey(job)`. A coin CoinGecko does not
 * know gives null (about, token); other failures are the client's errors.
 */
export function runJob(api: CoinGeckoApi, job: RefreshJob, signal: AbortSignal): Promise<unknown> {
  switch (job.kind) {
    case "markets":
      return api.markets(signal);
    case "trending":
      return api.trending(signal);
    case "new":
      return api.newTokens(signal);
    case "search":
      return api.findCoin(job.q, signal);
    case "about":
      return orNullWhenUnknown(api.about(job.id, signal));
    case "token":
      return orNullWhenUnknown(api.tokenData(job.id, signal));
    case "ohlc":
      return api.ohlc(job.coin, job.days, signal);
  }
}
