// CoinGecko's API through its official client (docs/product/max.md#market-data);
// coingecko-bodies.ts maps its responses to our market contract.
import Coingecko, { RateLimitError } from "@coingecko/coingecko-typescript";
import type {
  Candle,
  MarketRow,
  NewTokens,
  Ohlc,
  TokenData,
  TrendingTokens,
} from "@pragmatist/contracts";
import type { CoinGeckoConfig } from "../../config.ts";
import type { CallBudget } from "./call-budget.ts";
import {
  aboutFromCoinGecko,
  type CoinAbout,
  type MarketBody,
  newTokensFromCoinGecko,
  tokenFromCoinGecko,
  trendingFromCoinGecko,
} from "./coingecko-bodies.ts";

/** A coin as a search finds it; `rank` is its market-cap rank (null when unranked). */
export interface CoinRef {
  id: string;
  symbol: string;
  name: string;
  rank: number | null;
}

/** A coin of the whole market (getMarket, listCoins): its figures and 7-day sparkline. */
export type MarketCoin = MarketBody<TokenData> & Pick<MarketRow, "sparkline7d">;

/** "Most relevant first": by market-cap rank, unranked last (a stable sort keeps ties in order). */
export function byRank(a: CoinRef, b: CoinRef): number {
  return (a.rank ?? Infinity) - (b.rank ?? Infinity);
}

/**
 * How long CoinGecko itself caches each endpoint, in seconds (docs.coingecko.com, "Cache / Update
 * Frequency" of each endpoint): asking more often only returns the same figures and spends quota.
 */
export const CACHE_SECONDS = {
  search: 600,
  token: 60,
  newTokens: 60,
  trending: 600,
  ohlc: 900,
  markets: 60,
} as const;

/** How many of CoinGecko's coins by market cap getMarket ranks live (one page of /coins/markets). */
export const MARKET_UNIVERSE = 250;

/** The periods `/coins/{id}/ohlc` accepts (any other `days` is refused), in days. */
const OHLC_DAYS = [1, 7, 14, 30, 90, 180, 365] as const;
/** One of the periods CoinGecko's OHLC endpoint accepts: a number of days, or the whole history. */
export type OhlcDays = (typeof OHLC_DAYS)[number] | "max";

/**
 * The allowed period covering `days`: the smallest of OHLC_DAYS that is at least `days` (10 -> 14,
 * 60 -> 90), 365 beyond a year, 1 below one day or for a non-number; "max" stays "max".
 */
export function snapOhlcDays(days: number | "max"): OhlcDays {
  if (days === "max") return "max";
  if (!(days >= 1)) return 1;
  return OHLC_DAYS.find((d) => d >= days) ?? 365;
}

/** A 429 asking for a wait up to this long is retried by the client; longer waits are ours. */
const MAX_INLINE_RETRY_SECONDS = 2;
/** When a 429 names no wait, back off for CoinGecko's rate-limit window (calls per minute). */
const DEFAULT_BACKOFF_SECONDS = 60;
/** A Retry-After longer than this is not believed (a clock skew or a typo should not stop us). */
const MAX_BACKOFF_SECONDS = 3600;
/**
 * How long one tool call may wait for CoinGecko, retries included, in ms: past it the call is
 * abandoned and the last cached value (with its age) or the fetch error is served
 * (docs/product/max.md#market-data; a hanging CoinGecko must not hold the reader for 20 s).
 */
export const MARKET_CALL_BUDGET_MS = 5_000;

/** Seconds to wait from a Retry-After header (delay-seconds or HTTP-date, RFC 9110 §10.2.3). */
function retryAfterHeaderSeconds(headers: Headers | undefined): number | null {
  const value = headers?.get("retry-after");
  if (!value) return null;
  const seconds = /^\d+(\.\d+)?$/.test(value.trim())
    ? Number(value)
    : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}

/**
 * How long to stop calling CoinGecko after `error`, in whole seconds: the 429's Retry-After
 * (DEFAULT_BACKOFF_SECONDS when absent, at least 1, at most MAX_BACKOFF_SECONDS), or null when
 * `error` is not a rate limit.
 */
export function backoffSeconds(error: unknown): number | null {
  if (!(error instanceof RateLimitError)) return null;
  const seconds = retryAfterHeaderSeconds(error.headers) ?? DEFAULT_BACKOFF_SECONDS;
  return Math.min(MAX_BACKOFF_SECONDS, Math.max(1, Math.ceil(seconds)));
}

/**
 * `fetch` that lets the client retry a 429 only when CoinGecko asks for a short wait. The client
 * sleeps for any Retry-After, however long; a reader waiting for Max should not. A longer wait is
 * marked `x-should-retry: false` (which the client obeys) and becomes the cache's back-off.
 */
const fetchWithoutLongWaits: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status !== 429) return response;
  const wait = retryAfterHeaderSeconds(response.headers);
  if (wait !== null && wait <= MAX_INLINE_RETRY_SECONDS) return response;
  const headers = new Headers(response.headers);
  headers.set("x-should-retry", "false");
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
};

/**
 * `fetch` within `budget`: each request CoinGecko would be sent counts one call, and one past the
 * budget is not sent but answered as CoinGecko would, 429 with the window's end as Retry-After
 * (no client retry), so the cache backs off until the budget has room again.
 */
function withinBudget(budget: CallBudget | undefined, send: typeof fetch): typeof fetch {
  if (!budget) return send;
  return async (input, init) => {
    const waitMs = await budget.take();
    if (waitMs === 0) return send(input, init);
    const body = {
      status: { error_code: 429, error_message: "Our CoinGecko call budget is spent" },
    };
    return new Response(JSON.stringify(body), {
      status: 429,
      headers: {
        "content-type": "application/json",
        "retry-after": String(Math.ceil(waitMs / 1000)),
        "x-should-retry": "false",
      },
    });
  };
}

/** The paid plans' daily candles exist for these periods only (docs: `/coins/{id}/ohlc`). */
const DAILY_INTERVAL_DAYS: ReadonlySet<OhlcDays> = new Set([7, 14, 30, 90, 180]);

/**
 * Seconds one candle spans: daily when asked for, else CoinGecko's automatic granularity (1-2
 * days: 30 minutes, 3-30 days: 4 hours, longer: 4 days).
 */
function candleSeconds(days: OhlcDays, daily: boolean): number {
  if (daily) return 86_400;
  if (days === "max") return 4 * 86_400;
  if (days <= 2) return 1800;
  return days <= 30 ? 14_400 : 4 * 86_400;
}

/** Whole days from the first candle's open to the last one's close (at least 1). */
function coveredDays(candles: ReadonlyArray<Candle>, spanSeconds: number): number {
  const first = candles[0];
  const last = candles.at(-1);
  if (!first || !last) return 1;
  return Math.max(1, Math.round((last.time + spanSeconds - first.time) / 86_400));
}

/**
 * `[closeTimeMs, open, high, low, close]` rows as our candles. CoinGecko stamps a candle with its
 * close time; the contract (and the chart) wants its open time, one candle earlier.
 */
function candlesFromCoinGecko(rows: number[][], spanSeconds: number): Candle[] {
  return rows
    .filter((row) => row.length >= 5)
    .map((row) => {
      const [t, open, high, low, close] = row as [number, number, number, number, number];
      return { time: Math.round(t / 1000) - spanSeconds, open, high, low, close };
    });
}

/** The CoinGecko calls behind Max's tools, mapped to our bodies (asOf set, not yet cached). */
export interface CoinGeckoApi {
  /** The first coin `/search` finds for `query` (its best match), or null when none. */
  findCoin(query: string, signal?: AbortSignal): Promise<CoinRef | null>;
  /** `/coins/{id}` and `/coins/markets` (24 h, 7 d and 30 d changes) for one coin. */
  tokenData(id: string, signal?: AbortSignal): Promise<MarketBody<TokenData>>;
  /** `/coins/{id}` alone: the coin's description, homepage and categories. */
  about(id: string, signal?: AbortSignal): Promise<CoinAbout>;
  /** `/coins/list/new` (paid plans only). */
  newTokens(signal?: AbortSignal): Promise<MarketBody<NewTokens>>;
  /** `/search/trending`. */
  trending(signal?: AbortSignal): Promise<MarketBody<TrendingTokens>>;
  /** `/coins/{id}/ohlc` in USD over `days` (already one of OHLC_DAYS, or "max"). */
  ohlc(coin: CoinRef, days: OhlcDays, signal?: AbortSignal): Promise<MarketBody<Ohlc>>;
  /**
   * `/coins/markets`: the MARKET_UNIVERSE largest coins by market cap, with their figures and
   * their 7-day sparkline (hourly prices).
   */
  markets(signal?: AbortSignal): Promise<MarketCoin[]>;
}

/** `/coins/{id}` as the old client asked for it, without tickers and market data. */
function fetchDetails(client: Coingecko, id: string, signal: AbortSignal | undefined) {
  return client.coins.getID(
    id,
    {
      localization: false,
      // Tickers (up to 100 exchange pairs, most of the response's weight) are not in TokenData.
      tickers: false,
      // Figures come from a /coins/markets row, as in the old client's second call
      // (docs/product/compatibility.md#departures).
      market_data: false,
      // Asked for as the old client's call did (docs/product/max.md#market-data); CoinGecko no
      // longer returns it (deprecated 2026-08-28).
      community_data: true,
      sparkline: false,
    },
    { signal },
  );
}

/**
 * `/coins/{id}` (details only) and the coin's `/coins/markets` row with 24 h, 7 d and 30 d
 * changes, as the old client's two calls (docs/product/max.md#market-data), mapped to TokenData.
 */
async function fetchTokenData(
  client: Coingecko,
  id: string,
  now: () => Date,
  signal: AbortSignal | undefined,
): Promise<MarketBody<TokenData>> {
  const [details, markets] = await Promise.all([
    fetchDetails(client, id, signal),
    client.coins.markets.get(
      {
        vs_currency: "usd",
        order: "market_cap_desc",
        per_page: 100,
        page: 1,
        ids: id,
        price_change_percentage: "24h,7d,30d",
      },
      { signal },
    ),
  ]);
  return tokenFromCoinGecko(details, markets.find((m) => m.id === id) ?? null, now());
}

/**
 * CoinGecko's API with the configured key and plan (demo -> api.coingecko.com with
 * `x-cg-demo-api-key`, pro -> pro-api.coingecko.com with `x-cg-pro-api-key`) or the configured base
 * URL. The client retries once (connection errors, 408, 409, 5xx, and 429 with a short
 * Retry-After) after its short backoff, and gives a request MARKET_CALL_BUDGET_MS; a caller's
 * `signal` (its whole call's budget) aborts it sooner. Every request counts against `budget`
 * (the plan's rate limit; one past it is a 429 without a call). Errors are the client's
 * (`APIError` subclasses); `now` stamps the figures that carry no `last_updated`.
 */
export function createCoinGeckoApi(
  config: CoinGeckoConfig,
  now: () => Date,
  budget?: CallBudget,
): CoinGeckoApi {
  const pro = config.plan === "pro";
  const client = new Coingecko({
    proAPIKey: pro ? config.apiKey : null,
    demoAPIKey: pro ? null : config.apiKey,
    // The client refuses both; null also keeps it from reading COINGECKO_BASE_URL itself.
    ...(config.baseUrl ? { baseURL: config.baseUrl } : { baseURL: null, environment: config.plan }),
    maxRetries: 1,
    timeout: MARKET_CALL_BUDGET_MS,
    fetch: withinBudget(budget, fetchWithoutLongWaits),
    logLevel: "off",
  });
  return {
    async findCoin(query, signal) {
      const { coins } = await client.search.get({ query }, { signal });
      const first = coins[0];
      return first
        ? { id: first.id, symbol: first.symbol, name: first.name, rank: first.market_cap_rank }
        : null;
    },
    tokenData: (id, signal) => fetchTokenData(client, id, now, signal),
    about: async (id, signal) => aboutFromCoinGecko(await fetchDetails(client, id, signal)),
    async newTokens(signal) {
      return newTokensFromCoinGecko(await client.coins.list.getNew({ signal }), now());
    },
    async trending(signal) {
      return trendingFromCoinGecko(await client.search.trending.get(null, { signal }), now());
    },
    async markets(signal) {
      const rows = await client.coins.markets.get(
        {
          vs_currency: "usd",
          order: "market_cap_desc",
          per_page: MARKET_UNIVERSE,
          page: 1,
          price_change_percentage: "24h,7d,30d",
          sparkline: true,
        },
        { signal },
      );
      return rows.map((row) => ({
        ...tokenFromCoinGecko(null, row, now()),
        sparkline7d: row.sparkline_in_7d?.price?.length ? row.sparkline_in_7d.price : null,
      }));
    },
    async ohlc(coin, days, signal) {
      // docs/product/max.md#market-data wants daily candles; only paid plans may set the interval,
      // and only for some periods.
      const daily = pro && DAILY_INTERVAL_DAYS.has(days);
      const rows = await client.coins.ohlc.get(
        coin.id,
        {
          vs_currency: "usd",
          days: String(days) as `${OhlcDays}`,
          ...(daily ? { interval: "daily" as const } : {}),
        },
        { signal },
      );
      const span = candleSeconds(days, daily);
      const candles = candlesFromCoinGecko(rows, span);
      return {
        id: coin.id,
        symbol: coin.symbol,
        name: coin.name,
        days: days === "max" ? coveredDays(candles, span) : days,
        candles,
        closesFrom: null,
        asOf: now().toISOString(),
      };
    },
  };
}
