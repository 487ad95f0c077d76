// The first sentence of a token answer: it answers what was asked (a figure, a move, a yes or no),
// dated when the data is older than a day (eval classes A1 and A4,
// docs/product/max.md#eval-classes).
import { type TokenData, formatUsdCompact, formatUsdPrice } from "@pragmatist/contracts";
import type { TokenFigure, TokenFocus } from "../reading/slots.ts";
import { asOfLead, continued, dayOf } from "./dating.ts";
import { coinLabel, escapeMarkdown, formatCount } from "./format.ts";
import {
  belowAth,
  changeOf,
  changeWords,
  listWords,
  windowAdjective,
  windowWords,
} from "./token-facts.ts";

/** How the opening is written: the clock, and whether it names the date (once per answer). */
export interface OpeningOptions {
  now: Date;
  dated: boolean;
}

/** A figure's name as a sentence says what the data lacks ("market cap", "all-time high"). */
const FIGURE_NAMES: Record<TokenFigure, string> = {
  price: "price",
  marketCap: "market cap",
  volume: "24 h volume",
  supply: "circulating supply",
  rank: "market-cap rank",
  ath: "all-time high",
  fromAth: "all-time high",
};

/** ", at $P" when the price is known. */
function atPrice(data: TokenData): string {
  return data.priceUsd !== null ? `, at ${formatUsdPrice(data.priceUsd)}` : "";
}

/** "Bitcoin's" (escaped). */
function possessive(data: TokenData): string {
  return `${escapeMarkdown(data.name)}'s`;
}

/** The price, its 24 h change and rank: the answer to "what's X at?". */
function priceSentence(data: TokenData, price: number): string {
  const change =
    data.change24hPercent !== null
      ? `, ${changeWords(data.change24hPercent)} in the last 24 hours`
      : "";
  const rank =
    data.rank !== null
      ? `; it ranks #${data.rank} by market cap${data.marketCapUsd !== null ? ` (${formatUsdCompact(data.marketCapUsd)})` : ""}`
      : "";
  return `${coinLabel(data)} is at **${formatUsdPrice(price)}**${change}${rank}.`;
}

/** The sentence for a figure the data has (`figure` not null in it). */
function figureSentence(data: TokenData, figure: TokenFigure): string | null {
  const label = coinLabel(data);
  switch (figure) {
    case "price":
      return data.priceUsd !== null ? priceSentence(data, data.priceUsd) : null;
    case "marketCap":
      if (data.marketCapUsd === null) return null;
      return `${possessive(data)} market cap is **${formatUsdCompact(data.marketCapUsd)}**${data.rank !== null ? ` (rank #${data.rank})` : ""}${data.priceUsd !== null ? `, with the price at ${formatUsdPrice(data.priceUsd)}` : ""}.`;
    case "volume":
      if (data.volume24hUsd === null) return null;
      return `${possessive(data)} 24 h trading volume is **${formatUsdCompact(data.volume24hUsd)}**${data.priceUsd !== null ? `, with the price at ${formatUsdPrice(data.priceUsd)}` : ""}.`;
    case "supply":
      return supplySentence(data);
    case "rank":
      if (data.rank === null) return null;
      return `${label} ranks **#${data.rank}** by market cap${data.marketCapUsd !== null ? ` (${formatUsdCompact(data.marketCapUsd)})` : ""}${atPrice(data)}.`;
    case "ath":
    case "fromAth":
      return athSentence(data, figure);
  }
}

/** Circulating supply and the share of the maximum issued. */
function supplySentence(data: TokenData): string | null {
  if (data.circulatingSupply === null) return null;
  const symbol = escapeMarkdown(data.symbol.toUpperCase());
  const max =
    data.maxSupply !== null && data.maxSupply > 0
      ? `, ${((data.circulatingSupply / data.maxSupply) * 100).toFixed(1)}% of the ${formatCount(data.maxSupply)} maximum`
      : ", and the data gives no maximum supply";
  return `**${formatCount(data.circulatingSupply)} ${symbol}** of ${escapeMarkdown(data.name)} are in circulation${max}.`;
}

/** The all-time high with its date, and the price's distance below it. */
function athSentence(data: TokenData, figure: "ath" | "fromAth"): string | null {
  const below = belowAth(data);
  if (data.athUsd === null || below === null) return null;
  const high = formatUsdPrice(data.athUsd);
  const when = data.athDate ? ` (${dayOf(data.athDate)})` : "";
  if (below <= 0) {
    return `${coinLabel(data)} is at its all-time high of **${high}**${when}.`;
  }
  const distance = `${below.toFixed(2)}%`;
  return figure === "fromAth"
    ? `${coinLabel(data)} is **${distance} below** its all-time high of ${high}${when}${atPrice(data)}.`
    : `${possessive(data)} all-time high is **${high}**${when}; ${data.priceUsd !== null ? `the price, ${formatUsdPrice(data.priceUsd)}, is` : "it is"} ${distance} below it.`;
}

/** The move over a window; "Yes:"/"No:" before it when a yes/no question asked its direction. */
function moveSentence(data: TokenData, focus: Extract<TokenFocus, { kind: "move" }>) {
  const change = changeOf(data, focus.window);
  if (change === null) return null;
  const sentence = `${coinLabel(data)} is **${changeWords(change)}** ${windowWords(focus.window)}${atPrice(data)}.`;
  if (focus.asked === null) return { sentence, answer: null };
  const yes = focus.asked === "up" ? change > 0 : change < 0;
  return { sentence, answer: yes ? "Yes" : "No" };
}

/** "Is BTC above $100k?": yes or no, and how far the price is from the level. */
function levelSentence(data: TokenData, focus: Extract<TokenFocus, { kind: "level" }>) {
  if (data.priceUsd === null) return null;
  const above = data.priceUsd > focus.level;
  const gap = `${(Math.abs(data.priceUsd / focus.level - 1) * 100).toFixed(2)}%`;
  const sentence = `${coinLabel(data)} is at **${formatUsdPrice(data.priceUsd)}**, ${gap} ${above ? "above" : "below"} ${formatUsdPrice(focus.level)}.`;
  return { sentence, answer: above === focus.above ? "Yes" : "No" };
}

/** The sentence the focus asks for and its yes/no, or null when the data lacks the figure. */
function focusSentence(data: TokenData, focus: TokenFocus | null) {
  if (focus?.kind === "move") return moveSentence(data, focus);
  if (focus?.kind === "level") return levelSentence(data, focus);
  const sentence = figureSentence(data, focus?.figure ?? "price");
  return sentence ? { sentence, answer: null } : null;
}

/** What the data lacks for the focus, in words ("7-day change", "market cap"). */
function lackedName(focus: TokenFocus | null): string {
  if (focus?.kind === "move") return `${windowAdjective(focus.window)} change`;
  if (focus?.kind === "level") return "price";
  return FIGURE_NAMES[focus?.figure ?? "price"];
}

/**
 * The opening sentence of one coin's answer (eval class A4, docs/product/max.md#max-answers):
 * what `focus` asks for (the price, its 24 h change and rank when nothing in particular),
 * "Yes:"/"No:" first for a yes/no question, "As of {day}, " when `dated` and the data is more than
 * a day old. When the data lacks the figure it says so and gives the price; a coin known only by
 * name says it has no market figures.
 */
export function tokenOpening(data: TokenData, focus: TokenFocus | null, options: OpeningOptions) {
  const lead = options.dated ? asOfLead(data.asOf, options.now) : "";
  if (data.priceUsd === null) {
    const lacks = data.missing.length > 0 ? listWords(data.missing, "or") : "market figures";
    return `${lead}${coinLabel(data)} is in the data by name only: it has no ${lacks} yet.`;
  }
  const found = focusSentence(data, focus);
  if (!found) {
    const price = priceSentence(data, data.priceUsd);
    return `The data has no ${lackedName(focus)} for ${escapeMarkdown(data.name)}; ${continued(`${lead}${price}`)}`;
  }
  const { sentence, answer } = found;
  if (!answer) return `${lead}${sentence}`;
  return `${answer}: ${continued(`${lead}${sentence}`)}`;
}
