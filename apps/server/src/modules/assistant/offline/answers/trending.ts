// The offline model's answer to the trending list: numbered tokens with price, change and rank.
import { type TrendingTokens, formatSignedPercent, formatUsdPrice } from "@pragmatist/contracts";
import { dayOf, differentDays, isOld } from "./dating.ts";
import { coinLabel, escapeMarkdown, freshnessLine, joinBlocks, staleNote } from "./format.ts";
import { listWords } from "./token-facts.ts";

type TrendingToken = TrendingTokens["tokens"][number];

/**
 * One numbered token: price, 24 h change and rank, each when known ("unranked" otherwise), with
 * the day its figures are from when that differs from the list's.
 */
function listing(t: TrendingToken, i: number, listAsOf: string): string {
  const facts = [
    t.priceUsd !== null ? formatUsdPrice(t.priceUsd) : null,
    t.change24hPercent !== null ? `${formatSignedPercent(t.change24hPercent)} in 24 h` : null,
    t.rank !== null ? `rank #${t.rank}` : "unranked",
  ].filter((f): f is string => f !== null);
  const priced =
    t.pricedAt && differentDays(t.pricedAt, listAsOf) ? ` (as of ${dayOf(t.pricedAt)})` : "";
  return `${i + 1}. ${coinLabel(t)}: ${facts.join(", ")}${priced}`;
}

/**
 * The opening (eval classes A1 and A4, docs/product/max.md#eval-classes): which coins lead the
 * list, dated when the list is more than a day old at `now`, and, when some coins are priced on
 * another day than the list, that the list is older than those prices.
 */
function trendingOpening(data: TrendingTokens, now: Date): string {
  const leaders = listWords(data.tokens.slice(0, 3).map((t) => coinLabel(t)));
  const opening = isOld(data.asOf, now)
    ? `As of ${dayOf(data.asOf)}, the date of the latest trending list here, the most searched coins on CoinGecko were led by ${leaders}.`
    : `The most searched coins on CoinGecko in the last 24 hours are led by ${leaders}.`;
  const priced = data.tokens.find((t) => t.pricedAt && differentDays(t.pricedAt, data.asOf));
  if (!priced?.pricedAt) return opening;
  return `${opening} The list is older than the prices: coins still in the markets capture of ${dayOf(priced.pricedAt)} are priced from it (dated on their line), the others as of the list.`;
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

/**
 * The answer to getTrendingTokens: the opening (trendingOpening), the tokens numbered in trending
 * order; with `analysis`, an insight line.
 */
export function trendingAnswer(data: TrendingTokens, analysis: boolean, now: Date): string {
  if (data.tokens.length === 0) {
    return joinBlocks(["CoinGecko lists no trending tokens right now.", freshnessLine(data)]);
  }
  return joinBlocks([
    trendingOpening(data, now),
    staleNote(data),
    data.tokens.map((t, i) => listing(t, i, data.asOf)).join("\n"),
    analysis ? insight(data) : null,
    freshnessLine(data),
  ]);
}
