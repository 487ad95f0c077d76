// Grading of Max's market answers (eval classes A1–A5, docs/product/max.md#eval-classes): the right
// lookups, the figure asked for computed from the results the model got, the first sentence
// answering it, and honest dates.
import { formatLongDate } from "@pragmatist/contracts";
import { fold } from "../../../text/words.ts";
import type { ComparedFigure, Expectation, TokenFigure } from "./cases.ts";
import { coinMentionAt, namesDate, openingOf, saysDirection, writesFigure } from "./text-checks.ts";
import {
  type GradeContext,
  type ToolCallRecord,
  type Transcript,
  dateOf,
  describeCall,
  isFailure,
  numberField,
  stringField,
} from "./transcript.ts";

const DAY_MS = 86_400_000;
const MARKET_TOOLS = new Set(["getTokenData", "getOhlc", "getNewTokens", "getTrendingTokens"]);

/** The TokenData field behind each figure read straight from it. */
const FIELDS: Record<Exclude<TokenFigure, "fromAth" | "overview">, string> = {
  price: "priceUsd",
  move24h: "change24hPercent",
  move7d: "change7dPercent",
  move30d: "change30dPercent",
  marketCap: "marketCapUsd",
  rank: "rank",
  volume: "volume24hUsd",
  ath: "athUsd",
  supply: "circulatingSupply",
};
/** How a failure line names each figure. */
const FIGURE_NAMES: Record<TokenFigure, string> = {
  price: "price",
  move24h: "24 h change",
  move7d: "7 d change",
  move30d: "30 d change",
  marketCap: "market cap",
  rank: "market-cap rank",
  volume: "24 h volume",
  ath: "all-time high",
  fromAth: "distance below the all-time high",
  supply: "circulating supply",
  overview: "price",
};
const MOVES = new Set<TokenFigure>(["move24h", "move7d", "move30d"]);
const PERCENT_FIGURES = new Set<TokenFigure>(["move24h", "move7d", "move30d", "fromAth"]);

/** Whether `call` looked up `coin` (a CoinGecko id): by its result's id, else by its query. */
function looksUp(call: ToolCallRecord, coin: string, ctx: GradeContext): boolean {
  const out = call.output;
  if (!isFailure(out)) return stringField(out, "id") === coin;
  if (stringField((out as { coin?: unknown }).coin, "id") === coin) return true;
  const known = ctx.knownCoins.find((k) => k.id === coin);
  const names = [coin, coin.replace(/-/g, " "), known?.symbol, known?.name];
  const query = fold(String(call.input.query ?? "").replace(/^\$/, "")).trim();
  return names.some((n) => n !== undefined && fold(n) === query);
}

/** The first call of `toolName` that looked up `coin`, or a problem naming the calls made. */
export function lookup(
  t: Transcript,
  toolName: string,
  coin: string,
  ctx: GradeContext,
  problems: string[],
): ToolCallRecord | null {
  const found = t.calls.find((c) => c.toolName === toolName && looksUp(c, coin, ctx));
  if (!found) {
    const made = t.calls.map(describeCall).join(", ") || "no tool";
    problems.push(`no ${toolName} for ${coin} (called ${made})`);
  } else if (isFailure(found.output)) {
    problems.push(`${describeCall(found)} failed: ${JSON.stringify(found.output)}`);
    return null;
  }
  return found ?? null;
}

/** A figure of one coin's getTokenData result (`fromAth` as a positive distance), or null. */
export function figureOf(output: unknown, figure: TokenFigure): number | null {
  if (figure === "overview") return numberField(output, "priceUsd");
  if (figure !== "fromAth") return numberField(output, FIELDS[figure]);
  const change = numberField(output, "athChangePercent");
  if (change !== null) return -change;
  const price = numberField(output, "priceUsd");
  const ath = numberField(output, "athUsd");
  return price !== null && ath ? (1 - price / ath) * 100 : null;
}

/** Whether `text` gives a market-cap rank: "#2", "rank 2", "ranked No. 2", "2nd". */
function writesRank(text: string, rank: number): boolean {
  return new RegExp(
    `#\\s?${rank}\\b|\\brank(?:s|ed)?\\s+(?:#|no\\.?\\s*|number\\s+)?${rank}\\b|\\b${rank}(?:st|nd|rd|th)\\b`,
    "i",
  ).test(text);
}

/** Whether `text` writes `figure` = `value` (percent figures with a % sign, moves with a direction). */
function writesTokenFigure(text: string, figure: TokenFigure, value: number): boolean {
  if (figure === "rank") return writesRank(text, value);
  if (!writesFigure(text, value, PERCENT_FIGURES.has(figure))) return false;
  return !MOVES.has(figure) || saysDirection(text, value);
}

/** How a failure line shows a figure's value ("change": a move over a price history, in %). */
export function shown(figure: TokenFigure | "change", value: number): string {
  if (figure === "rank") return `#${value}`;
  const rounded = Math.abs(value) >= 1 ? value.toFixed(2) : value.toPrecision(3);
  const percent = figure === "change" || PERCENT_FIGURES.has(figure);
  return `${rounded}${percent ? "%" : ""}`;
}

/** The answer's first sentence, or null and a problem when it opens with a list or table. */
export function openingSentence(t: Transcript, problems: string[]): string | null {
  const opening = openingOf(t.text);
  if (opening.sentence !== null) return opening.sentence;
  problems.push(`opens with ${opening.opensWith} instead of a sentence that answers`);
  return null;
}

/**
 * Honest dating (eval class A1): when `primary`'s data is older than a day, the first sentence
 * names its date; every other market result older than a day has its date named in the text.
 */
export function checkDating(
  t: Transcript,
  primary: ToolCallRecord | null,
  opening: string | null,
  ctx: GradeContext,
  problems: string[],
): void {
  const old = (at: string | null): at is string =>
    at !== null && ctx.now.getTime() - Date.parse(at) > DAY_MS;
  const primaryDate = primary ? dateOf(primary) : null;
  const inOpening = opening !== null && old(primaryDate);
  if (inOpening && !namesDate(opening, primaryDate, ctx.now)) {
    problems.push(`first sentence does not name the data's date (${formatLongDate(primaryDate)})`);
  }
  for (const call of t.calls) {
    if (!MARKET_TOOLS.has(call.toolName) || isFailure(call.output)) continue;
    if (inOpening && call === primary) continue;
    const at = dateOf(call);
    if (old(at) && !namesDate(t.text, at, ctx.now)) {
      problems.push(`${describeCall(call)}'s date (${formatLongDate(at)}) is not named`);
    }
  }
}

/** The first sentence of a token answer: the figure (with its direction), and a right yes or no. */
function checkTokenOpening(
  opening: string,
  e: Extract<Expectation, { kind: "token" }>,
  value: number,
  problems: string[],
): void {
  if (!writesTokenFigure(opening, e.figure, value)) {
    const how = MOVES.has(e.figure) ? " with its direction" : "";
    problems.push(
      `first sentence lacks the ${FIGURE_NAMES[e.figure]} ${shown(e.figure, value)}${how}`,
    );
  }
  if (e.yesIf && /\b(?:yes|no)\b/i.test(opening)) {
    const said = /\byes\b/i.test(opening);
    const yes = e.yesIf === "up" ? value > 0 : value < 0;
    if (said !== yes) {
      problems.push(`says ${said ? "yes" : "no"} to a ${shown(e.figure, value)} move`);
    }
  }
}

/** `token`: the coin's market data, the figure in the first sentence, dated. */
export function gradeToken(
  t: Transcript,
  e: Extract<Expectation, { kind: "token" }>,
  ctx: GradeContext,
  problems: string[],
): void {
  const call = lookup(t, "getTokenData", e.coin, ctx, problems);
  const oneDay = t.calls.find((c) => c.toolName === "getOhlc" && c.input.days === 1);
  if (oneDay) problems.push(`a 1-day price history (${describeCall(oneDay)}) for current data`);
  if (!call) return;
  const opening = openingSentence(t, problems);
  const value = figureOf(call.output, e.figure);
  if (value === null) problems.push(`the result has no ${FIGURE_NAMES[e.figure]}`);
  else if (e.figure === "overview") {
    if (!writesFigure(t.text, value)) problems.push(`no price ${shown("price", value)}`);
    const cap = figureOf(call.output, "marketCap");
    if (cap !== null && !writesFigure(t.text, cap)) problems.push("no market cap");
  } else if (opening !== null) checkTokenOpening(opening, e, value, problems);
  if (e.usdOnly) checkUsdOnly(t, opening, problems);
  checkDating(t, call, opening, ctx, problems);
}

/** "The data is in US dollars only", "only in USD", "quotes USD only". */
const USD_ONLY = /\b(?:US dollars|USD)\s+only\b|\bonly\s+in\s+(?:US dollars|USD)\b/i;
/** A figure in a currency other than the US dollar ("€2.95", "2.95 EUR"): a made-up rate. */
const OTHER_CURRENCY_FIGURE =
  /[€£¥₹₩]\s?\d|\d\s?(?:EUR|GBP|JPY|CHF|CAD|AUD|INR|CNY|KRW)\b|\d\s?(?:euros?|pounds|yen|francs)\b/i;

/** A price asked in another currency: the first sentence says USD only, and nothing is converted. */
function checkUsdOnly(t: Transcript, opening: string | null, problems: string[]): void {
  if (opening !== null && !USD_ONLY.test(opening)) {
    problems.push("first sentence does not say the data is in US dollars only");
  }
  const converted = OTHER_CURRENCY_FIGURE.exec(t.text);
  if (converted)
    problems.push(`gives a converted figure ("${converted[0]}") with no rate in the data`);
}

/** Says the data has no figure of the whole market ("no total-market figure", "no dominance"). */
const NO_MARKET_TOTAL =
  /\b(?:no|not|lacks?|without)\b.{0,40}\b(?:(?:total|whole|entire|overall|global)[\s-](?:crypto\s+)?market|dominance)\b/i;
/** A made-up figure of the whole market: a dominance or total-market share in %, or a total cap. */
const MARKET_TOTAL_FIGURE =
  /\bdominance\s+(?:is|of|at|was)\s+\**\d|\d\**\s+(?:of\s+the\s+(?:total|whole|entire)|dominance)|\btotal\s+(?:crypto\s+)?market\s+cap\s+(?:is|of|at|was)\s+\**\$/i;

/**
 * `market-total`: the first sentence says the data has no total-market figure and none is made
 * up; with a coin, its market data looked up and its market cap and rank given.
 */
export function gradeMarketTotal(
  t: Transcript,
  e: Extract<Expectation, { kind: "market-total" }>,
  ctx: GradeContext,
  problems: string[],
): void {
  const opening = openingSentence(t, problems);
  if (opening !== null && !NO_MARKET_TOTAL.test(opening)) {
    problems.push("first sentence does not say the data has no total-market figure");
  }
  const made = MARKET_TOTAL_FIGURE.exec(t.text);
  if (made) problems.push(`makes up a total-market figure ("${made[0]}")`);
  if (e.coin === null) return;
  const call = lookup(t, "getTokenData", e.coin, ctx, problems);
  if (!call) return;
  const cap = figureOf(call.output, "marketCap");
  if (cap !== null && !writesFigure(t.text, cap)) problems.push(`no market cap of ${e.coin}`);
  const rank = figureOf(call.output, "rank");
  if (rank !== null && !writesRank(t.text, rank)) problems.push(`no rank of ${e.coin}`);
  checkDating(t, call, opening, ctx, problems);
}

/** The derived figure of `values` (in the order of the compared coins), or null. */
function derive(derived: "ratio" | "difference" | "percentOf" | "sum", values: number[]) {
  const [a = NaN, b = NaN] = values;
  if (derived === "ratio") return b ? a / b : null;
  if (derived === "difference") return a - b;
  if (derived === "percentOf") return a ? (b / a) * 100 : null;
  return values.reduce((s, v) => s + v, 0);
}

/**
 * The first sentence of a comparison: the winner named first with its figure, every coin's figure
 * (a plain comparison), or the derived figure.
 */
function checkComparedOpening(
  opening: string,
  lowest: boolean,
  e: Extract<Expectation, { kind: "compare" }>,
  calls: Array<ToolCallRecord | null>,
  numbers: number[],
  problems: string[],
): void {
  if (e.derived === "winner") {
    const best = numbers.indexOf((lowest ? Math.min : Math.max)(...numbers));
    const coins = calls.map((c) => c!.output as { id: string; symbol: string; name: string });
    const mentions = coins.map((coin) => coinMentionAt(opening, coin));
    const first = Math.min(...mentions.filter((m) => m >= 0));
    if (mentions[best] !== first) {
      problems.push(`first sentence does not answer ${coins[best]!.name} first`);
    } else if (!writesTokenFigure(opening, e.figure, numbers[best]!)) {
      problems.push(`first sentence lacks ${coins[best]!.name}'s ${FIGURE_NAMES[e.figure]}`);
    }
  } else if (e.derived === "none") {
    numbers.forEach((v, i) => {
      if (!writesTokenFigure(opening, e.figure, v)) {
        problems.push(`first sentence lacks the ${FIGURE_NAMES[e.figure]} of ${e.coins[i]}`);
      }
    });
  } else {
    const value = derive(e.derived, numbers);
    const percent = e.derived === "percentOf" || PERCENT_FIGURES.has(e.figure);
    if (value !== null && !writesFigure(opening, value, percent)) {
      problems.push(`first sentence lacks the ${e.derived} ${value.toPrecision(4)}`);
    }
  }
}

/** Words asking which coin has the lower figure: the `winner` is then the smallest. */
const LOWER = /\b(?:worse|worst|less|least|lower|lowest|smaller|smallest|cheaper|weaker|closer)\b/i;

/**
 * `compare`: every coin looked up, the derived figure (or the winner: the largest, or the smallest
 * when `question` asks for the lower) first, the inputs shown.
 */
export function gradeCompare(
  question: string,
  t: Transcript,
  e: Extract<Expectation, { kind: "compare" }>,
  ctx: GradeContext,
  problems: string[],
): void {
  const calls = e.coins.map((coin) => lookup(t, "getTokenData", coin, ctx, problems));
  if (calls.some((c) => c === null)) return;
  const opening = openingSentence(t, problems);
  const figure: ComparedFigure = e.figure;
  const values = calls.map((c) => figureOf(c!.output, figure));
  if (values.some((v) => v === null)) {
    problems.push(`a result has no ${FIGURE_NAMES[figure]}`);
    return;
  }
  const numbers = values as number[];
  numbers.forEach((v, i) => {
    if (!writesFigure(t.text, v, PERCENT_FIGURES.has(figure))) {
      problems.push(`no ${FIGURE_NAMES[figure]} of ${e.coins[i]} (${shown(figure, v)})`);
    }
  });
  if (opening !== null) {
    checkComparedOpening(opening, LOWER.test(question), e, calls, numbers, problems);
  }
  checkDating(t, calls[0]!, opening, ctx, problems);
}
