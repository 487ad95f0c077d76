// A price history cut to a calendar period (getOhlc's `from` and `to`, docs/product.md#max-tools):
// the chart and the answer then show the period asked about, not the whole history.
import { type MarketResult, type Ohlc, isMarketError } from "@pragmatist/contracts";

/** Epoch ms of a YYYY-MM-DD day's start (UTC). */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

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
  const candles = result.candles.filter((c) => c.time * 1000 >= start && c.time * 1000 < end);
  return candles.length === 0 ? result : { ...result, candles, days: candles.length };
}
