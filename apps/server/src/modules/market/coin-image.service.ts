// Each coin's Open Graph picture (docs/product/markets.md#coin-image): the coin's figures from the
// market service the pages read, drawn once per distinct content and kept.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import {
  formatLongDate,
  isMarketError,
  MARKET_ERRORS,
  type TokenData,
} from "@pragmatist/contracts";
import { UnavailableError } from "../../errors.ts";
import { type CoinImageInput, renderCoinImage } from "./coin-image.ts";
import type { MarketService } from "./market.service.ts";

/** The pictures' reads (built by `createCoinImages`). */
export interface CoinImages {
  /**
   * The PNG of the coin with this exact CoinGecko id (COIN_IMAGE_SIZE), or null when the market
   * data has no such coin.
   * @throws UnavailableError when live market data is down with nothing cached.
   */
  findPng(id: string): Promise<Buffer | null>;
}

/** Bytes of pictures kept (one is about 50 kB; the 250 coins of the live list fit). */
const KEPT_BYTES = 16 * 1024 * 1024;
/** The days the line spans when the data has no 7-day sparkline for the coin. */
const LINE_DAYS = 30;

/**
 * The line under the coin's figures: the markets list's 7-day sparkline (live), else the closes
 * of the last LINE_DAYS days of its history, labelled with where they end (the snapshot's history
 * may end before its prices); null when the data has neither.
 */
async function lineOf(market: MarketService, coin: TokenData): Promise<CoinImageInput["line"]> {
  const list = await market.listCoins();
  const sparkline = isMarketError(list)
    ? null
    : list.coins.find((c) => c.id === coin.id)?.sparkline7d;
  if (sparkline && sparkline.length >= 2) return { prices: sparkline, label: "Last 7 days" };
  const history = await market.getCoinHistory(coin.id, LINE_DAYS);
  if (isMarketError(history) || history.candles.length < 2) return null;
  const last = history.candles.at(-1)!;
  const label = `${history.days} days to ${formatLongDate(last.time * 1000)}`;
  return { prices: history.candles.map((c) => c.close), label };
}

/**
 * CoinImages over `market` (live or the snapshot, as the pages) with SITE_NAME on every picture.
 * A picture is drawn once per distinct content (figures, line, as-of time) and kept (KEPT_BYTES),
 * so repeated requests and link-preview crawlers cost no drawing.
 */
export function createCoinImages(market: MarketService, siteName: string): CoinImages {
  const kept = new LRUCache<string, Promise<Buffer>>({
    maxSize: KEPT_BYTES,
    sizeCalculation: () => 64 * 1024,
  });
  return {
    async findPng(id) {
      const coin = await market.getCoin(id);
      if (isMarketError(coin)) {
        if (coin.error === MARKET_ERRORS.noResults) return null;
        throw new UnavailableError(
          "Market data is unavailable right now. Please try again in a minute.",
        );
      }
      const input: CoinImageInput = {
        siteName,
        name: coin.name,
        symbol: coin.symbol,
        priceUsd: coin.priceUsd,
        change24hPercent: coin.change24hPercent,
        line: await lineOf(market, coin),
        asOf: coin.asOf,
        source: coin.source,
      };
      const key = createHash("sha256").update(JSON.stringify(input)).digest("base64url");
      let png = kept.get(key);
      if (!png) {
        png = renderCoinImage(input);
        kept.set(key, png);
        png.catch(() => kept.delete(key));
      }
      return png;
    },
  };
}
