// The offline model's insights on a token ("Analyze your last message…"): one line per reading.
import {
  type TokenData,
  formatSignedPercent,
  formatUsdCompact,
  formatUsdPrice,
} from "@pragmatist/contracts";
import { escapeMarkdown, formatCount, freshnessLine, joinBlocks, staleNote } from "./format.ts";
import { belowAth } from "./token-facts.ts";
import { tokenOpening } from "./token-opening.ts";

/** Volume as a share of market cap: how actively the coin changes hands. */
function turnoverWords(ratio: number): string {
  if (ratio < 1) return "thin trading for its size";
  if (ratio <= 10) return "a normal level of trading";
  return "heavy trading, often a sign of news or speculation";
}

/** Distance from the all-time high and the rise needed to get back there. */
function athInsight(data: TokenData): string | null {
  const below = belowAth(data);
  if (below === null || data.athUsd === null || data.priceUsd === null) return null;
  if (below > 0) {
    const needed = (data.athUsd / data.priceUsd - 1) * 100;
    return `- **Distance from the all-time high:** ${below.toFixed(2)}% below ${formatUsdPrice(data.athUsd)}; it would need to rise ${needed.toFixed(1)}% to get back there.`;
  }
  return `- **All-time high:** the price is at or above its recorded high of ${formatUsdPrice(data.athUsd)}.`;
}

/** 24 h volume as a share of market cap (turnoverWords). */
function turnoverInsight(data: TokenData): string | null {
  if (data.volume24hUsd === null || data.marketCapUsd === null || data.marketCapUsd <= 0) {
    return null;
  }
  const ratio = (data.volume24hUsd / data.marketCapUsd) * 100;
  return `- **Turnover:** 24 h volume is ${ratio.toFixed(2)}% of market cap (${formatUsdCompact(data.volume24hUsd)} of ${formatUsdCompact(data.marketCapUsd)}), ${turnoverWords(ratio)}.`;
}

/** Where the price sits in today's range (top or bottom third, or the middle) and the range's width. */
function intradayInsight(data: TokenData): string | null {
  if (data.low24hUsd === null || data.high24hUsd === null || data.priceUsd === null) return null;
  const width = data.high24hUsd - data.low24hUsd;
  if (width <= 0 || data.low24hUsd <= 0) return null;
  const position = ((data.priceUsd - data.low24hUsd) / width) * 100;
  const where =
    position >= 66 ? "near the top" : position <= 33 ? "near the bottom" : "in the middle";
  return `- **Intraday position:** ${where} of today's range (${Math.round(Math.min(100, Math.max(0, position)))}% of the way from ${formatUsdPrice(data.low24hUsd)} to ${formatUsdPrice(data.high24hUsd)}); the range spans ${((width / data.low24hUsd) * 100).toFixed(2)}%.`;
}

/** The 24 h change and its size: under 1% quiet, under 5% moderate, else large. */
function momentumInsight(data: TokenData): string | null {
  if (data.change24hPercent === null) return null;
  const size = Math.abs(data.change24hPercent);
  const strength = size < 1 ? "a quiet day" : size < 5 ? "a moderate move" : "a large move";
  return `- **Momentum:** ${formatSignedPercent(data.change24hPercent)} over 24 hours, ${strength}.`;
}

/** The share of the maximum supply in circulation and how much issuance can still add. */
function supplyInsight(data: TokenData): string | null {
  if (data.circulatingSupply === null || data.maxSupply === null || data.maxSupply <= 0) {
    return null;
  }
  const issued = (data.circulatingSupply / data.maxSupply) * 100;
  return `- **Supply:** ${issued.toFixed(1)}% of the ${formatCount(data.maxSupply)} maximum is in circulation, so future issuance can add at most ${(100 - issued).toFixed(1)}% more.`;
}

/**
 * Insights on one coin's market data, for "Analyze your last message…": the dated opening
 * (token-opening.ts), then distance from the all-time high, turnover, intraday position, momentum
 * and supply (each when the data allows), with the as-of line and questions to go further.
 */
export function tokenInsights(data: TokenData, now: Date): string {
  const insights = [
    athInsight(data),
    turnoverInsight(data),
    intradayInsight(data),
    momentumInsight(data),
    supplyInsight(data),
  ].filter((line): line is string => line !== null);
  const symbol = data.symbol.toUpperCase();
  return joinBlocks([
    `**Insights on ${escapeMarkdown(data.name)} (${escapeMarkdown(symbol)})**`,
    tokenOpening(data, null, { now, dated: true }),
    staleNote(data),
    insights.length > 0 ? insights.join("\n") : "The result had too few figures to analyse.",
    freshnessLine(data),
    `To go further, ask “How did ${symbol} do over the last 90 days?” or “Compare ${symbol} and BTC”.`,
  ]);
}
