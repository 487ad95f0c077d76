// The offline model's "Side by side" block when several coins were looked up in one turn.
import {
  type Ohlc,
  type TokenData,
  formatSignedPercent,
  formatUsdCompact,
} from "@pragmatist/contracts";
import { escapeMarkdown, ratioText } from "./format.ts";
import { summarise } from "./ohlc.ts";
import { belowAth } from "./token-facts.ts";

/** Each coin's value for one figure, "n/a" where it has none: "Bitcoin +1.20%, Ethereum n/a". */
function across(tokens: TokenData[], pick: (t: TokenData) => string | null): string {
  return tokens.map((t) => `${escapeMarkdown(t.name)} ${pick(t) ?? "n/a"}`).join(", ");
}

/** How many times the larger of the first two coins' market caps is the smaller, or null. */
function capRatio(tokens: TokenData[]): string | null {
  const [a, b] = tokens;
  if (!a?.marketCapUsd || !b?.marketCapUsd) return null;
  const [big, small] = a.marketCapUsd >= b.marketCapUsd ? [a, b] : [b, a];
  if (big.marketCapUsd === null || small.marketCapUsd === null || small.marketCapUsd <= 0) {
    return null;
  }
  return `- ${escapeMarkdown(big.name)}'s market cap is ${ratioText(big.marketCapUsd / small.marketCapUsd)}× ${escapeMarkdown(small.name)}'s.`;
}

/** A change as a signed percent, or null. */
const signed = (value: number | null) => (value !== null ? formatSignedPercent(value) : null);

/** 24 h, 7 d and 30 d changes, market cap and distance below the all-time high across coins. */
function tokenLines(tokens: TokenData[]): string[] {
  const lines = [
    `- **24 h change:** ${across(tokens, (t) => signed(t.change24hPercent))}`,
    `- **7 d change:** ${across(tokens, (t) => signed(t.change7dPercent))}`,
    `- **30 d change:** ${across(tokens, (t) => signed(t.change30dPercent))}`,
    `- **Market cap:** ${across(tokens, (t) => (t.marketCapUsd !== null ? formatUsdCompact(t.marketCapUsd) : null))}`,
    `- **Below all-time high:** ${across(tokens, (t) => {
      const b = belowAth(t);
      return b !== null ? `${b.toFixed(2)}%` : null;
    })}`,
  ];
  const ratio = capRatio(tokens);
  return ratio ? [...lines, ratio] : lines;
}

/** Change over each history's period and its average candle range. */
function historyLines(histories: Ohlc[]): string[] {
  const parts = histories.map((h) => {
    const s = summarise(h.candles);
    return `${escapeMarkdown(h.name)} ${s ? formatSignedPercent(s.changePercent) : "n/a"} over ${h.days} days`;
  });
  const ranges = histories.map((h) => {
    const s = summarise(h.candles);
    return `${escapeMarkdown(h.name)} ${s ? `${s.meanRangePercent.toFixed(2)}%` : "n/a"}`;
  });
  return [
    `- **Change over the period:** ${parts.join(", ")}`,
    `- **Average candle range:** ${ranges.join(", ")}`,
  ];
}

/**
 * The "Side by side" block: market data compared when two or more coins' data came back, price
 * histories compared when two or more histories did; null when neither.
 */
export function comparison(tokens: TokenData[], histories: Ohlc[]): string | null {
  const lines = [
    ...(tokens.length >= 2 ? tokenLines(tokens) : []),
    ...(histories.length >= 2 ? historyLines(histories) : []),
  ];
  return lines.length > 0 ? `**Side by side**\n${lines.join("\n")}` : null;
}
