// The offline model's Markdown pieces: escaping, coin labels, counts, ages and the as-of/source line.
import { type MarketFreshness, formatDateTimeUtc } from "@pragmatist/contracts";

const compactCount = new Intl.NumberFormat("en-US", {
  notation: "compact",
  maximumFractionDigits: 2,
});

/** A large count, compact ("19.6M"): supplies. */
export function formatCount(value: number): string {
  return compactCount.format(value);
}

/** An age in its largest whole unit ("5 minutes", "1 day"), in seconds below a minute. */
function formatAge(seconds: number): string {
  const units: Array<[number, string]> = [
    [86_400, "day"],
    [3_600, "hour"],
    [60, "minute"],
  ];
  for (const [size, unit] of units) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? "" : "s"}`;
  }
  return `${seconds} seconds`;
}

/** Where market data came from, as the answers name it: "CoinGecko" or the offline snapshot. */
export function sourceName(data: Pick<MarketFreshness, "source">): string {
  return data.source === "coingecko" ? "CoinGecko" : "offline snapshot, data provided by CoinGecko";
}

/** The as-of and source line every figure carries (docs/product/max.md#max-loop). */
export function freshnessLine(data: MarketFreshness): string {
  return `_As of ${formatDateTimeUtc(data.asOf)} · Source: ${sourceName(data)}_`;
}

/** A note that the figures are the last cached ones and how old they are, or null when fresh. */
export function staleNote(data: MarketFreshness): string | null {
  if (!data.stale) return null;
  return `**Note:** live data could not be fetched just now, so these are the last cached figures, ${formatAge(data.ageSeconds)} old.`;
}

/** `text` with Markdown's special characters backslash-escaped, for names and quotes from data. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>#|])/g, "\\$1");
}

/** A coin as **Name (SYMBOL)**, escaped. */
export function coinLabel(coin: { name: string; symbol: string }): string {
  return `**${escapeMarkdown(coin.name)} (${escapeMarkdown(coin.symbol.toUpperCase())})**`;
}

/** The blocks that are non-empty strings, as paragraphs (blank line between). */
export function joinBlocks(blocks: Array<string | null | false>): string {
  return blocks.filter((b): b is string => typeof b === "string" && b !== "").join("\n\n");
}

/**
 * A ratio as every answer writes it, so one answer never rounds the same ratio two ways: whole
 * numbers from 1,000, else four significant digits ("27.39", "0.03011", "12.36").
 */
export function ratioText(value: number): string {
  return value >= 1000
    ? Math.round(value).toLocaleString("en-US")
    : Number(value.toPrecision(4)).toLocaleString("en-US", { maximumSignificantDigits: 4 });
}
