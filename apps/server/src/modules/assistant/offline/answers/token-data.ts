// The offline model's answer to a token-data lookup: headline, figures, description, as-of line.
import {
  type TokenData,
  formatSignedPercent,
  formatUsdCompact,
  formatUsdPrice,
} from "@pragmatist/contracts";
import {
  coinLabel,
  escapeMarkdown,
  formatCount,
  freshnessLine,
  joinBlocks,
  staleNote,
} from "./format.ts";

/** A 24 h change in words: "up 2.10%", "down 0.40%" or "unchanged". */
function changeWords(percent: number): string {
  if (percent > 0) return `up ${formatSignedPercent(percent).replace(/^[+-]/, "")}`;
  if (percent < 0) return `down ${formatSignedPercent(percent).replace(/^[+-]/, "")}`;
  return "unchanged";
}

/** How far the price is below the all-time high, in % (≤ 0 at or above it); null without both. */
export function belowAth(data: TokenData): number | null {
  if (data.priceUsd === null || data.athUsd === null || data.athUsd <= 0) return null;
  return (1 - data.priceUsd / data.athUsd) * 100;
}

/** The figures of a token as Markdown list items, each only when the data has it. */
function tokenFigures(data: TokenData): string[] {
  const symbol = escapeMarkdown(data.symbol.toUpperCase());
  const lines: string[] = [];
  if (data.priceUsd !== null) lines.push(`- **Price:** ${formatUsdPrice(data.priceUsd)}`);
  if (data.change24hPercent !== null) {
    lines.push(`- **24 h change:** ${formatSignedPercent(data.change24hPercent)}`);
  }
  if (data.marketCapUsd !== null) {
    const rank = data.rank !== null ? ` (rank #${data.rank})` : "";
    lines.push(`- **Market cap:** ${formatUsdCompact(data.marketCapUsd)}${rank}`);
  } else if (data.rank !== null) {
    lines.push(`- **Market-cap rank:** #${data.rank}`);
  }
  if (data.volume24hUsd !== null)
    lines.push(`- **24 h volume:** ${formatUsdCompact(data.volume24hUsd)}`);
  if (data.low24hUsd !== null && data.high24hUsd !== null) {
    lines.push(
      `- **24 h range:** ${formatUsdPrice(data.low24hUsd)} – ${formatUsdPrice(data.high24hUsd)}`,
    );
  }
  if (data.circulatingSupply !== null) {
    const max =
      data.maxSupply !== null && data.maxSupply > 0
        ? ` of a ${formatCount(data.maxSupply)} maximum (${((data.circulatingSupply / data.maxSupply) * 100).toFixed(1)}% issued)`
        : "";
    lines.push(`- **Circulating supply:** ${formatCount(data.circulatingSupply)} ${symbol}${max}`);
  }
  const below = belowAth(data);
  if (data.athUsd !== null) {
    const distance =
      below === null
        ? ""
        : below > 0
          ? `; the price is ${below.toFixed(2)}% below it`
          : "; the price is at or above it";
    lines.push(`- **All-time high:** ${formatUsdPrice(data.athUsd)}${distance}`);
  }
  return lines;
}

/** The opening sentence: price, 24 h change and rank, or that no price is available. */
function tokenHeadline(data: TokenData): string {
  if (data.priceUsd === null) return `${coinLabel(data)}: no current price is available.`;
  const change =
    data.change24hPercent !== null ? `, ${changeWords(data.change24hPercent)} in 24 hours` : "";
  const rank = data.rank !== null ? `; it ranks #${data.rank} by market cap` : "";
  return `${coinLabel(data)} is at **${formatUsdPrice(data.priceUsd)}**${change}${rank}.`;
}

/** The coin's description, escaped and cut to 400 characters; null when empty. */
function description(data: TokenData): string | null {
  const text = data.description.trim();
  if (text === "") return null;
  return escapeMarkdown(text.length > 400 ? `${text.slice(0, 397).trimEnd()}…` : text);
}

/**
 * One coin's answer (getTokenData): headline, stale note, figures, description and the as-of line;
 * `brief` (several coins compared) leaves out the description.
 */
export function tokenAnswer(data: TokenData, brief: boolean): string {
  return joinBlocks([
    tokenHeadline(data),
    staleNote(data),
    tokenFigures(data).join("\n"),
    !brief && description(data),
    freshnessLine(data),
  ]);
}
