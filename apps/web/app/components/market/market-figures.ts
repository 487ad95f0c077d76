// Market figures as Max's bubbles and the Market Data pages show them (docs/product/max.md#max-tools,
// docs/product/markets.md#market-data-pages): the stats card's rows, the change's colour, the as-of
// line every figure carries. Pure, so tests run in Node.
import type { Dated, MarketFreshness, Ohlc, TokenData } from "@pragmatist/contracts";
import {
  formatDateTimeUtc,
  formatSignedPercent,
  formatUsdCompact,
  formatUsdPrice,
} from "../../lib/format.ts";

/**
 * Green for a rise, red for a fall, nothing for flat or unknown (colour for moves only,
 * docs/architecture.md#look-and-feel).
 */
export type Tone = "up" | "down" | null;

/** One row of the token stats card: its label, the formatted figure and the figure's tone. */
export interface StatRow {
  label: string;
  value: string;
  tone: Tone;
}

/** The direction of a change in percent. */
export function toneOf(percent: number | null): Tone {
  if (percent === null || percent === 0) return null;
  return percent > 0 ? "up" : "down";
}

const dash = "–";

/**
 * The card's rows: price, 24 h change, market cap, rank, 24 h volume. An unknown figure (null in
 * the contract) shows as a dash rather than a zero.
 */
export function tokenStatRows(token: TokenData): StatRow[] {
  const or = <T>(value: T | null, format: (v: T) => string) =>
    value === null ? dash : format(value);
  return [
    { label: "Price", value: or(token.priceUsd, formatUsdPrice), tone: null },
    {
      label: "24h change",
      value: or(token.change24hPercent, formatSignedPercent),
      tone: toneOf(token.change24hPercent),
    },
    { label: "Market cap", value: or(token.marketCapUsd, formatUsdCompact), tone: null },
    { label: "Rank", value: or(token.rank, (r) => `#${r}`), tone: null },
    { label: "24h volume", value: or(token.volume24hUsd, formatUsdCompact), tone: null },
  ];
}

/** Who supplied the figures, as the credit line names it. */
function sourceName(source: MarketFreshness["source"]): string {
  return source === "coingecko" ? "CoinGecko" : "CoinGecko (offline snapshot)";
}

/** "18 min", "3 h", "2 days": the age of a cached figure. */
function ageText(seconds: number): string {
  if (seconds < 90 * 60) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 36 * 3600) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

/**
 * How long ago live figures were fetched from CoinGecko, when the result says (Max's answers:
 * "updated under a minute ago", "updated 3 min ago"; a page's figures are dated only, so the page
 * changes only with its data), and when a fresher answer could not be had (`stale`), "(CoinGecko
 * unavailable since)"; "" for the snapshot (docs/product/markets.md#live-refresh).
 */
function updatedText(freshness: Dated<MarketFreshness> & { ageSeconds?: number }): string {
  if (freshness.source !== "coingecko") return "";
  const { ageSeconds } = freshness;
  const ago =
    ageSeconds === undefined
      ? ""
      : ` · updated ${ageSeconds < 60 ? "under a minute" : ageText(ageSeconds)} ago`;
  const stale = freshness.stale ? " (CoinGecko unavailable since)" : "";
  return `${ago}${stale}`;
}

/**
 * The as-of line under a card, chart or table: "As of 22 Nov 2026, 07:03 UTC · updated 2 min ago
 * · Data provided by CoinGecko" (every number carries its as-of time and, live, its age:
 * docs/product/max.md#market-data), or "… · Data provided by CoinGecko (offline snapshot)".
 */
export function asOfLine(freshness: Dated<MarketFreshness> & { ageSeconds?: number }): string {
  return `As of ${formatDateTimeUtc(freshness.asOf)}${updatedText(freshness)} · Data provided by ${sourceName(freshness.source)}`;
}

/**
 * The price history in one sentence, for the chart's caption and screen readers: "Bitcoin (BTC),
 * 30 days: from $58,000.00 to $64,012.50 (+10.37%), low $56,100.00, high $65,300.00". Null when
 * there are no candles.
 */
export function ohlcSummary(ohlc: Dated<Ohlc>): string | null {
  const first = ohlc.candles[0];
  const last = ohlc.candles.at(-1);
  if (!first || !last) return null;
  const low = Math.min(...ohlc.candles.map((c) => c.low));
  const high = Math.max(...ohlc.candles.map((c) => c.high));
  const change = first.open === 0 ? null : ((last.close - first.open) / first.open) * 100;
  const move = change === null ? "" : ` (${formatSignedPercent(change)})`;
  return (
    `${ohlc.name} (${ohlc.symbol.toUpperCase()}), ${ohlc.days} days: from ` +
    `${formatUsdPrice(first.open)} to ${formatUsdPrice(last.close)}${move}, ` +
    `low ${formatUsdPrice(low)}, high ${formatUsdPrice(high)}`
  );
}
