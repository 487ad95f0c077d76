// The offline model's answer to a turn: the opening that answers the question, one section per tool
// outcome, then the comparison block; advice requests framed with the risks the data shows.
import {
  type AssistantToolName,
  MARKET_ERRORS,
  type MarketError,
  type Ohlc,
  marketRankingSchema,
  type TokenData,
  marketErrorSchema,
  newTokensSchema,
  ohlcSchema,
  tokenDataSchema,
  trendingTokensSchema,
} from "@pragmatist/contracts";
import { fold, isAnalysisRequest } from "../../assistant.prompt.ts";
import { calendarRange } from "../intents/calendar.ts";
import { createCoinMatcher, maskMentions } from "../intents/coins.ts";
import {
  type CompareMetric,
  type DerivedAsk,
  compareMetric,
  derivedAsk,
} from "../intents/derived.ts";
import { type TokenFocus, historyFocus, tokenFocus } from "../intents/focus.ts";
import { ADVICE } from "../intents/patterns.ts";
import type { ChangeWindow } from "../intents/periods.ts";
import { NOT_ADVICE, adviceOpening, riskBlock } from "./advice.ts";
import { compareOpening } from "./compare-opening.ts";
import { comparison } from "./comparison.ts";
import { continued, dayOf, differentDays } from "./dating.ts";
import { failureText, guessNote, marketErrorText, noHistoryText } from "./errors.ts";
import { escapeMarkdown, joinBlocks } from "./format.ts";
import { scopeAsk, scopeLead } from "./market-scope.ts";
import { marketAnswer } from "./market.ts";
import { newTokensAnswer } from "./new-tokens.ts";
import { type OhlcAnswerOptions, candlesIn, ohlcAnswer } from "./ohlc.ts";
import { type AnswerContext, type ToolOutcome, inputField } from "./outcome.ts";
import { isResearchResults, researchAnswer, researchMode } from "./research.ts";
import { tokenInsights } from "./token-insights.ts";
import { tokenAnswer } from "./token-data.ts";
import { windowAdjective } from "./token-facts.ts";
import { trendingAnswer } from "./trending.ts";

/** One outcome's text, with the data the comparison block reads. */
interface Section {
  text: string;
  token?: TokenData;
  ohlc?: Ohlc;
}

/** How sections are written this turn. */
interface SectionOptions {
  context: AnswerContext;
  /** "Analyze your last message…": insights instead of the plain answer. */
  analysis: boolean;
  /** What a token answer opens with (the question's focus, or the period a missing history asked). */
  focus: (data: TokenData) => TokenFocus | null;
  /** Several coins compared: token answers are brief and dated only when apart from the first. */
  compared: TokenData | null;
  /** The clause a coin's answer continues, by coin id (a missing price history). */
  prefaces: Map<string, string>;
}

/** Writes a tool's section from its output, or null when the output does not fit its contract. */
type SectionWriter = (outcome: ToolOutcome, options: SectionOptions) => Section | null;

/** A token answer as one coin's section, or as one of several compared. */
function tokenSection(data: TokenData, options: SectionOptions): Section {
  const { now } = options.context;
  if (options.analysis) return { text: tokenInsights(data, now), token: data };
  const first = options.compared;
  const text = tokenAnswer(data, {
    focus: options.focus(data),
    brief: first !== null,
    now,
    dated: first === null || differentDays(data.asOf, first.asOf),
    preface: options.prefaces.get(data.id) ?? null,
  });
  return { text, token: data };
}

/** The section with the note that the tool guessed its coin from the query, when it did. */
function withGuess(outcome: ToolOutcome, section: Section, coin: TokenData | Ohlc): Section {
  const guess = guessNote(inputField(outcome.input, "query"), coin, coin.source);
  return guess ? { ...section, text: joinBlocks([guess, section.text]) } : section;
}

const SECTION_WRITERS: Record<AssistantToolName, SectionWriter> = {
  getTokenData(outcome, options) {
    const data = tokenDataSchema.safeParse(outcome.output);
    return data.success ? withGuess(outcome, tokenSection(data.data, options), data.data) : null;
  },
  getOhlc(outcome, { analysis, context }) {
    const data = ohlcSchema.safeParse(outcome.output);
    if (!data.success) return null;
    const requested = inputField(outcome.input, "days");
    const requestedDays = typeof requested === "number" || requested === "max" ? requested : null;
    const focus = historyFocus(context.question);
    const period = calendarRange(context.question, context.now);
    const options: OhlcAnswerOptions = { requestedDays, analysis, focus, now: context.now, period };
    const text = ohlcAnswer(data.data, options);
    // Side by side, a calendar period compares only the candles inside it.
    const inside = period ? candlesIn(data.data.candles, period) : null;
    const ohlc = inside ? { ...data.data, candles: inside, days: inside.length } : data.data;
    return withGuess(outcome, { text, ohlc }, data.data);
  },
  getNewTokens(outcome, { context, analysis }) {
    const data = newTokensSchema.safeParse(outcome.output);
    if (!data.success) return null;
    return { text: newTokensAnswer(data.data, context.knownCoins, analysis, context.now) };
  },
  getTrendingTokens(outcome, { analysis, context }) {
    const data = trendingTokensSchema.safeParse(outcome.output);
    return data.success ? { text: trendingAnswer(data.data, analysis, context.now) } : null;
  },
  getMarket(outcome, { context }) {
    const data = marketRankingSchema.safeParse(outcome.output);
    return data.success ? { text: marketAnswer(data.data, context.now) } : null;
  },
  searchResearch(outcome, { context, analysis }) {
    if (!isResearchResults(outcome.output)) return null;
    const query = inputField(outcome.input, "query");
    const mode = researchMode(context, analysis);
    return {
      text: researchAnswer(outcome.output, typeof query === "string" ? query : "", mode, context),
    };
  },
};

/** A market tool's error object, or null. */
function marketErrorOf(outcome: ToolOutcome): MarketError | null {
  const parsed = marketErrorSchema.safeParse(outcome.output);
  return parsed.success ? parsed.data : null;
}

/** The focus of a question about the whole market: the coin's market cap and rank. */
const MARKET_CAP: TokenFocus = { kind: "figure", figure: "marketCap" };

/** The market data that came back this turn, in call order. */
function tokenOutputs(outcomes: ToolOutcome[]): TokenData[] {
  return outcomes.flatMap((o) => {
    const data = o.toolName === "getTokenData" ? tokenDataSchema.safeParse(o.output) : null;
    return data?.success ? [data.data] : [];
  });
}

/** The change window nearest a price-history period (24 h up to a day, 7 d up to a week, else 30 d). */
function nearestWindow(days: unknown): ChangeWindow {
  if (typeof days === "number" && days <= 1) return "24h";
  return typeof days === "number" && days <= 7 ? "7d" : "30d";
}

/**
 * One outcome's section: a failed call or a fetch error as data that could not be fetched, a
 * market error as its honest message (none for a missing history whose coin's market data came
 * back: that answer says it), else the tool's answer; an output that fits no contract is
 * reported as data that could not be fetched.
 */
function section(outcome: ToolOutcome, options: SectionOptions, answered: Set<string>) {
  if (outcome.failed) return { text: failureText(outcome) };
  const error = marketErrorOf(outcome);
  if (error?.error === MARKET_ERRORS.noHistory && error.coin && answered.has(error.coin.id)) {
    return null;
  }
  if (error) return { text: marketErrorText(outcome, error) };
  const writer = Object.hasOwn(SECTION_WRITERS, outcome.toolName)
    ? SECTION_WRITERS[outcome.toolName as AssistantToolName]
    : undefined;
  return writer?.(outcome, options) ?? { text: failureText(outcome) };
}

/** A follow-up that only names a coin ("and ethereum?", "what about SOL"): at most three words. */
function isFragment(question: string): boolean {
  return (
    /^\s*(?:and|what\s+about|how\s+about|same\s+for)\b/i.test(question) ||
    question.trim().split(/\s+/).length <= 3
  );
}

/**
 * How the turn's token answers open: after a missing price history, with that said and the
 * change nearest the period asked; otherwise what the question asks for (intents/focus.ts), or,
 * for a one-coin follow-up that names nothing else ("and ethereum?"), what the previous question
 * asked.
 */
function focusAndPrefaces(outcomes: ToolOutcome[], context: AnswerContext, answered: Set<string>) {
  const prefaces = new Map<string, string>();
  const windows = new Map<string, ChangeWindow>();
  for (const outcome of outcomes) {
    const error = marketErrorOf(outcome);
    if (error?.error !== MARKET_ERRORS.noHistory || !error.coin || !answered.has(error.coin.id)) {
      continue;
    }
    const window = nearestWindow(inputField(outcome.input, "days"));
    const nearest = `the nearest figure the market data has is its ${windowAdjective(window)} change: `;
    const guess = guessNote(inputField(outcome.input, "query"), error.coin, undefined);
    const missing = `${noHistoryText(outcome, error, true)}${nearest}`;
    prefaces.set(error.coin.id, guess ? `${guess} ${missing}` : missing);
    windows.set(error.coin.id, window);
  }
  const asked =
    tokenFocus(context.question) ??
    (answered.size === 1 && context.earlierQuestion && isFragment(context.question)
      ? tokenFocus(context.earlierQuestion)
      : null);
  const focus = (data: TokenData): TokenFocus | null => {
    const window = windows.get(data.id);
    return window ? { kind: "move", window, asked: null } : asked;
  };
  return { prefaces, focus };
}

/**
 * What a comparison asks for, read with the compared coins masked: the derived figure, or none,
 * and the metric the coins are compared on ("Tron vs Stellar market cap": market cap, no figure).
 */
function comparisonAsk(
  question: string,
  tokens: TokenData[],
): { ask: DerivedAsk | null; metric: CompareMetric } {
  const matcher = createCoinMatcher(tokens.map(({ id, symbol, name }) => ({ id, symbol, name })));
  const masked = maskMentions(fold(question), matcher.find(question));
  const ask = derivedAsk(masked);
  return { ask, metric: ask?.metric ?? compareMetric(masked) };
}

/**
 * A sentence for a coin shown with both its price and a price history that ends on another day:
 * the two prices are from different days, and which is which.
 */
function twoPricesNote(tokens: TokenData[], histories: Ohlc[]): string | null {
  const notes = histories.flatMap((h) => {
    const token = tokens.find((t) => t.id === h.id);
    const last = h.candles.at(-1);
    if (
      !token ||
      token.priceUsd === null ||
      !last ||
      !differentDays(last.time * 1000, token.asOf)
    ) {
      return [];
    }
    return [
      `${escapeMarkdown(h.name)} shows two prices from different days: its last close in this history, on ${dayOf(last.time * 1000)}, and its price of ${dayOf(token.asOf)} in the market data.`,
    ];
  });
  return notes.length > 0 ? notes.join(" ") : null;
}

/**
 * The answer to the current turn, written from its tool results only (issue #5, issue #12): token
 * figures opened by what was asked and dated when old, comparisons opened by the derived figure
 * asked for with its inputs, numbered lists of new and trending tokens, a price-history summary
 * opened by the move and where the history ends, research synthesised from the passages with [n]
 * citations and a Sources list linking to /p/{slug}, and the tools' errors
 * (docs/product.md#max-tools) as honest messages: a coin without history answered from its market
 * data, a coin outside the data said to be so. An advice or forecast request gets the facts framed
 * as not financial advice, with the risks the data shows. After "Analyze your last message…" the
 * same results are read for insights. A price asked in another currency, or a figure of the whole
 * market, opens with what the data lacks (market-scope.ts). Never throws: a result it cannot read
 * is reported as data that could not be fetched.
 */
export function writeAnswer(outcomes: ToolOutcome[], context: AnswerContext): string {
  const analysis = isAnalysisRequest(context.question);
  const tokensFirst = tokenOutputs(outcomes);
  const answered = new Set(tokensFirst.map((t) => t.id));
  const { prefaces, focus } = focusAndPrefaces(outcomes, context, answered);
  const compared = !analysis && tokensFirst.length >= 2 ? (tokensFirst[0] ?? null) : null;
  const advice = !analysis && tokensFirst.length > 0 && ADVICE.test(fold(context.question));
  const scope = scopeAsk(context.question, tokensFirst);
  const options: SectionOptions = {
    context,
    analysis,
    focus: advice ? () => null : scope.wholeMarket ? () => MARKET_CAP : focus,
    compared,
    prefaces,
  };
  const sections = outcomes.flatMap((o) => section(o, options, answered) ?? []);
  const tokens = sections.flatMap((s) => (s.token ? [s.token] : []));
  const histories = sections.flatMap((s) => (s.ohlc ? [s.ohlc] : []));
  const body = joinBlocks([
    advice ? adviceOpening(tokens) : null,
    compared ? compareOpening(tokens, comparisonAsk(context.question, tokens), context.now) : null,
    ...sections.map((s) => s.text),
    twoPricesNote(tokens, histories),
    comparison(tokens, histories),
    ...(advice ? [...tokens.map(riskBlock), NOT_ADVICE] : []),
  ]);
  const market = [...tokens, ...histories];
  const lead = market.length > 0 ? scopeLead(scope, market[0]?.source ?? null) : null;
  return lead ? `${lead}${continued(body)}` : body;
}
