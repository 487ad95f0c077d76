// A price history cut to a calendar period (getOhlc's `from` and `to`,
// docs/product/max.md#max-tools): the chart and the answer then show the period asked about, not
// the whole history.
import { type Candle, type MarketResult, type Ohlc, isMarketError } from "@pragmatist/contracts";

/** Epoch ms of a YYYY-MM-DD day's start (UTC). */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The candles opening at or after `fromMs` and before `toMs` (epoch ms), in their order. */
export function candlesBetween(candles: Candle[], fromMs: number, toMs: number): Candle[] {
  return candles.filter((c) => c.time * 1000 >= fromMs && c.time * 1000 < toMs);
}

/**
 * `result` with only its candles opening on or after `from` and before `to` (YYYY-MM-DD, UTC; either
 * may be absent), `days` their count. Unchanged for an error, with neither bound, or when no candle
 * falls inside: the answer then says where the history is instead of showing an empty chart.
 */
export function withinPeriod(
  result: MarketResult<Ohlc>,
  from: string | undefined,
  to: string | undefined,
): MarketResult<Ohlc> {
  if (isMarketError(result) || (from === undefined && to === undefined)) return result;
  const start = from === undefined ? -Infinity : dayStart(from);
  const end = to === undefined ? Infinity : dayStart(to);
  const candles = candlesBetween(result.candles, start, end);
  return candles.length === 0 ? result : { ...result, candles, days: candles.length };
}
