// The offline model's answer to the trending list: numbered tokens with price, change and rank.
import { type TrendingTokens, formatSignedPercent, formatUsdPrice } from "@pragmatist/contracts";
import { coinLabel, escapeMarkdown, freshnessLine, joinBlocks, staleNote } from "./format.ts";

type TrendingToken = TrendingTokens["tokens"][number];

/** One numbered token: price, 24 h change and rank, each when known ("unranked" otherwise). */
function listing(t: TrendingToken, i: number): string {
  const facts = [
    t.priceUsd !== null ? formatUsdPrice(t.priceUsd) : null,
    t.change24hPercent !== null ? `${formatSignedPercent(t.change24hPercent)} in 24 h` : null,
    t.rank !== null ? `rank #${t.rank}` : "unranked",
  ].filter((f): f is string => f !== null);
  return `${i + 1}. ${coinLabel(t)}: ${facts.join(", ")}`;
}

/** "Analyze your last message…" on the list: how many are up, the extremes, how many are top 100. */
function insight(data: TrendingTokens): string {
  const moved = data.tokens.filter((t) => t.change24hPercent !== null);
  const up = moved.filter((t) => (t.change24hPercent ?? 0) > 0).length;
  const sorted = [...moved].sort((a, b) => (b.change24hPercent ?? 0) - (a.change24hPercent ?? 0));
  const best = sorted[0];
  const worst = sorted[sorted.length - 1];
  const top100 = data.tokens.filter((t) => t.rank !== null && t.rank <= 100).length;
  return (
    `**Insights:** ${up} of the ${moved.length} trending tokens with a 24 h change are up.` +
    (best && worst && best !== worst
      ? ` The biggest gain is ${escapeMarkdown(best.name)} (${formatSignedPercent(best.change24hPercent ?? 0)}), the biggest loss ${escapeMarkdown(worst.name)} (${formatSignedPercent(worst.change24hPercent ?? 0)}).`
      : "") +
    ` ${top100} of ${data.tokens.length} rank in the top 100 by market cap; attention often runs ahead of size, so smaller names can move sharply both ways.`
  );
}

/** The answer to getTrendingTokens: the tokens numbered in trending order; with `analysis`, an insight line. */
export function trendingAnswer(data: TrendingTokens, analysis: boolean): string {
  if (data.tokens.length === 0) {
    return joinBlocks(["CoinGecko lists no trending tokens right now.", freshnessLine(data)]);
  }
  return joinBlocks([
    `**Trending on CoinGecko** (most searched in the last 24 hours):`,
    staleNote(data),
    data.tokens.map(listing).join("\n"),
    analysis ? insight(data) : null,
    freshnessLine(data),
  ]);
}
