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
import { INJECTION_REFUSAL } from "../../assistant.prompt.ts";
import type { ChangeWindow } from "../reading/dates.ts";
import { callKey, planReading } from "../reading/plan.ts";
import type { Clause } from "../reading/read.ts";
import type { TokenFocus } from "../reading/slots.ts";
import { NOT_ADVICE, adviceOpening, riskBlock } from "./advice.ts";
import { compareOpening } from "./compare-opening.ts";
import { comparison } from "./comparison.ts";
import { continued, dayOf, differentDays } from "./dating.ts";
import { failureText, guessNote, marketErrorText, noHistoryText } from "./errors.ts";
import { escapeMarkdown, joinBlocks } from "./format.ts";
import { scopeLead } from "./market-scope.ts";
import { marketAnswer } from "./market.ts";
import { newTokensAnswer } from "./new-tokens.ts";
import { type OhlcAnswerOptions, candlesIn, ohlcAnswer } from "./ohlc.ts";
import { type AnswerContext, type ToolOutcome, inputField } from "./outcome.ts";
import { writeReply } from "./replies.ts";
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
  /** The clause the sections answer (null for the "Analyze…" chip, which answers the turn before). */
  clause: Clause | null;
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
  const dated = first === null || differentDays(data.asOf, first.asOf);
  const text = tokenAnswer(data, {
    focus: options.focus(data),
    compared: first !== null,
    describe: options.clause?.describe ?? false,
    now,
    dated,
    sourced: first === null || first.id === data.id || dated,
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
  getOhlc(outcome, { analysis, context, clause }) {
    const data = ohlcSchema.safeParse(outcome.output);
    if (!data.success) return null;
    const requested = inputField(outcome.input, "days");
    const requestedDays = typeof requested === "number" || requested === "max" ? requested : null;
    const focus = clause?.historyFocus ?? "change";
    const period = clause?.time.range ?? null;
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
    const input = inputField(outcome.input, "query");
    const query = typeof input === "string" ? input : "";
    const mode = researchMode(context, query, analysis);
    return { text: researchAnswer(outcome.output, query, mode, context) };
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

/**
 * How the clause's token answers open: after a missing price history, with that said and the
 * change nearest the period asked; otherwise what the clause asks for (its focus, carried from the
 * previous turn for a follow-up such as "and ethereum?").
 */
function focusAndPrefaces(outcomes: ToolOutcome[], clause: Clause | null, answered: Set<string>) {
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
  const asked = clause?.focus && clause.focus.kind !== "overview" ? clause.focus : null;
  const focus = (data: TokenData): TokenFocus | null => {
    const window = windows.get(data.id);
    return window ? { kind: "move", window, asked: null } : asked;
  };
  return { prefaces, focus };
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
 * The answer to one clause from its tool results only (docs/product/max.md#assistant): token
 * figures opened by what was asked and dated when old, comparisons opened by the derived figure
 * asked for with its inputs, numbered lists of new and trending tokens, market rankings, a
 * price-history summary opened by the move and where the history ends, research synthesised from
 * the passages with [n] citations and a Sources list linking to /p/{slug}, and the tools' errors
 * (docs/product/max.md#max-tools) as honest messages. An advice clause gets the facts framed as not
 * financial advice, with the risks the data shows. With `analysis` ("Analyze your last message…")
 * the same results are read for insights. A price asked in another currency, or a figure of the
 * whole market, opens with what the data lacks (market-scope.ts).
 */
function writeClause(
  outcomes: ToolOutcome[],
  clause: Clause | null,
  context: AnswerContext,
  analysis: boolean,
): string {
  const tokensFirst = tokenOutputs(outcomes);
  const answered = new Set(tokensFirst.map((t) => t.id));
  const { prefaces, focus } = focusAndPrefaces(outcomes, clause, answered);
  const compared = !analysis && tokensFirst.length >= 2 ? (tokensFirst[0] ?? null) : null;
  const advice = !analysis && tokensFirst.length > 0 && clause?.intent === "advice";
  const wholeMarket = clause?.intent === "market-total";
  const options: SectionOptions = {
    context,
    clause,
    analysis,
    focus: advice ? () => null : wholeMarket ? () => MARKET_CAP : focus,
    compared,
    prefaces,
  };
  const sections = outcomes.flatMap((o) => section(o, options, answered) ?? []);
  const tokens = sections.flatMap((s) => (s.token ? [s.token] : []));
  const histories = sections.flatMap((s) => (s.ohlc ? [s.ohlc] : []));
  const asked = {
    ask: clause?.derived ?? null,
    metric: clause?.derived?.metric ?? clause?.metric ?? "price",
  };
  const body = joinBlocks([
    advice ? adviceOpening(tokens) : null,
    compared ? compareOpening(tokens, asked, context.now) : null,
    ...sections.map((s) => s.text),
    twoPricesNote(tokens, histories),
    ambiguityNote(clause, tokens),
    comparison(tokens, histories),
    ...(advice ? [...tokens.map(riskBlock), NOT_ADVICE] : []),
  ]);
  const market = [...tokens, ...histories];
  const scope = { currency: clause?.currency ?? null, wholeMarket };
  const lead = market.length > 0 ? scopeLead(scope, market[0]?.source ?? null) : null;
  return lead ? `${lead}${continued(body)}` : body;
}

/**
 * For each coin the clause named with words that name other coins too (a shared ticker, a former
 * name): which coin this answer is about and which others the words fit (eval class R4,
 * docs/product/max.md#eval-classes: said, not guessed).
 */
function ambiguityNote(clause: Clause | null, answered: TokenData[]): string | null {
  const notes = (clause?.coins ?? []).flatMap((m) => {
    const used = answered.find((t) => t.id === m.coin.id);
    if (!used || m.others.length === 0) return [];
    const others = m.others.map(
      (o) => `${escapeMarkdown(o.name)} (${escapeMarkdown(o.symbol.toUpperCase())})`,
    );
    return [
      `“${escapeMarkdown(m.text)}” also names ${others.join(" and ")}; these figures are ${escapeMarkdown(used.name)}'s. Ask by name if you meant another.`,
    ];
  });
  return notes.length > 0 ? notes.join(" ") : null;
}

/** A clause's heading in an answer of several parts: its own words, capitalised. */
function heading(clause: Clause): string {
  // "Top 5 coins by volume," keeps its question mark, not the comma that joined it to the next.
  const text = clause.text.trim().replace(/[,;:]+$/, "");
  return `### ${escapeMarkdown(text.charAt(0).toUpperCase() + text.slice(1))}`;
}

/** The outcomes answering each clause: its own calls, and lookups made after them for its coins. */
function outcomesByClause(
  outcomes: ToolOutcome[],
  clauses: Clause[],
  keys: Array<Set<string>>,
): ToolOutcome[][] {
  const mine = clauses.map((): ToolOutcome[] => []);
  for (const outcome of outcomes) {
    const key = callKey(outcome);
    // A lookup two clauses share ("what's doge doing, and should I buy some?") answers both.
    const sharing = keys.flatMap((k, i) => (k.has(key) ? [i] : []));
    if (sharing.length === 0) {
      const query = inputField(outcome.input, "query");
      sharing.push(
        Math.max(
          0,
          clauses.findIndex((c) => c.coins.some((m) => m.coin.id === query)),
        ),
      );
    }
    for (const at of sharing) mine[at]!.push(outcome);
  }
  return mine;
}

/**
 * The answer to the current turn (docs/decisions/013-reading-questions.md): one clause answered as
 * writeClause does; several answered one section each under their own words, a clause that needed
 * no tool with its direct reply; after a message that also tried to override the instructions, a
 * closing line that that part was left out (OWASP LLM01). Never throws: a result it cannot read is
 * reported as data that could not be fetched.
 */
export function writeAnswer(outcomes: ToolOutcome[], context: AnswerContext): string {
  const { reading } = context;
  const analysis = reading.chip === "analyse";
  const refusal = reading.injection ? INJECTION_REFUSAL : null;
  if (reading.clauses.length <= 1) {
    return joinBlocks([
      writeClause(outcomes, reading.clauses[0] ?? null, context, analysis),
      refusal,
    ]);
  }
  const { plans } = planReading(reading, context.article);
  const keys = plans.map((p) => new Set("calls" in p ? p.calls.map(callKey) : []));
  const mine = outcomesByClause(outcomes, reading.clauses, keys);
  const parts = reading.clauses.map((clause, i) => {
    const plan = plans[i]!;
    const text =
      "reply" in plan ? writeReply(plan.reply) : writeClause(mine[i]!, clause, context, false);
    return `${heading(clause)}\n\n${text}`;
  });
  return joinBlocks([...parts, refusal]);
}
