// The `/markets` table (docs/product/markets.md#market-data-pages): one tab of the market service's coins,
// filtered, sorted by any column and cut into pages of MARKET_PAGE_SIZE.
import {
  defaultMarketOrder,
  isMarketError,
  MARKET_PAGE_SIZE,
  type Dated,
  dated,
  type MarketResult,
  type MarketFreshness,
  type MarketRow,
  type MarketSort,
  type MarketTable,
  type MarketTableQuery,
  type NewTokens,
  type TrendingTokens,
} from "@pragmatist/contracts";
import type { MarketCoin } from "./coingecko.ts";
import type { MarketService } from "./market.service.ts";

/** What the table is built from: the market's coins and the two lists the tabs name. */
export interface MarketTableSource {
  /** The whole market (the snapshot's capture, or CoinGecko's top coins), by market cap. */
  coins: ReadonlyArray<MarketCoin>;
  trending: Pick<TrendingTokens, "tokens" | "asOf">;
  newTokens: Pick<NewTokens, "tokens" | "asOf">;
  /** When the coins' figures were true and where they came from. */
  freshness: Dated<MarketFreshness>;
}

/** The row's figure each sortable column compares. */
const SORT_KEY = {
  rank: (r) => r.rank,
  name: (r) => r.name.toLowerCase(),
  price: (r) => r.priceUsd,
  change24h: (r) => r.change24hPercent,
  change7d: (r) => r.change7dPercent,
  change30d: (r) => r.change30dPercent,
  marketCap: (r) => r.marketCapUsd,
  volume: (r) => r.volume24hUsd,
} satisfies Record<MarketSort, (row: MarketRow) => number | string | null>;

/** A coin as a row; a coin known only from a list (trending, new) lacks the figures it does not give. */
function rowOf(coin: Pick<MarketRow, "id" | "symbol" | "name"> & Partial<MarketCoin>): MarketRow {
  return {
    id: coin.id,
    symbol: coin.symbol,
    name: coin.name,
    rank: coin.rank ?? null,
    priceUsd: coin.priceUsd ?? null,
    change24hPercent: coin.change24hPercent ?? null,
    change7dPercent: coin.change7dPercent ?? null,
    change30dPercent: coin.change30dPercent ?? null,
    marketCapUsd: coin.marketCapUsd ?? null,
    volume24hUsd: coin.volume24hUsd ?? null,
    sparkline7d: coin.sparkline7d ?? null,
    listedAt: null,
    figuresAsOf: null,
  };
}

/**
 * The tab's rows in the tab's own order: every coin by market cap; trending in CoinGecko's order
 * and new listings newest first (a coin of the market keeps its figures, another shows what its
 * list gives, dated by the list); gainers and losers by 24 h change, up or down, coins that did not move left out.
 */
function tabRows(source: MarketTableSource, tab: MarketTableQuery["tab"]): MarketRow[] {
  const rows = source.coins.map(rowOf);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const change = (r: MarketRow) => r.change24hPercent ?? 0;
  switch (tab) {
    case "trending":
      return source.trending.tokens.map(
        (t) => byId.get(t.id) ?? { ...rowOf(t), figuresAsOf: t.pricedAt ?? source.trending.asOf },
      );
    case "new":
      return source.newTokens.tokens.map((t) => ({
        ...(byId.get(t.id) ?? rowOf(t)),
        listedAt: t.activatedAt,
      }));
    case "gainers":
      return rows.filter((r) => change(r) > 0).sort((a, b) => change(b) - change(a));
    case "losers":
      return rows.filter((r) => change(r) < 0).sort((a, b) => change(a) - change(b));
    default:
      return rows;
  }
}

/** Compares by `sort` in `order`; a row without the figure goes last either way. */
function comparator(sort: MarketSort, order: "asc" | "desc") {
  const key = SORT_KEY[sort];
  const sign = order === "asc" ? 1 : -1;
  return (a: MarketRow, b: MarketRow) => {
    const [x, y] = [key(a), key(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x < y ? -1 : x > y ? 1 : 0);
  };
}

/** Whether `row`'s name, ticker or id contains `q` (any case); every row for an empty `q`. */
function matches(row: MarketRow, q: string): boolean {
  if (!q) return true;
  return [row.name, row.symbol, row.id].some((text) => text.toLowerCase().includes(q));
}

/**
 * Page `query.page` (1 by default) of the `query.tab` tab ("all" by default) of `source`, filtered
 * by `query.q` and sorted by `query.sort` (default: the tab's own order, see tabRows) in
 * `query.order` (default: defaultMarketOrder); ties keep the tab's order (a stable sort).
 * @returns null when the page is past the last one (page 1 always exists, even empty).
 */
export function buildMarketTable(
  source: MarketTableSource,
  query: MarketTableQuery,
): MarketTable | null {
  const tab = query.tab ?? "all";
  const sort = query.sort ?? (tab === "all" ? "rank" : null);
  const order = query.order ?? (sort ? defaultMarketOrder(sort) : "asc");
  const q = (query.q ?? "").trim().toLowerCase();
  const filtered = tabRows(source, tab).filter((row) => matches(row, q));
  if (sort) filtered.sort(comparator(sort, order));
  const page = query.page ?? 1;
  const pageCount = Math.max(1, Math.ceil(filtered.length / MARKET_PAGE_SIZE));
  if (page > pageCount) return null;
  const listAsOf =
    tab === "trending" ? source.trending.asOf : tab === "new" ? source.newTokens.asOf : null;
  return {
    ...source.freshness,
    tab,
    sort,
    order,
    q: query.q?.trim() ?? "",
    page,
    pageSize: MARKET_PAGE_SIZE,
    pageCount,
    total: filtered.length,
    rows: filtered.slice((page - 1) * MARKET_PAGE_SIZE, page * MARKET_PAGE_SIZE),
    listAsOf,
  };
}

const NO_LIST = { tokens: [], asOf: "" };

/**
 * The table for `query` over `market`'s coins (listCoins), asking for the trending or new
 * listings only on their tabs. Resolves to the market's error when it has no coins to give (live
 * CoinGecko failing with nothing cached), or null for a page past the last (see buildMarketTable).
 */
export async function loadMarketTable(
  market: Pick<MarketService, "listCoins" | "getTrendingTokens" | "getNewTokens">,
  query: MarketTableQuery,
): Promise<MarketResult<MarketTable> | null> {
  const [coins, trending, newTokens] = await Promise.all([
    market.listCoins(),
    query.tab === "trending" ? market.getTrendingTokens() : NO_LIST,
    query.tab === "new" ? market.getNewTokens() : NO_LIST,
  ]);
  if (isMarketError(coins)) return coins;
  if (isMarketError(trending)) return trending;
  if (isMarketError(newTokens)) return newTokens;
  const { coins: list, ...freshness } = coins;
  return buildMarketTable({ coins: list, trending, newTokens, freshness: dated(freshness) }, query);
}
