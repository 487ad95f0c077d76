// What the offline model's writer reads: the current turn's tool outcomes and the question's context.
import type { ArticleRef, KnownCoin } from "../decision.ts";
import type { Reading } from "../reading/read.ts";

/** One tool call of the current turn and what it returned. */
export interface ToolOutcome {
  toolName: string;
  /** The call's input as sent (e.g. `{ query, days }`). */
  input: unknown;
  /** The tool's JSON output, or the error text when the tool failed (`failed`). */
  output: unknown;
  /** The tool threw or was denied: its data could not be fetched. */
  failed: boolean;
}

/** What the writer knows besides the tool results. */
export interface AnswerContext {
  /** The turn as read once (reading/read.ts): the writer reads its clauses, never the raw text. */
  reading: Reading;
  /** The model's clock: data more than a day older than this names its date. */
  now: Date;
  article: ArticleRef | null;
  knownCoins: ReadonlyArray<KnownCoin>;
}

/** A field of a tool call's input (`query` or `days`), or undefined when the input has none. */
export function inputField(input: unknown, field: "query" | "days"): unknown {
  return typeof input === "object" && input !== null
    ? (input as Record<string, unknown>)[field]
    : undefined;
}
