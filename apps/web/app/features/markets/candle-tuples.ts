// A coin page's candles as they travel in the page's data: `[time, open, high, low, close]`
// tuples (CoinGecko's own OHLC form) rather than objects, whose five keys the hydration data
// repeats for every candle (docs/product/markets.md#market-data-pages: the page's bytes).
import { isMarketError, type Dated, type MarketResult, type Ohlc } from "@pragmatist/contracts";

/** One candle as a tuple: time (Unix seconds, UTC) and the open, high, low and close in USD. */
export type CandleTuple = [time: number, open: number, high: number, low: number, close: number];

/** A history whose candles are tuples (packCandles), or the market error saying why there is none. */
export type PackedHistory = MarketResult<Omit<Dated<Ohlc>, "candles"> & { candles: CandleTuple[] }>;

/** `history` with its candles as tuples; a market error as it is. */
export function packCandles(history: MarketResult<Dated<Ohlc>>): PackedHistory {
  if (isMarketError(history)) return history;
  return {
    ...history,
    candles: history.candles.map((c): CandleTuple => [c.time, c.open, c.high, c.low, c.close]),
  };
}

/** The history packCandles packed, with its candles as objects again. */
export function unpackCandles(history: PackedHistory): MarketResult<Dated<Ohlc>> {
  if (isMarketError(history)) return history;
  return {
    ...history,
    candles: history.candles.map(([time, open, high, low, close]) => ({
      time,
      open,
      high,
      low,
      close,
    })),
  };
}
