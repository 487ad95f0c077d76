// One offline model call's step: read the prompt, then write the answer, call tools, or reply.
import { randomUUID } from "node:crypto";
import type { LanguageModelV4CallOptions, LanguageModelV4FinishReason } from "@ai-sdk/provider";
import { MARKET_ERRORS, marketErrorSchema } from "@pragmatist/contracts";
import { type ToolOutcome, inputField } from "./answers/outcome.ts";
import { writeReply } from "./answers/replies.ts";
import { writeAnswer } from "./answers/write-answer.ts";
import { readConversation } from "./conversation.ts";
import type { ArticleRef, Decision, KnownCoin, PlannedCall } from "./decision.ts";
import { planReading } from "./reading/plan.ts";
import type { Reading } from "./reading/read.ts";
import { type TurnReader, decideTurn } from "./reading/turn.ts";
import { CHARS_PER_TOKEN } from "./usage.ts";

/** What one model call produces: an answer, or tool calls for the loop to execute. */
export type Step =
  | { kind: "text"; text: string; truncated: boolean }
  | { kind: "tool-calls"; calls: Array<PlannedCall & { toolCallId: string }> };

/** What a step is decided with besides the call: the known coins, the turn reader, the clock. */
export interface StepInputs {
  /** The known coins for this call (OfflineModelOptions.knownCoins). */
  knownCoins: ReadonlyArray<KnownCoin>;
  /** Reads the turn once over the known coins' gazetteer (reading/turn.ts). */
  reader: () => TurnReader;
  now: () => Date;
}

/** The names of the function tools the call offers (none with `toolChoice: none`). */
function offeredTools(call: LanguageModelV4CallOptions): Set<string> {
  return new Set(
    call.toolChoice?.type === "none"
      ? []
      : (call.tools ?? []).flatMap((t) => (t.type === "function" ? [t.name] : [])),
  );
}

/** `text` as a text step, cut at `maxOutputTokens` (CHARS_PER_TOKEN each) and marked truncated. */
function textStep(text: string, maxOutputTokens: number | undefined): Step {
  const limit = maxOutputTokens !== undefined ? maxOutputTokens * CHARS_PER_TOKEN : Infinity;
  const truncated = text.length > limit;
  return { kind: "text", text: truncated ? text.slice(0, limit) : text, truncated };
}

/** A step making `calls`, each with a new id. */
function callStep(calls: PlannedCall[]): Step {
  return {
    kind: "tool-calls",
    calls: calls.map((c) => ({ ...c, toolCallId: `call_${randomUUID()}` })),
  };
}

/**
 * The lookups the turn's results call for before answering (eval class A2,
 * docs/product/max.md#eval-classes): the market data of a known coin whose price history is missing
 * (the noHistory error names it), unless it was looked up already this turn or getTokenData is not
 * offered.
 */
function followUpLookups(outcomes: ToolOutcome[], offered: Set<string>): PlannedCall[] {
  if (!offered.has("getTokenData")) return [];
  const looked = new Set(
    outcomes.flatMap((o) => {
      const query = inputField(o.input, "query");
      return o.toolName === "getTokenData" && typeof query === "string" ? [query] : [];
    }),
  );
  return outcomes.flatMap((o): PlannedCall[] => {
    const error = marketErrorSchema.safeParse(o.output);
    const coin =
      error.success && error.data.error === MARKET_ERRORS.noHistory ? error.data.coin : undefined;
    if (!coin || looked.has(coin.id)) return [];
    looked.add(coin.id);
    return [{ toolName: "getTokenData", input: { query: coin.id } }];
  });
}

/** The direct replies of a reading whose clauses need no tool, one paragraph each. */
function repliesOf(reading: Reading, article: ArticleRef | null): string {
  const { plans } = planReading(reading, article);
  const texts = plans.flatMap((p) => ("reply" in p ? [writeReply(p.reply)] : []));
  if (reading.injection) texts.push(writeReply({ kind: "injection" }));
  return [...new Set(texts)].join("\n\n");
}

/**
 * The step for a decision, before any tool result is in: its tool calls (only those offered; each
 * with a new id), else the reply that the needed tool is unavailable, or the direct replies.
 */
function firstStep(
  call: LanguageModelV4CallOptions,
  decision: Decision | { kind: "replies"; reading: Reading },
  article: ArticleRef | null,
): Step {
  if (decision.kind === "replies") {
    return textStep(repliesOf(decision.reading, article), call.maxOutputTokens);
  }
  if (decision.kind === "reply") return textStep(writeReply(decision.reply), call.maxOutputTokens);
  const offered = offeredTools(call);
  const calls = decision.calls.filter((c) => offered.has(c.toolName));
  if (calls.length > 0) return callStep(calls);
  const [wanted] = decision.calls;
  const reply = writeReply(
    wanted ? { kind: "tool-unavailable", toolName: wanted.toolName } : { kind: "out-of-scope" },
  );
  return textStep(reply, call.maxOutputTokens);
}

/**
 * Decides one call's step: with tool results in the current turn, the lookups they call for
 * (followUpLookups), else the answer written from them only; otherwise the last user message
 * understood in the light of earlier turns (firstStep). Returns the step and the prompt's
 * characters, for the usage estimate.
 */
export function decideStep(
  call: LanguageModelV4CallOptions,
  inputs: StepInputs,
): { step: Step; inputCharacters: number } {
  const { view, outcomes, characters } = readConversation(call.prompt);
  const reader = inputs.reader();
  if (outcomes.length === 0) {
    const decision = decideTurn(reader, view);
    return { step: firstStep(call, decision, view.article), inputCharacters: characters };
  }
  const more = followUpLookups(outcomes, offeredTools(call));
  if (more.length > 0) return { step: callStep(more), inputCharacters: characters };
  const context = {
    reading: reader.read(view),
    article: view.article,
    knownCoins: inputs.knownCoins,
    now: inputs.now(),
  };
  const answer = writeAnswer(outcomes, context);
  return { step: textStep(answer, call.maxOutputTokens), inputCharacters: characters };
}

/** The AI SDK finish reason: tool-calls, length (text cut), or stop. */
export function finishReason(step: Step): LanguageModelV4FinishReason {
  if (step.kind === "tool-calls") return { unified: "tool-calls", raw: "tool_calls" };
  return step.truncated ? { unified: "length", raw: "length" } : { unified: "stop", raw: "stop" };
}

/** Characters the step outputs: its text, or its calls' names and JSON inputs. */
export function outputCharacters(step: Step): number {
  return step.kind === "text"
    ? step.text.length
    : step.calls.reduce((n, c) => n + c.toolName.length + JSON.stringify(c.input).length, 0);
}
