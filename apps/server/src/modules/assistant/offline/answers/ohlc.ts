// The offline model's answer to a price-history lookup: the move (or the high or low) first, dated
// where the history ends, then the figures, volatility and what was served.
import {
  type Candle,
  type Ohlc,
  formatDateTimeUtc,
  formatSignedPercent,
  formatUsdPrice,
} from "@pragmatist/contracts";
import type { CalendarRange } from "../reading/dates.ts";
import type { HistoryFocus } from "../reading/slots.ts";
import { dayOf, isOld } from "./dating.ts";
import {
  coinLabel,
  escapeMarkdown,
  freshnessLine,
  joinBlocks,
  sourceName,
  staleNote,
} from "./format.ts";
import { candlesBetween } from "../../../market/ohlc-period.ts";

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
function periodLabel(days: number): string {
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

/** The move in words: "rose 12.34%", "fell 3.20%" or "ended flat". */
function moveWords(changePercent: number): string {
  const size = `${Math.abs(changePercent).toFixed(2)}%`;
  if (changePercent > 0) return `rose ${size}`;
  return changePercent < 0 ? `fell ${size}` : "ended flat";
}

/**
 * Volatility (mean candle range: under 2% low, under 5% moderate, else high) and where it closed.
 * Candles built from daily closes have no intraday range: their span is the day's close-to-close
 * move, and the sentence says so instead of calling it the day's swing (eval class R8,
 * docs/product/max.md#eval-classes).
 */
function volatilitySentence(s: OhlcSummary, fromCloses: boolean): string {
  const volatility = s.meanRangePercent < 2 ? "low" : s.meanRangePercent < 5 ? "moderate" : "high";
  const span = s.high - s.low;
  const closeAt = span > 0 ? (s.last.close - s.low) / span : 0.5;
  const finish =
    closeAt >= 0.8
      ? "It closed near the top of its range."
      : closeAt <= 0.2
        ? "It closed near the bottom of its range."
        : "It closed inside its range, away from both extremes.";
  const measure = fromCloses
    ? `the price moved ${s.meanRangePercent.toFixed(2)}% a day on average, close to close (no intraday range in this data)`
    : `candles spanned ${s.meanRangePercent.toFixed(2)}% on average from low to high`;
  return `Volatility was ${volatility}: ${measure}. ${finish}`;
}

/** The lines "Analyze your last message…" adds: largest drawdown, range and breadth. */
function insightLines(s: OhlcSummary): string[] {
  return [
    `- **Largest drawdown:** ${s.maxDrawdownPercent.toFixed(2)}% from a high to a later low within the period`,
    `- **Range:** the high was ${s.low > 0 ? ((s.high / s.low - 1) * 100).toFixed(2) : "n/a"}% above the low`,
    `- **Breadth:** ${s.up > s.down ? "more candles closed up than down" : s.up < s.down ? "more candles closed down than up" : "as many candles closed up as down"} (${s.up} vs ${s.down})`,
  ];
}

/** How a price-history answer is written. */
export interface OhlcAnswerOptions {
  /** The days asked for ("max": the whole history), or null when unknown. */
  requestedDays: number | "max" | null;
  /** "Analyze your last message…": drawdown, range and breadth too. */
  analysis: boolean;
  focus: HistoryFocus;
  now: Date;
  /** The calendar period the question names ("in 2025"): only its candles are summarised. */
  period: CalendarRange | null;
}

/** The candle with the highest high (`high`) or the lowest low. */
function extremeCandle(candles: Candle[], focus: "high" | "low"): Candle | undefined {
  return candles.reduce<Candle | undefined>((best, c) => {
    if (!best) return c;
    return (focus === "high" ? c.high > best.high : c.low < best.low) ? c : best;
  }, undefined);
}

const DAY_MS = 86_400_000;

/** The candles of `candles` inside `period` (from its first instant to just before its end). */
export function candlesIn(candles: Candle[], period: CalendarRange): Candle[] {
  return candlesBetween(candles, period.from, period.to);
}

/**
 * The opening for a calendar period (eval class A9): the period and the days of its
 * candles, cut where the history ends inside it ("In 2025 so far in the data (1 Jan 2025 – 2 Sept 2025,
 * where the price history here ends), …"), then the move, or the high or low, over those candles.
 */
function periodOpening(
  data: Ohlc,
  inside: Candle[],
  s: OhlcSummary,
  period: CalendarRange,
  focus: HistoryFocus,
): string {
  const lastMs = s.last.time * 1000;
  const span = `${dayOf(s.first.time * 1000)} – ${dayOf(lastMs)}`;
  const when =
    period.to - lastMs > DAY_MS
      ? `In ${period.label} so far in the data (${span}, where the price history here ends)`
      : `In ${period.label} (${span})`;
  if (focus === "change") {
    return `${when}, ${coinLabel(data)} ${moveWords(s.changePercent)}, from ${formatUsdPrice(s.first.open)} to ${formatUsdPrice(s.last.close)}.`;
  }
  const extreme = extremeCandle(inside, focus);
  const value = focus === "high" ? s.high : s.low;
  const on = extreme ? ` on ${dayOf(extreme.time * 1000)}` : "";
  return `${when}, the ${focus === "high" ? "highest" : "lowest"} price of ${coinLabel(data)} was **${formatUsdPrice(value)}**${on}.`;
}

/** When the history starts after `period` begins: where it starts, so the span is read right. */
function lateStartNote(data: Ohlc, s: OhlcSummary, period: CalendarRange): string | null {
  if (s.first.time * 1000 - period.from <= DAY_MS) return null;
  return `The price history here for ${escapeMarkdown(data.name)} starts ${dayOf(s.first.time * 1000)}, after ${period.label} began, so this covers it from then.`;
}

/**
 * A period the history does not reach at all: said plainly, with the range the data holds (its
 * first and last day; only the last when the period starts after it).
 */
function periodNotCovered(data: Ohlc, period: CalendarRange): string {
  const first = (data.candles[0]?.time ?? 0) * 1000;
  const last = (data.candles.at(-1)?.time ?? 0) * 1000;
  // A period after the history's end is served only its last days: where it ends is what counts.
  const held =
    period.from > last
      ? `its price history here ends ${dayOf(last)}`
      : `its price history here runs from ${dayOf(first)} to ${dayOf(last)}`;
  return joinBlocks([
    `The data has no ${coinLabel(data)} prices for ${period.label}: ${held}.`,
    staleNote(data),
    `_As of ${formatDateTimeUtc(data.asOf)} · Source: ${sourceName(data)}_`,
  ]);
}

/**
 * The opening sentence (eval classes A1, A3 and A4): the move over the period (or its high or
 * low), the whole history's first and last day when it was asked for, and, when the history ends
 * more than a day before `now`, that it ends there ("Price history here ends 2 Sep 2025: …").
 */
function ohlcOpening(data: Ohlc, s: OhlcSummary, options: OhlcAnswerOptions): string {
  const label = coinLabel(data);
  const end = dayOf(s.last.time * 1000);
  const whole = options.requestedDays === "max";
  const old = isOld(data.asOf, options.now);
  const span = whole
    ? `${escapeMarkdown(data.name)}'s whole price history here runs from ${dayOf(s.first.time * 1000)} to ${end} (${data.candles.length} days)`
    : old
      ? `Price history here ends ${end}: over the ${data.days} days to then, ${label}`
      : `Over the ${periodLabel(data.days)}, ${label}`;
  if (options.focus === "change") {
    const move = `${moveWords(s.changePercent)}, from ${formatUsdPrice(s.first.open)} to ${formatUsdPrice(s.last.close)}`;
    return whole ? `${span}: it ${move}.` : `${span} ${move}.`;
  }
  const extreme = extremeCandle(data.candles, options.focus);
  const value = options.focus === "high" ? s.high : s.low;
  const when = extreme ? ` on ${dayOf(extreme.time * 1000)}` : "";
  const word = options.focus === "high" ? "highest" : "lowest";
  const figure = `**${formatUsdPrice(value)}**${when}`;
  if (whole) return `${span}: its ${word} price was ${figure}.`;
  return old
    ? `Price history here ends ${end}: the ${word} price of ${label} in the ${data.days} days to then was ${figure}.`
    : `The ${word} price of ${label} over the ${periodLabel(data.days)} was ${figure}.`;
}

/**
 * Notes on what was served: a fixed period other than the `requestedDays` asked, a shorter history
 * (both left out when null: a calendar period says what it covers), close-built candles among
 * `data.candles`.
 */
function servedNotes(data: Ohlc, requestedDays: number | "max" | null): string[] {
  const notes: string[] = [];
  if (typeof requestedDays === "number" && requestedDays !== data.days) {
    notes.push(
      `Price history comes in fixed periods, as CoinGecko serves it, so this covers ${data.days} days (you asked for ${requestedDays}).`,
    );
  }
  if (typeof requestedDays === "number" && data.candles.length < data.days) {
    notes.push(
      `The data holds only ${data.candles.length} days of history for ${escapeMarkdown(data.name)}, so that is all this covers.`,
    );
  }
  const first = data.candles[0];
  const last = data.candles.at(-1);
  const from = data.closesFrom ? Date.parse(data.closesFrom) : Infinity;
  if (first && last && from <= last.time * 1000) {
    notes.push(
      from <= first.time * 1000
        ? "These candles are built from daily closing prices (each opens at the previous close), so they show no intraday highs and lows."
        : `From ${dayOf(from)} the candles are built from daily closing prices (each opens at the previous close), so from then on they show no intraday highs and lows.`,
    );
  }
  return notes;
}

/** Whether every one of `candles` is built from daily closes (`closesFrom` at or before the first). */
function builtFromCloses(data: Ohlc, candles: Candle[]): boolean {
  const first = candles[0];
  return (
    data.closesFrom !== null &&
    first !== undefined &&
    Date.parse(data.closesFrom) <= first.time * 1000
  );
}

/**
 * The answer to a price-history lookup (getOhlc): the opening (ohlcOpening), the notes on what was
 * served (servedNotes), open → close, high/low and candles, volatility and the last candle's time;
 * with `analysis`, drawdown, range and breadth too. With a calendar `period`, only its candles are
 * summarised and the opening names the period and its days (periodOpening); a period the history
 * does not reach says so with the range it holds (periodNotCovered).
 */
export function ohlcAnswer(data: Ohlc, options: OhlcAnswerOptions): string {
  const { period } = options;
  const candles = period ? candlesIn(data.candles, period) : data.candles;
  const s = summarise(candles);
  if (period && !s && data.candles.length > 0) return periodNotCovered(data, period);
  if (!s) {
    return joinBlocks([
      `${coinLabel(data)}: no candles were returned for this period.`,
      freshnessLine(data),
    ]);
  }
  const figures = [
    `- **Open → close:** ${formatUsdPrice(s.first.open)} → ${formatUsdPrice(s.last.close)} (${formatSignedPercent(s.changePercent)})`,
    `- **Period high / low:** ${formatUsdPrice(s.high)} / ${formatUsdPrice(s.low)}`,
    `- **Candles:** ${candles.length} ${candleInterval(candles)}candles, ${s.up} up and ${s.down} down`,
  ];
  const deeper = options.analysis ? insightLines(s) : [];
  return joinBlocks([
    period ? periodOpening(data, candles, s, period, options.focus) : ohlcOpening(data, s, options),
    staleNote(data),
    period ? lateStartNote(data, s, period) : null,
    ...servedNotes({ ...data, candles }, period ? null : options.requestedDays),
    options.analysis ? "**Insights**" : null,
    [...figures, ...deeper].join("\n"),
    volatilitySentence(s, builtFromCloses(data, candles)),
    "The chart shows every candle.",
    `_Last candle: ${formatDateTimeUtc(s.last.time * 1000)} · As of ${formatDateTimeUtc(data.asOf)} · Source: ${sourceName(data)}_`,
    options.analysis
      ? `To go further, ask for a longer period (“How did ${data.symbol.toUpperCase()} do over the past year?”) or compare it with another coin.`
      : null,
  ]);
}
