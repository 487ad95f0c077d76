// What the Market Data pages and their API read (docs/product/markets.md#market-data-pages): the table,
// a coin by its id and its chart's history, over the one market service Max uses.
import {
  type ArticleCoin,
  type CoinFigures,
  type CoinRange,
  dated,
  type Dated,
  isMarketError,
  MARKET_ERRORS,
  type MarketFreshness,
  type MarketResult,
  type MarketTable,
  type MarketTableQuery,
  type Ohlc,
} from "@pragmatist/contracts";
import { UnavailableError } from "../../errors.ts";
import { createGazetteer, type Gazetteer } from "./coin-gazetteer.service.ts";
import type { MarketService } from "./market.service.ts";
import { loadMarketTable } from "./market-table.ts";

/** The pages' reads; "find" answers null when there is nothing (an unknown coin, a page too far). */
export interface MarketPages {
  /**
   * Page `query.page` of the table (buildMarketTable), or null past the last page.
   * @throws UnavailableError when the market service has no coins to give (live CoinGecko down,
   * nothing cached).
   */
  findTable(query: MarketTableQuery): Promise<MarketTable | null>;
  /**
   * The coin with this exact CoinGecko id, or null when the data has no such coin.
   * @throws UnavailableError as findTable.
   */
  findCoin(id: string): Promise<CoinFigures | null>;
  /**
   * The coin's daily candles over `range` (its last `range` days of history; "max": all of it),
   * or the market error saying why there are none (no history in the data, or unavailable).
   */
  coinHistory(id: string, range: CoinRange): Promise<MarketResult<Dated<Ohlc>>>;
  /**
   * The ids of every coin with a page (the coins the market service knows) and when the market's
   * figures were true (null when it cannot say: live data down, nothing cached).
   */
  listCoinIds(): Promise<{ ids: string[]; asOf: string | null }>;
  /**
   * The coin-name reader articles are read with (Gazetteer.findInProse): over the snapshot's
   * coins (MarketService.snapshotCoins), so an article's coin links are the same everywhere and
   * change only with the snapshot (decision 008: one public render).
   */
  coinGazetteer(): Gazetteer;
  /**
   * The coins of `ids`, in that order, with their price and 24 h change as the market service
   * gives them (docs/product/reader.md#article-coins): from the whole market's list (one cached
   * call live), else the coin's own figures; figures null and `freshness` null when market data
   * is unavailable. Never rejects; an id the data does not know is left out.
   */
  quoteCoins(ids: readonly string[]): Promise<ArticleCoin[]>;
}

/** A chart range in days as getOhlc takes it. */
const RANGE_DAYS = { "7d": 7, "30d": 30, "90d": 90, "1y": 365, max: "max" } as const;

/** The error a reader sees when the market service cannot answer (UnavailableError). */
const UNAVAILABLE = "Market data is unavailable right now. Please try again in a minute.";

/** The table of the market unless `result` is the market's error (then UnavailableError). */
function orUnavailable<T>(result: MarketResult<T>): T {
  if (isMarketError(result)) throw new UnavailableError(UNAVAILABLE);
  return result;
}

/** A coin's figures as an article lists them, dated by `freshness`. */
function quoteOf(
  coin: Pick<CoinFigures, "id" | "symbol" | "name" | "priceUsd" | "change24hPercent">,
  freshness: ArticleCoin["freshness"],
): ArticleCoin {
  const { id, symbol, name, priceUsd, change24hPercent } = coin;
  return { id, symbol, name, priceUsd, change24hPercent, freshness };
}

/** MarketPages over `market` (the service Max's tools use, so both show the same figures). */
export function createMarketPages(market: MarketService): MarketPages {
  let gazetteer: Gazetteer | null = null;
  return {
    async findTable(query) {
      const table = await loadMarketTable(market, query);
      return table && orUnavailable(table);
    },
    async findCoin(id) {
      const coin = await market.getCoin(id);
      if (isMarketError(coin) && coin.error === MARKET_ERRORS.noResults) return null;
      return dated(orUnavailable(coin));
    },
    async coinHistory(id, range) {
      const history = await market.getCoinHistory(id, RANGE_DAYS[range]);
      return isMarketError(history) ? history : dated(history);
    },
    async listCoinIds() {
      const coins = await market.listCoins();
      const ids = market.knownCoins().map((c) => c.id);
      return { ids, asOf: isMarketError(coins) ? null : coins.asOf };
    },
    coinGazetteer() {
      gazetteer ??= createGazetteer(market.snapshotCoins());
      return gazetteer;
    },
    quoteCoins: (ids) => quoteCoins(market, ids),
  };
}

/** The freshness fields of a market answer as a page shows them (Dated), and nothing else. */
const freshnessOf = ({ asOf, source, stale }: MarketFreshness): Dated<MarketFreshness> => ({
  asOf,
  source,
  stale,
});

/** MarketPages.quoteCoins over `market`. */
async function quoteCoins(market: MarketService, ids: readonly string[]): Promise<ArticleCoin[]> {
  if (ids.length === 0) return [];
  const listed = await market.listCoins();
  const known = new Map(market.snapshotCoins().map((c) => [c.id, c]));
  /** The coin without figures: market data is unavailable, or has no figures for it. */
  const unquoted = (id: string) => {
    const coin = known.get(id);
    return coin ? quoteOf({ ...coin, priceUsd: null, change24hPercent: null }, null) : null;
  };
  const quotes = await Promise.all(
    ids.map(async (id): Promise<ArticleCoin | null> => {
      // Down with nothing cached: no coin is asked for on its own (each would wait its budget).
      if (isMarketError(listed)) return unquoted(id);
      const row = listed.coins.find((c) => c.id === id);
      // Dated as the market table dates its page: by the list's time.
      if (row) return quoteOf(row, freshnessOf(listed));
      // Outside the market's list (an older capture, below the top coins live): its own figures.
      const own = await market.getCoin(id);
      return isMarketError(own) ? unquoted(id) : quoteOf(own, freshnessOf(own));
    }),
  );
  return quotes.filter((q) => q !== null);
}
