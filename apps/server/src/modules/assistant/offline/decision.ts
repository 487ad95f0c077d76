// What the offline model reads and decides: the conversation, tool calls, direct replies.
import { type AssistantToolName, assistantToolInputs } from "@pragmatist/contracts";
import type { z } from "zod";
import type { ArticleContext } from "../assistant.prompt.ts";

/** A coin the model may recognise by name, ticker or CoinGecko id (e.g. the snapshot's markets). */
export interface KnownCoin {
  id: string;
  symbol: string;
  name: string;
}

type ToolInputs = { [K in AssistantToolName]: z.infer<(typeof assistantToolInputs)[K]> };

/** One tool call the model decides to make, with an input valid for the tool's contract schema. */
export type PlannedCall = {
  [K in AssistantToolName]: { toolName: K; input: ToolInputs[K] };
}[AssistantToolName];

/** An answer the model writes without calling a tool. */
export type DirectReply =
  | { kind: "capabilities" }
  | { kind: "greeting" }
  | { kind: "thanks" }
  /** OWASP LLM01 prompt injection: refused without quoting any instruction. */
  | { kind: "injection" }
  /**
   * Buy/sell advice or a price prediction about no coin in particular (with a coin, its market
   * data is looked up and the answer frames it); `coin` names the coin asked about, if any.
   */
  | { kind: "advice"; coin: string | null }
  | { kind: "out-of-scope" }
  /** A message read with too little confidence: what Max can do, offered for it. */
  | { kind: "unsure" }
  | { kind: "clarify-coin" }
  /** A figure of the whole market (dominance, total market cap) about no coin: the data has none. */
  | { kind: "no-market-total" }
  | { kind: "nothing-to-analyse" }
  | { kind: "tool-unavailable"; toolName: AssistantToolName };

/** What the model does with a question: call tools (`calls`, in order) or reply directly. */
export type Decision =
  { kind: "call"; calls: PlannedCall[] } | { kind: "reply"; reply: DirectReply };

/**
 * The article a reader asked about ("Ask Max about this article"), as the offline model reads it
 * from the system prompt's `Article title:` and `Article slug:` lines.
 */
export type ArticleRef = Pick<ArticleContext, "title" | "slug">;

/**
 * An earlier exchange: the user's question, the tool calls made to answer it (maybe none) and
 * their results in the same order (undefined where the history kept none).
 */
export interface Turn {
  question: string;
  /** The answer's text ("" when none was kept). */
  answer: string;
  calls: PlannedCall[];
  outputs: unknown[];
}

/** What the model sees of a conversation when it decides what to do next. */
export interface ConversationView {
  /** The last user message. */
  question: string;
  /** Earlier exchanges, oldest first. */
  earlierTurns: Turn[];
  article: ArticleRef | null;
}

/** A recorded tool call as a PlannedCall, or null when its name or input does not fit a tool. */
export function toPlannedCall(toolName: string, input: unknown): PlannedCall | null {
  if (!Object.hasOwn(assistantToolInputs, toolName)) return null;
  const name = toolName as AssistantToolName;
  const parsed = assistantToolInputs[name].safeParse(input);
  return parsed.success ? ({ toolName: name, input: parsed.data } as PlannedCall) : null;
}
