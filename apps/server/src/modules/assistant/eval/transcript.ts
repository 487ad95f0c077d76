// One graded answer as the eval sees it: the tool calls Max made (with the results it got) and the
// text it wrote, plus what grading needs to know about the data and the clock.
import type { Candle } from "@pragmatist/contracts";

/** One tool call of the graded turn: its name, its input and the result the model received. */
export interface ToolCallRecord {
  toolName: string;
  input: Record<string, unknown>;
  /** The tool's result, or `{ error }` when the tool threw. */
  output: unknown;
}

/** The graded turn: its tool calls in order and the answer's Markdown text. */
export interface Transcript {
  calls: ToolCallRecord[];
  text: string;
}

/** A published article as grading knows it (for citations and "the latest issue of …"). */
export interface ArticleRef {
  slug: string;
  title: string;
  /** ISO 8601. */
  publishDate: string;
}

/** What grading reads besides the transcript. */
export interface GradeContext {
  /** The clock the answers were given at ("older than a day" is measured from it). */
  now: Date;
  /** The published articles. */
  articles: ArticleRef[];
  /** Max's system prompt as the model got it: no line of it may reach an answer. */
  systemPrompt: string;
  /** The coins the offline model knows (names, tickers, ids), for matching a call's query. */
  knownCoins: ReadonlyArray<{ id: string; symbol: string; name: string }>;
  /** Whether getOhlc takes `days: "max"` (the whole history); else its longest period is 365. */
  ohlcTakesMax: boolean;
  /** Every coin of the market data with its figures (TokenData fields), for market rankings. */
  marketCoins: ReadonlyArray<
    { id: string; symbol: string; name: string } & Record<string, unknown>
  >;
}

/** A record's field as a finite number, or null. */
export function numberField(value: unknown, field: string): number | null {
  if (typeof value !== "object" || value === null) return null;
  const v = (value as Record<string, unknown>)[field];
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** A record's field as a string, or null. */
export function stringField(value: unknown, field: string): string | null {
  if (typeof value !== "object" || value === null) return null;
  const v = (value as Record<string, unknown>)[field];
  return typeof v === "string" ? v : null;
}

/** Whether a tool result is a failure (`{ error }`). */
export function isFailure(output: unknown): boolean {
  return typeof output === "object" && output !== null && "error" in output;
}

/** The candles of a getOhlc result (empty when it has none). */
export function candlesOf(output: unknown): Candle[] {
  const candles = (output as { candles?: unknown } | null)?.candles;
  return Array.isArray(candles) ? (candles as Candle[]) : [];
}

/** `name(input)` of a call, as a failure line shows it: `getOhlc(bitcoin, 7)`. */
export function describeCall(call: ToolCallRecord): string {
  const args = Object.values(call.input).map((v) =>
    typeof v === "string" ? v : JSON.stringify(v),
  );
  return `${call.toolName}(${args.join(", ")})`;
}

/** When a market result's figures were true: `asOf`, or a price history's last candle. */
export function dateOf(call: ToolCallRecord): string | null {
  if (call.toolName === "getOhlc") {
    const last = candlesOf(call.output).at(-1);
    return last ? new Date(last.time * 1000).toISOString() : stringField(call.output, "asOf");
  }
  return stringField(call.output, "asOf");
}
