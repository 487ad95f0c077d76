// The Market Data section's contract (docs/product/markets.md#market-data-pages): the `/markets` table's
// query and answer, and a coin page's data; the figures are the market service's (market.ts).
import { z } from "zod";
import {
  coinFiguresSchema,
  type Dated,
  marketFreshnessSchema,
  type MarketFreshness,
  type Ohlc,
  type TokenData,
} from "./market.ts";
import { type CoinRange, MARKET_SORTS, MARKET_TABS, type MarketResult } from "./market-values.ts";

/**
 * `/markets` and `GET /api/markets` query: every key optional, unknown keys and repeated keys
 * refused (400). `page` is a whole number written without leading zeros, at most 99,999; `q`
 * filters by name, ticker or id (at most 100 characters).
 */
export const marketTableQuerySchema = z.strictObject({
  tab: z.enum(MARKET_TABS).optional(),
  sort: z.enum(MARKET_SORTS).optional(),
  order: z.enum(["asc", "desc"]).optional(),
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,4}$/, "page must be a whole number from 1")
    .transform(Number)
    .optional(),
  q: z.string().max(100).optional(),
});
/** A parsed `/markets` query. */
export type MarketTableQuery = z.output<typeof marketTableQuerySchema>;

/** One row of the table: a coin's figures (USD; null when the data lacks them). */
export const marketRowSchema = coinFiguresSchema.extend({
  /** Hourly USD prices over the last 7 days, oldest first; null when the data has none. */
  sparkline7d: z.array(z.number()).nullable(),
  /** ISO 8601 listing time (the New listings tab), else null. */
  listedAt: z.string().nullable(),
  /**
   * When this row's figures were true, for a coin known only from its list (a trending coin
   * outside the market data, priced by the trending list); null when they are the table's `asOf`.
   */
  figuresAsOf: z.string().nullable(),
});
/** One row of the table (`marketRowSchema`). */
export type MarketRow = z.infer<typeof marketRowSchema>;

/** A page of the table as `GET /api/markets` answers it (figures dated by their freshness). */
export const marketTableSchema = marketFreshnessSchema.omit({ ageSeconds: true }).extend({
  tab: z.enum(MARKET_TABS),
  /** The sort applied; null: the tab's own order (trending order, newest listing first). */
  sort: z.enum(MARKET_SORTS).nullable(),
  order: z.enum(["asc", "desc"]),
  q: z.string(),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
  pageCount: z.number().int().min(1),
  /** Coins matching the tab and the filter, on every page. */
  total: z.number().int().min(0),
  rows: z.array(marketRowSchema),
  /** When the tab's list itself was true (trending searches, new listings), else null. */
  listAsOf: z.string().nullable(),
});
/** A page of the table (`marketTableSchema`). */
export type MarketTable = z.infer<typeof marketTableSchema>;

/** A coin page's address: a CoinGecko coin id ("bitcoin", "usd-coin"). */
export const coinIdSchema = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,99}$/, "not a coin id");

/** A coin's market figures as the coin page and `GET /api/markets/{id}` give them. */
export type CoinFigures = Dated<TokenData>;

/** A coin page's data: figures, the chart's history, and our writing that mentions the coin. */
export interface CoinPage {
  coin: CoinFigures;
  range: CoinRange;
  /**
   * The range's daily candles, or the market error saying why there are none (no history in the
   * data for this coin, or market data unavailable).
   */
  history: MarketResult<Dated<Ohlc>>;
  /** Articles labelled Research that mention the coin, newest first (at most 6). */
  research: CoinPageArticle[];
  /** Newsletters and market reports (by their card label) mentioning it, newest first (at most 4). */
  newsletters: CoinPageArticle[];
}

/**
 * An article as a coin page lists it: a title linking to it, its date and subtitle; only what the
 * list shows, since the page's hydration data carries it too.
 */
export interface CoinPageArticle {
  id: number;
  title: string;
  /** "" when the article has none. */
  subTitle: string;
  slug: string;
  /** ISO 8601. */
  publishDate: string;
}

/**
 * A coin an article names, as the article's "Coins in this article" section lists it
 * (docs/product/reader.md#article-coins): its price in USD and 24 h change in percent as the
 * market service gives them (null when the data lacks the figure).
 */
export interface ArticleCoin {
  id: string;
  symbol: string;
  name: string;
  priceUsd: number | null;
  change24hPercent: number | null;
  /**
   * When the figures were true and where they come from (dated, as a page shows them); null when
   * market data is unavailable.
   */
  freshness: Dated<MarketFreshness> | null;
}

/** What an article's page shows of the coins it names (docs/product/reader.md#article-coins). */
export interface ArticleCoins {
  /**
   * The article's text with the first mention of each coin linked to its page
   * (`[Solana](/markets/solana)`); the text as stored when it links none or is plain text.
   */
  content: string;
  /** The coins named, in the order first named (title, subtitle, then text). */
  coins: ArticleCoin[];
}
