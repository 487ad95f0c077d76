// The offline model's answer to getMarket: the coins of a market ranking named in the first sentence
// (the one asked for when a single position was), then a compact table, dated with its source.
import {
  type MarketRanking,
  formatSignedPercent,
  formatUsdCompact,
  formatUsdPrice,
} from "@pragmatist/contracts";
import { asOfLead } from "./dating.ts";
import { coinLabel, escapeMarkdown, freshnessLine, joinBlocks, staleNote } from "./format.ts";
import { listWords } from "./token-facts.ts";

type RankedCoin = MarketRanking["coins"][number];

/** What each ranking is called in a sentence, and the figure that shows it. */
const RANKINGS: Record<MarketRanking["by"], { noun: string; change: keyof RankedCoin | null }> = {
  marketCap: { noun: "market cap", change: null },
  volume: { noun: "24 h trading volume", change: null },
  change24h: { noun: "price change over 24 hours", change: "change24hPercent" },
  change7d: { noun: "price change over 7 days", change: "change7dPercent" },
  change30d: { noun: "price change over 30 days", change: "change30dPercent" },
};

/** The figure a coin is ranked by, as the answer writes it. */
function rankedFigure(coin: RankedCoin, by: MarketRanking["by"]): string {
  const change = RANKINGS[by].change;
  if (change) {
    const value = coin[change];
    return typeof value === "number" ? formatSignedPercent(value) : "n/a";
  }
  const value = by === "volume" ? coin.volume24hUsd : coin.marketCapUsd;
  return value === null ? "n/a" : formatUsdCompact(value);
}

/** "the largest coins by market cap", "the biggest losers over 7 days", for the opening. */
function rankingWords(data: MarketRanking, count: number): string {
  const { noun, change } = RANKINGS[data.by];
  if (change) {
    const who = data.order === "desc" ? "biggest gainers" : "biggest losers";
    return `the ${count === 1 ? who.replace(/s$/, "") : who} by ${noun}`;
  }
  return `the ${data.order === "desc" ? "largest" : "smallest"} ${count === 1 ? "coin" : "coins"} by ${noun}`;
}

/** "the second largest coin", for a ranking asked from a position past the first. */
function ordinal(n: number): string {
  const words = ["", "", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"];
  return words[n] ?? `${n}th`;
}

/**
 * The first sentence: dated when the data is more than a day old, naming the coins in order with
 * the figure they are ranked by; a ranking asked from position n (from > 1, one coin) names that
 * coin as the n-th.
 */
function opening(data: MarketRanking, now: Date): string {
  const lead = asOfLead(data.asOf, now);
  const named = data.coins.map((c) => `${coinLabel(c)} (${rankedFigure(c, data.by)})`);
  const first = data.coins[0];
  if (first && data.from > 1 && data.coins.length === 1) {
    const what = rankingWords(data, 1).replace(/^the (\w+)/, `the ${ordinal(data.from)} $1`);
    return `${lead}${lead ? "t" : "T"}${what.slice(1)} is ${named[0]}.`;
  }
  const words = rankingWords(data, data.coins.length);
  const subject = data.coins.length === 1 ? words : `the ${data.coins.length} ${words.slice(4)}`;
  const capital = lead ? subject : subject.charAt(0).toUpperCase() + subject.slice(1);
  return `${lead}${capital} ${data.coins.length === 1 ? "is" : "are"} ${listWords(named)}.`;
}

/** The ranked coins as a Markdown table: position, coin, price, 24 h and 7 d change, market cap. */
function table(data: MarketRanking): string {
  const cell = (v: number | null, f: (n: number) => string) => (v === null ? "n/a" : f(v));
  const rows = data.coins.map(
    (c) =>
      `| ${c.position} | ${escapeMarkdown(c.name)} (${escapeMarkdown(c.symbol.toUpperCase())}) | ${cell(c.priceUsd, formatUsdPrice)} | ${cell(c.change24hPercent, formatSignedPercent)} | ${cell(c.change7dPercent, formatSignedPercent)} | ${cell(c.marketCapUsd, formatUsdCompact)} |`,
  );
  return [
    "| # | Coin | Price | 24 h | 7 d | Market cap |",
    "|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/**
 * The answer to getMarket (docs/product/max.md#max-tools): the opening naming the coins in order
 * with their figure, dated; a table when more than one coin was asked for; what the ranking covers
 * (the data's coins, not the whole market); the as-of and source line.
 */
export function marketAnswer(data: MarketRanking, now: Date): string {
  if (data.coins.length === 0) {
    return joinBlocks(["The data has no coins at that place in the ranking.", freshnessLine(data)]);
  }
  const among =
    data.source === "coingecko" ? "largest coins on CoinGecko" : "coins of the offline data";
  const scope = `Ranked among the ${data.universe} ${among}, not the whole crypto market.`;
  return joinBlocks([
    opening(data, now),
    staleNote(data),
    data.coins.length > 1 ? table(data) : null,
    scope,
    freshnessLine(data),
  ]);
}
