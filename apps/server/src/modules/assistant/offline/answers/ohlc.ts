// The offline model's answer to a price-history lookup: summary, trend and volatility of the candles.
import {
  type Candle,
  type Ohlc,
  formatDateTimeUtc,
  formatSignedPercent,
  formatUsdPrice,
} from "@pragmatist/contracts";
import {
  coinLabel,
  escapeMarkdown,
  freshnessLine,
  joinBlocks,
  sourceName,
  staleNote,
} from "./format.ts";

/** The candles' typical spacing as a word before "candles" ("daily ", "4-hour "); "" for one candle. */
function candleInterval(candles: Candle[]): string {
  const gaps = candles
    .slice(1)
    .map((c, i) => c.time - (candles[i]?.time ?? c.time))
    .filter((g) => g > 0)
    .sort((a, b) => a - b);
  const gap = gaps[Math.floor(gaps.length / 2)];
  if (gap === undefined) return "";
  const hours = gap / 3600;
  if (hours < 1) return `${Math.round(gap / 60)}-minute `;
  if (hours < 24) return `${Math.round(hours)}-hour `;
  const days = Math.round(hours / 24);
  return days === 1 ? "daily " : `${days}-day `;
}

/** A period as the answers name it: "last 24 hours", "last 14 days", "last year". */
export function periodLabel(days: number): string {
  if (days === 1) return "last 24 hours";
  if (days === 365) return "last year";
  return `last ${days} days`;
}

/** The figures of a price history, candles sorted by time. */
export interface OhlcSummary {
  first: Candle;
  last: Candle;
  changePercent: number;
  high: number;
  low: number;
  up: number;
  down: number;
  /** Mean of (high - low) / open per candle, in %. */
  meanRangePercent: number;
  /** Largest fall from a running high to a later low, in %. */
  maxDrawdownPercent: number;
}

/** The summary of a price history (open → close change, extremes, up/down candles, ranges); null without candles. */
export function summarise(candles: Candle[]): OhlcSummary | null {
  const sorted = [...candles].sort((a, b) => a.time - b.time);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) return null;
  let peak = first.high;
  let maxDrawdownPercent = 0;
  let rangeSum = 0;
  for (const c of sorted) {
    peak = Math.max(peak, c.high);
    if (peak > 0) maxDrawdownPercent = Math.max(maxDrawdownPercent, (1 - c.low / peak) * 100);
    if (c.open > 0) rangeSum += ((c.high - c.low) / c.open) * 100;
  }
  return {
    first,
    last,
    changePercent: first.open > 0 ? (last.close / first.open - 1) * 100 : 0,
    high: Math.max(...sorted.map((c) => c.high)),
    low: Math.min(...sorted.map((c) => c.low)),
    up: sorted.filter((c) => c.close > c.open).length,
    down: sorted.filter((c) => c.close < c.open).length,
    meanRangePercent: rangeSum / sorted.length,
    maxDrawdownPercent,
  };
}

/** Trend (rose/fell beyond ±3%, else sideways), volatility (mean candle range) and where it closed. */
function trendSentence(name: string, s: OhlcSummary, days: number): string {
  const move =
    s.changePercent > 3
      ? `rose ${s.changePercent.toFixed(2)}%`
      : s.changePercent < -3
        ? `fell ${Math.abs(s.changePercent).toFixed(2)}%`
        : `moved sideways (${formatSignedPercent(s.changePercent)})`;
  const volatility = s.meanRangePercent < 2 ? "low" : s.meanRangePercent < 5 ? "moderate" : "high";
  const span = s.high - s.low;
  const closeAt = span > 0 ? (s.last.close - s.low) / span : 0.5;
  const finish =
    closeAt >= 0.8
      ? "It closed near the top of its range."
      : closeAt <= 0.2
        ? "It closed near the bottom of its range."
        : "It closed inside its range, away from both extremes.";
  return `${escapeMarkdown(name)} ${move} over the ${periodLabel(days)}. Volatility was ${volatility}: candles spanned ${s.meanRangePercent.toFixed(2)}% on average from low to high. ${finish}`;
}

/** The lines "Analyze your last message…" adds: largest drawdown, range and breadth. */
function insightLines(s: OhlcSummary): string[] {
  return [
    `- **Largest drawdown:** ${s.maxDrawdownPercent.toFixed(2)}% from a high to a later low within the period`,
    `- **Range:** the high was ${s.low > 0 ? ((s.high / s.low - 1) * 100).toFixed(2) : "n/a"}% above the low`,
    `- **Breadth:** ${s.up > s.down ? "more candles closed up than down" : s.up < s.down ? "more candles closed down than up" : "as many candles closed up as down"} (${s.up} vs ${s.down})`,
  ];
}

/**
 * The answer to a price-history lookup (getOhlc): period, open → close, high/low, candles, trend
 * and the last candle's time; which period was served when it differs from `requestedDays`; with
 * `analysis`, drawdown, range and breadth too.
 */
export function ohlcAnswer(data: Ohlc, requestedDays: number | null, analysis: boolean): string {
  const s = summarise(data.candles);
  const heading = `${coinLabel(data)}, ${periodLabel(data.days)}`;
  if (!s) {
    return joinBlocks([heading, "No candles were returned for this period.", freshnessLine(data)]);
  }
  const served =
    requestedDays !== null && requestedDays !== data.days
      ? `CoinGecko serves price history for fixed periods, so this covers ${data.days} days (you asked for ${requestedDays}).`
      : null;
  const figures = [
    `- **Open → close:** ${formatUsdPrice(s.first.open)} → ${formatUsdPrice(s.last.close)} (${formatSignedPercent(s.changePercent)})`,
    `- **Period high / low:** ${formatUsdPrice(s.high)} / ${formatUsdPrice(s.low)}`,
    `- **Candles:** ${data.candles.length} ${candleInterval(data.candles)}candles, ${s.up} up and ${s.down} down`,
  ];
  const deeper = analysis ? insightLines(s) : [];
  return joinBlocks([
    analysis ? `Insights on ${heading}:` : heading,
    staleNote(data),
    served,
    [...figures, ...deeper].join("\n"),
    trendSentence(data.name, s, data.days),
    "The chart shows every candle.",
    `_Last candle: ${formatDateTimeUtc(s.last.time * 1000)} · As of ${formatDateTimeUtc(data.asOf)} · Source: ${sourceName(data)}_`,
    analysis
      ? `To go further, ask for a longer period (“How did ${data.symbol.toUpperCase()} do over the past year?”) or compare it with another coin.`
      : null,
  ]);
}
