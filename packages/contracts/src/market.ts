// Market data contract: what Max's tools return (docs/product/max.md#max-tools).
// The web imports these as types only (the stats card and the OHLC chart read tool outputs), so
// zod stays out of the browser bundle.
import { z } from "zod";
import { MARKET_ERRORS, type MarketError } from "./market-values.ts";

/** Where a figure came from: CoinGecko's live API, or the dated offline snapshot. */
export const marketSourceSchema = z.enum(["coingecko", "snapshot"]);

/**
 * Every successful result says when its figures were true. Live, `ageSeconds` is how long ago they
 * were fetched from CoinGecko (0 for the snapshot), and `stale` is set when they are older than
 * CoinGecko's cache time and a fresher answer could not be had (a refresh failed, or the rate
 * limit's back-off), so the last cached value is served instead.
 */
export const marketFreshnessSchema = z.object({
  /** ISO 8601 time the figures describe (CoinGecko's `last_updated`, or the snapshot's date). */
  asOf: z.string(),
  source: marketSourceSchema,
  stale: z.boolean(),
  ageSeconds: z.number().int().min(0),
});

/** getTokenData: one coin's details and market data (USD). Unknown figures are null. */
export const tokenDataSchema = marketFreshnessSchema.extend({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  rank: z.number().int().nullable(),
  priceUsd: z.number().nullable(),
  change24hPercent: z.number().nullable(),
  /** Price change over the last 7 and 30 days, in percent (CoinGecko's `*_in_currency`). */
  change7dPercent: z.number().nullable(),
  change30dPercent: z.number().nullable(),
  marketCapUsd: z.number().nullable(),
  volume24hUsd: z.number().nullable(),
  high24hUsd: z.number().nullable(),
  low24hUsd: z.number().nullable(),
  circulatingSupply: z.number().nullable(),
  maxSupply: z.number().nullable(),
  athUsd: z.number().nullable(),
  /** ISO 8601 time of the all-time high, and the price's distance from it in percent (≤ 0). */
  athDate: z.string().nullable(),
  athChangePercent: z.number().nullable(),
  /** Market cap at the maximum supply (CoinGecko's fully diluted valuation), USD. */
  fdvUsd: z.number().nullable(),
  totalSupply: z.number().nullable(),
  /** The all-time low, its ISO 8601 time, and the price's distance from it in percent (≥ 0). */
  atlUsd: z.number().nullable(),
  atlDate: z.string().nullable(),
  atlChangePercent: z.number().nullable(),
  /**
   * What the data behind this result lacks, in words a reader understands ("market figures",
   * "price history"), so an answer can say it instead of calling the coin unknown.
   */
  missing: z.array(z.string()),
  /** First sentence or two of CoinGecko's English description, plain text; "" when none. */
  description: z.string(),
  homepage: z.string().nullable(),
  categories: z.array(z.string()),
});

/** getNewTokens: the most recently listed coins, newest first. */
export const newTokensSchema = marketFreshnessSchema.extend({
  tokens: z.array(
    z.object({
      id: z.string(),
      symbol: z.string(),
      name: z.string(),
      /** ISO 8601 listing time on CoinGecko. */
      activatedAt: z.string(),
    }),
  ),
});

/** getTrendingTokens: CoinGecko's trending searches of the last 24 hours, in its order. */
export const trendingTokensSchema = marketFreshnessSchema.extend({
  tokens: z.array(
    z.object({
      id: z.string(),
      symbol: z.string(),
      name: z.string(),
      rank: z.number().int().nullable(),
      priceUsd: z.number().nullable(),
      change24hPercent: z.number().nullable(),
      marketCapUsd: z.number().nullable(),
      /**
       * When the figures were true, when it differs from the list's `asOf` (the offline snapshot
       * prices a coin as its token data does, so the same coin never shows two prices).
       */
      pricedAt: z.string().optional(),
    }),
  ),
});

/** One candle; `time` in Unix seconds (UTC) at the candle's open, prices in USD. */
export const candleSchema = z.object({
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});

/** getOhlc: price history of one coin over `days` days. */
export const ohlcSchema = marketFreshnessSchema.extend({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  /**
   * The period actually served, in days (CoinGecko allows 1, 7, 14, 30, 90, 180, 365 and `max`;
   * `max` serves the whole history there is, and `days` then says how long that was).
   */
  days: z.number().int().min(1),
  candles: z.array(candleSchema),
  /**
   * ISO 8601 open time from which the candles are built from daily closing prices (open = the
   * previous close; high and low the larger and smaller of the two) because the data has no
   * intraday figures; null when every candle is a true OHLC candle.
   */
  closesFrom: z.string().nullable(),
});

/**
 * A coin's name and headline figures, as a list of the market shows them (getMarket's coins, the
 * Market Data table's rows).
 */
export const coinFiguresSchema = tokenDataSchema.pick({
  id: true,
  symbol: true,
  name: true,
  rank: true,
  priceUsd: true,
  change24hPercent: true,
  change7dPercent: true,
  change30dPercent: true,
  marketCapUsd: true,
  volume24hUsd: true,
});

/** The figures getMarket can rank the market by (docs/product/max.md#max-tools). */
export const MARKET_RANKINGS = [
  "marketCap",
  "volume",
  "change24h",
  "change7d",
  "change30d",
] as const;

/**
 * getMarket: the whole market ranked by one figure (market cap, 24 h volume, or the change over
 * 24 h, 7 d or 30 d), `coins` from position `from` (1 = first) on. `universe` is how many coins
 * were ranked (those with the figure: the snapshot's, or CoinGecko's top coins by market cap
 * live), and the totals are over that universe, not the whole crypto market.
 */
export const marketRankingSchema = marketFreshnessSchema.extend({
  by: z.enum(MARKET_RANKINGS),
  order: z.enum(["desc", "asc"]),
  from: z.number().int().min(1),
  universe: z.number().int().min(0),
  totalMarketCapUsd: z.number().nullable(),
  totalVolume24hUsd: z.number().nullable(),
  coins: z.array(
    coinFiguresSchema.extend({
      /** 1-based place in this ranking (not necessarily the market-cap rank). */
      position: z.number().int().min(1),
    }),
  ),
});

/** A coin-lookup failure as the model and the UI see it (docs/product/max.md#max-tools). */
export const marketErrorSchema: z.ZodType<MarketError> = z.object({
  error: z.enum([
    MARKET_ERRORS.noResults,
    MARKET_ERRORS.fetchFailed,
    MARKET_ERRORS.noHistory,
    MARKET_ERRORS.pending,
  ]),
  /** What was asked, so the answer can say it ("No results found for 'xyz'"). */
  query: z.string().optional(),
  /** The coin the query named, when it is known but the lookup has nothing for it (noHistory). */
  coin: z.object({ id: z.string(), symbol: z.string(), name: z.string() }).optional(),
  /**
   * Which data the lookup searched (CoinGecko's live API, or the offline snapshot), so an answer
   * can say where the coin or its history is missing; absent in answers stored before it existed.
   */
  source: marketSourceSchema.optional(),
});

/** Where a figure came from (`marketSourceSchema`). */
export type MarketSource = z.infer<typeof marketSourceSchema>;
/** When a result's figures were true and whether they are stale (`marketFreshnessSchema`). */
export type MarketFreshness = z.infer<typeof marketFreshnessSchema>;

/**
 * A result as the Market Data pages show it: dated (`asOf`, `stale`), without its age at the
 * moment of the request, so a page changes only when its data does
 * (docs/product/markets.md#live-refresh).
 */
export type Dated<T extends MarketFreshness> = Omit<T, "ageSeconds">;

/** `result` without its age (Dated). */
export function dated<T extends MarketFreshness>(result: T): Dated<T> {
  const { ageSeconds: _age, ...rest } = result;
  return rest;
}
/** getTokenData's result (`tokenDataSchema`). */
export type TokenData = z.infer<typeof tokenDataSchema>;
/** getNewTokens's result (`newTokensSchema`). */
export type NewTokens = z.infer<typeof newTokensSchema>;
/** getTrendingTokens's result (`trendingTokensSchema`). */
export type TrendingTokens = z.infer<typeof trendingTokensSchema>;
/** One OHLC candle (`candleSchema`). */
export type Candle = z.infer<typeof candleSchema>;
/** getOhlc's result (`ohlcSchema`). */
export type Ohlc = z.infer<typeof ohlcSchema>;
/** getMarket's result (`marketRankingSchema`). */
export type MarketRanking = z.infer<typeof marketRankingSchema>;
/** A figure the market is ranked by (MARKET_RANKINGS). */
export type MarketRankingBy = (typeof MARKET_RANKINGS)[number];
