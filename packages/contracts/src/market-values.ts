// The market contracts' plain values: errors, tabs, sorts, chart ranges. Free of zod, so the
// browser imports them (the Market Data pages, the chart) without the schemas of market.ts and
// markets.ts, which build on them.
/**
 * The coin-lookup errors (docs/product/max.md#max-tools), returned as a tool result, never thrown
 * to the model.
 */
export const MARKET_ERRORS = {
  noResults: "No results found",
  fetchFailed: "An error occurred while fetching data",
  /**
   * The coin is known (see `coin`) but the data holds no price history for it
   * (docs/product/max.md#market-data).
   */
  noHistory: "No price history for this coin in the available data",
  /**
   * Live data a page asked for is not cached yet and is being fetched in the background: the
   * page says so rather than wait on CoinGecko (docs/product/markets.md#live-refresh).
   */
  pending: "The data is being fetched",
} as const;

/**
 * A coin-lookup failure as the model and the UI see it (docs/product/max.md#max-tools); market.ts's
 * `marketErrorSchema` validates it.
 */
export interface MarketError {
  error: (typeof MARKET_ERRORS)[keyof typeof MARKET_ERRORS];
  /** What was asked, so the answer can say it ("No results found for 'xyz'"). */
  query?: string | undefined;
  /** The coin the query named, when it is known but the lookup has nothing for it (noHistory). */
  coin?: { id: string; symbol: string; name: string } | undefined;
  /** Which data the lookup searched; absent in answers stored before it existed. */
  source?: "coingecko" | "snapshot" | undefined;
}

/** A tool result: the data, or the error (docs/product/max.md#max-tools). */
export type MarketResult<T> = T | MarketError;

/** Type guard for the error shape (docs/product/max.md#max-tools). */
export function isMarketError(value: unknown): value is MarketError {
  return typeof value === "object" && value !== null && "error" in value;
}

/** The table's tabs: every coin, CoinGecko's trending searches, new listings, top movers. */
export const MARKET_TABS = ["all", "trending", "new", "gainers", "losers"] as const;
/** A tab of the table (`?tab=`). */
export type MarketTab = (typeof MARKET_TABS)[number];

/** The columns the table sorts by (`?sort=`). */
export const MARKET_SORTS = [
  "rank",
  "name",
  "price",
  "change24h",
  "change7d",
  "change30d",
  "marketCap",
  "volume",
] as const;
/** A column the table sorts by. */
export type MarketSort = (typeof MARKET_SORTS)[number];

/**
 * A column's direction when a reader first sorts by it: rank and name ascending, figures largest
 * first (as CoinGecko's and CoinMarketCap's tables do).
 */
export function defaultMarketOrder(sort: MarketSort): "asc" | "desc" {
  return sort === "rank" || sort === "name" ? "asc" : "desc";
}

/** Coins on one page of the table. */
export const MARKET_PAGE_SIZE = 50;

/** The chart ranges of a coin page (`?range=`), in days ("max": the whole history). */
export const COIN_RANGES = ["7d", "30d", "90d", "1y", "max"] as const;
/** A chart range. */
export type CoinRange = (typeof COIN_RANGES)[number];
