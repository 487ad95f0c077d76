// The offline model's answer to a turn: one section per tool outcome, then the comparison block.
import {
  type AssistantToolName,
  type Ohlc,
  type TokenData,
  marketErrorSchema,
  newTokensSchema,
  ohlcSchema,
  tokenDataSchema,
  trendingTokensSchema,
} from "@pragmatist/contracts";
import { isAnalysisRequest } from "../intents/patterns.ts";
import { comparison } from "./comparison.ts";
import { failureText, marketErrorText } from "./errors.ts";
import { joinBlocks } from "./format.ts";
import { newTokensAnswer } from "./new-tokens.ts";
import { ohlcAnswer } from "./ohlc.ts";
import { type AnswerContext, type ToolOutcome, inputField } from "./outcome.ts";
import { isResearchResults, researchAnswer, researchMode } from "./research.ts";
import { tokenInsights } from "./token-insights.ts";
import { tokenAnswer } from "./token-data.ts";
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
  /** Several outcomes: token answers leave out the description. */
  brief: boolean;
}

/** Writes a tool's section from its output, or null when the output does not fit its contract. */
type SectionWriter = (outcome: ToolOutcome, options: SectionOptions) => Section | null;

const SECTION_WRITERS: Record<AssistantToolName, SectionWriter> = {
  getTokenData(outcome, { analysis, brief }) {
    const data = tokenDataSchema.safeParse(outcome.output);
    if (!data.success) return null;
    const text = analysis ? tokenInsights(data.data) : tokenAnswer(data.data, brief);
    return { text, token: data.data };
  },
  getOhlc(outcome, { analysis }) {
    const data = ohlcSchema.safeParse(outcome.output);
    if (!data.success) return null;
    const requested = inputField(outcome.input, "days");
    const days = typeof requested === "number" ? requested : null;
    return { text: ohlcAnswer(data.data, days, analysis), ohlc: data.data };
  },
  getNewTokens(outcome, { context, analysis }) {
    const data = newTokensSchema.safeParse(outcome.output);
    return data.success ? { text: newTokensAnswer(data.data, context.knownCoins, analysis) } : null;
  },
  getTrendingTokens(outcome, { analysis }) {
    const data = trendingTokensSchema.safeParse(outcome.output);
    return data.success ? { text: trendingAnswer(data.data, analysis) } : null;
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

/**
 * One outcome's section: a failed call or a fetch error as data that could not be fetched, "No
 * results found" as no coin matching, else the tool's answer; an output that fits no contract is
 * reported as data that could not be fetched.
 */
function section(outcome: ToolOutcome, options: SectionOptions): Section {
  if (outcome.failed) return { text: failureText(outcome) };
  const marketError = marketErrorSchema.safeParse(outcome.output);
  if (marketError.success) return { text: marketErrorText(outcome, marketError.data) };
  const writer = Object.hasOwn(SECTION_WRITERS, outcome.toolName)
    ? SECTION_WRITERS[outcome.toolName as AssistantToolName]
    : undefined;
  return writer?.(outcome, options) ?? { text: failureText(outcome) };
}

/**
 * The answer to the current turn, written from its tool results only (issue #5): token figures
 * with as-of and source, numbered lists of new and trending tokens, an OHLC summary (period,
 * open → close, high/low, trend and volatility, last candle), research synthesised from the
 * passages with inline [n] citations and a Sources list linking to /p/{slug}, and the tools' errors
 * (docs/product.md#max-tools) as honest messages. After "Analyze your last message…" the same
 * results are read for insights; after "What other research should I do?" next steps follow. Never
 * throws: a result it cannot read is reported as data that could not be fetched.
 */
export function writeAnswer(outcomes: ToolOutcome[], context: AnswerContext): string {
  const options = {
    context,
    analysis: isAnalysisRequest(context.question),
    brief: outcomes.length > 1,
  };
  const sections = outcomes.map((o) => section(o, options));
  const tokens = sections.flatMap((s) => (s.token ? [s.token] : []));
  const histories = sections.flatMap((s) => (s.ohlc ? [s.ohlc] : []));
  return joinBlocks([...sections.map((s) => s.text), comparison(tokens, histories)]);
}
