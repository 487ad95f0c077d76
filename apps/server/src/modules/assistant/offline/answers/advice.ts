// Advice and forecast requests (eval class A5, docs/product/max.md#eval-classes): the facts, framed
// as not financial advice, with the risks the data shows (volatility, drawdown from the all-time
// high); never a recommendation.
import { type TokenData, formatSignedPercent, formatUsdPrice } from "@pragmatist/contracts";
import { dayOf } from "./dating.ts";
import { escapeMarkdown } from "./format.ts";
import { belowAth, listWords } from "./token-facts.ts";

/** The closing line of every answer to an advice request. */
export const NOT_ADVICE = "_This is not financial advice._";

/**
 * The opening of an answer to "should I buy X?" or "will X go up?": Max cannot say, and gives the
 * facts and risks instead.
 */
export function adviceOpening(tokens: TokenData[]): string {
  const names = listWords(tokens.map((t) => escapeMarkdown(t.name)));
  const whose = tokens.length === 1 ? "its price goes" : "their prices go";
  return `I can't tell you whether to buy or sell ${names}, or where ${whose} next: that would be financial advice, and nobody knows. Here are the facts and the risks the data shows.`;
}

/** The coin's moves over 24 h, 7 d and 30 d, as the volatility a holder lives with. */
function volatilityLine(data: TokenData): string | null {
  const moves: Array<[number | null, string]> = [
    [data.change24hPercent, "in 24 hours"],
    [data.change7dPercent, "over 7 days"],
    [data.change30dPercent, "over 30 days"],
  ];
  const parts = moves.flatMap(([v, span]) =>
    v !== null ? [`${formatSignedPercent(v)} ${span}`] : [],
  );
  if (parts.length === 0) return null;
  const largest = Math.max(...moves.map(([v]) => Math.abs(v ?? 0)));
  const size = largest >= 10 ? "large swings" : largest >= 3 ? "sizeable swings" : "small moves";
  return `- **Volatility:** ${escapeMarkdown(data.name)} moved ${listWords(parts)}: ${size}, and moves like these can reverse quickly.`;
}

/** How far the price is below its all-time high: the drawdown a buyer at the peak would carry. */
function drawdownLine(data: TokenData): string | null {
  const below = belowAth(data);
  if (below === null || data.athUsd === null) return null;
  const when = data.athDate ? ` (${dayOf(data.athDate)})` : "";
  if (below <= 0) {
    return `- **Drawdown risk:** it is at its all-time high of ${formatUsdPrice(data.athUsd)}${when}, with no record of how far it can fall from here.`;
  }
  return `- **Drawdown:** it trades ${below.toFixed(2)}% below its all-time high of ${formatUsdPrice(data.athUsd)}${when}; whoever bought at the peak is down that much.`;
}

/**
 * The risks one coin's data shows, as a titled list: volatility (its 24 h, 7 d and 30 d moves) and
 * the drawdown from its all-time high; a line saying the data is too thin when it has neither.
 */
export function riskBlock(data: TokenData): string {
  const lines = [volatilityLine(data), drawdownLine(data)].filter((l): l is string => l !== null);
  const title = `**Risks the data shows for ${escapeMarkdown(data.name)}**`;
  if (lines.length === 0) {
    return `${title}\n- The data has too few figures to measure its volatility or drawdown, itself a risk: little is known about it.`;
  }
  return `${title}\n${lines.join("\n")}`;
}
