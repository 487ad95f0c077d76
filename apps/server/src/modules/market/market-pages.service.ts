// What the Market Data pages and their API read (docs/product/markets.md#market-data-pages): the table,
// a coin by its id and its chart's history, over the one market service Max uses.
import {
  type CoinFigures,
  type CoinRange,
  dated,
  type Dated,
  isMarketError,
  MARKET_ERRORS,
  type MarketResult,
  type MarketTable,
  type MarketTableQuery,
  type Ohlc,
} from "@pragmatist/contracts";
import { UnavailableError } from "../../errors.ts";
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

/** MarketPages over `market` (the service Max's tools use, so both show the same figures). */
export function createMarketPages(market: MarketService): MarketPages {
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
  };
}
