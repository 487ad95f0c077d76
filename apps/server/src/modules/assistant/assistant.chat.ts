// Max's chat turn: the model loop with tools, streamed as one UI message, then stored or refunded.
import {
  type ModelMessage,
  type UIMessageChunk,
  type UIMessageStreamWriter,
  createUIMessageStream,
  generateId,
  stepCountIs,
  streamText,
} from "ai";
import type { Kysely } from "kysely";
import type { AssistantMessageMetadata } from "@pragmatist/contracts";
import type { Database } from "../../db/schema.ts";
import * as repo from "./assistant.repository.ts";
import type { Allowance } from "./assistant.credits.ts";
import {
  FAULT_MESSAGES,
  PROVIDER_MAX_RETRIES,
  type ProviderFault,
  classifyFault,
} from "./assistant.model.ts";
import {
  CAPABILITIES,
  INJECTION_REFUSAL,
  isCapabilitiesRequest,
  withoutInjection,
  systemPrompt,
} from "./assistant.prompt.ts";
import { articleContext } from "./assistant.research.ts";
import { chipOf } from "./offline/reading/classifier.ts";
import { historyMessages, latestAnswerHoldsData, ownerOf, persist } from "./assistant.threads.ts";
import type { createAssistantTools } from "./assistant.tools.ts";
import type { Asker, AssistantDependencies, ChatUIMessage } from "./assistant.types.ts";

/** Steps of one answer: tool rounds plus the final text (docs/product/max.md#max-loop). */
export const MAX_STEPS = 5;
/** Output tokens per step, and the history sent with each question (OWASP LLM10). */
export const MAX_OUTPUT_TOKENS = 1200;

/**
 * The answer once an anonymous visitor's credits are used (docs/product/max.md#assistant-credits).
 */
export const CREDITS_USED_MESSAGE =
  "Sorry, you have used all your assistant credits. Please [login](/login) to continue using the assistant.";
/**
 * The answer to "Analyze your last message…" when the latest answer holds no data to analyse
 * (docs/product/max.md#assistant-chips): given without a model and without spending a credit.
 */
export const NOTHING_TO_ANALYSE_MESSAGE =
  "I have no figures or research of mine to analyse yet, so this message did not use a credit. " +
  "Ask me about a coin, its price history, new or trending tokens or a research topic, for " +
  "example “Give me the key market stats for Solana”, then ask me to analyse the answer.";
/**
 * The loop ended without an answer (docs/product/max.md#max-loop,
 * docs/product/messages.md#messages-assistant).
 */
export const NOTHING_FOUND_MESSAGE = "Sorry, I haven't found anything";

/** A question for Max: who asks, the text, the article in context, and the reader's abort signal. */
export interface ChatInput {
  asker: Asker;
  text: string;
  articleSlug?: string;
  signal?: AbortSignal;
}

/** What a chat turn runs with (built once by createAssistantService). */
export interface ChatContext {
  deps: AssistantDependencies;
  k: Kysely<Database>;
  allowance: Allowance;
  tools: ReturnType<typeof createAssistantTools>;
}

type ChatWriter = UIMessageStreamWriter<ChatUIMessage>;

/**
 * How a turn ended, as `pragmatist_max_answers_total` counts it (docs/product/api.md#api-metrics).
 */
type AnswerOutcome =
  | "answered"
  | "nothing_found"
  | "refused"
  | "limited"
  | "nothing_to_analyse"
  | "capabilities"
  | ProviderFault;

/** The turn's provider fault, set by whichever callback sees it first, and how it ended. */
interface FaultState {
  fault: ProviderFault | null;
  outcome: AnswerOutcome;
}

/** Counts one answer of `deps.model` with its outcome. */
function countAnswer(deps: AssistantDependencies, outcome: AnswerOutcome): void {
  deps.metrics.maxAnswers.inc({ model: deps.model.modelId, outcome });
}

/** A tool call's outcome: "error" when it threw or answered an error result (`{ error }`). */
function toolOutcome(output: { type: string; output?: unknown }): "ok" | "error" {
  const result = output.output;
  const failed =
    output.type === "tool-error" ||
    (typeof result === "object" && result !== null && "error" in result);
  return failed ? "error" : "ok";
}

/** One chunk sequence writing `text` as its own text part. */
function textChunks(text: string): Array<UIMessageChunk<AssistantMessageMetadata>> {
  const id = generateId();
  return [
    { type: "text-start", id },
    { type: "text-delta", id, delta: text },
    { type: "text-end", id },
  ];
}

/** A whole message of fixed text: start (with `metadata`), the text, finish. */
function writeFixedMessage(writer: ChatWriter, metadata: AssistantMessageMetadata, text: string) {
  writer.write({ type: "start", messageId: generateId(), messageMetadata: metadata });
  for (const chunk of textChunks(text)) writer.write(chunk);
  writer.write({ type: "finish" });
}

/**
 * A fixed answer that no model writes and that is not stored: the login message once a visitor's
 * credits are used (`metadata.limited`, docs/product/max.md#assistant-credits), or
 * NOTHING_TO_ANALYSE_MESSAGE.
 */
function fixedStream(metadata: AssistantMessageMetadata, text: string) {
  return createUIMessageStream<ChatUIMessage>({
    execute: ({ writer }) => writeFixedMessage(writer, metadata, text),
  });
}

/**
 * Starts the model loop over the thread's history and the question: the system prompt (with the
 * article in context), the tools, MAX_STEPS, MAX_OUTPUT_TOKENS, the provider's retries and a
 * `timeoutMs` deadline (from when the thread and article are read), which it returns; a failure of
 * the model call is classified into `state` and logged.
 */
async function startModel(ctx: ChatContext, input: ChatInput, state: FaultState) {
  const { deps } = ctx;
  const [threadId, article] = await Promise.all([
    repo.findThreadId(ctx.k, ownerOf(input.asker)),
    articleContext(deps.articles, input.articleSlug),
  ]);
  const deadline = AbortSignal.timeout(deps.timeoutMs);
  const system = systemPrompt({ siteName: deps.siteName, today: deps.now(), article });
  const messages: ModelMessage[] = [
    ...(await historyMessages(ctx.k, threadId)),
    { role: "user", content: input.text },
  ];
  const result = streamText({
    model: deps.model,
    system,
    messages,
    tools: ctx.tools,
    stopWhen: stepCountIs(MAX_STEPS),
    maxOutputTokens: MAX_OUTPUT_TOKENS,
    maxRetries: PROVIDER_MAX_RETRIES,
    abortSignal: input.signal ? AbortSignal.any([input.signal, deadline]) : deadline,
    onError: ({ error }) => {
      state.fault ??= classifyFault(error);
      deps.log.warn({ err: error, fault: state.fault }, "assistant model call failed");
    },
    onLanguageModelCallEnd: ({ performance }) => {
      const seconds = performance.responseTimeMs / 1000;
      deps.metrics.maxProviderLatency.observe({ model: deps.model.modelId }, seconds);
    },
    onToolExecutionEnd: ({ toolCall, toolOutput }) => {
      deps.metrics.maxToolCalls.inc({ tool: toolCall.toolName, outcome: toolOutcome(toolOutput) });
    },
  });
  return { result, deadline };
}

/**
 * Forwards the model's UI message chunks (the first with `metadata`; error chunks dropped) and
 * returns whether any of them wrote text.
 */
async function forwardAnswer(
  result: Awaited<ReturnType<typeof startModel>>["result"],
  metadata: AssistantMessageMetadata,
  writer: ChatWriter,
): Promise<boolean> {
  const answer = result.toUIMessageStream<ChatUIMessage>({
    generateMessageId: generateId,
    sendFinish: false,
    messageMetadata: ({ part }) => (part.type === "start" ? metadata : undefined),
    // Tool errors go back to the model as tool results (it answers from them); only
    // failures of the model call itself are faults, set by streamText's onError.
    redactToolErrors: false,
  });
  let wroteText = false;
  for await (const chunk of answer) {
    if (chunk.type === "error") continue;
    if (chunk.type === "text-delta" && chunk.delta.trim()) wroteText = true;
    writer.write(chunk);
  }
  return wroteText;
}

/** Said after answering the rest of a message that also tried to override the instructions. */
const INJECTION_LEFT_OUT =
  "I can't share or change my instructions, so I've left that part of your message out.";

/**
 * Writes the turn: the injection refusal without calling the model (the rest of a message that
 * also holds a real question is answered, and the attempt said to be left out), or the model's answer within
 * `timeoutMs`, then the fault's message and `metadata.error` (a timeout; the reader leaving), or
 * "Sorry, I haven't found anything" when no text came, and finish.
 */
async function writeTurn(
  ctx: ChatContext,
  input: ChatInput,
  metadata: AssistantMessageMetadata,
  writer: ChatWriter,
  state: FaultState,
): Promise<void> {
  const safe = withoutInjection(input.text);
  if (safe === "") {
    state.outcome = "refused";
    writeFixedMessage(writer, metadata, INJECTION_REFUSAL);
    return;
  }
  const injected = safe !== input.text.trim();
  const { result, deadline } = await startModel(ctx, { ...input, text: safe }, state);
  const wroteText = await forwardAnswer(result, metadata, writer);
  if (injected && wroteText && !deadline.aborted) {
    for (const chunk of textChunks(INJECTION_LEFT_OUT)) writer.write(chunk);
  }
  if (deadline.aborted) state.fault = "timeout";
  // The reader left mid-answer: nothing is stored and the credit is given back.
  else if (input.signal?.aborted) state.fault ??= "unavailable";
  if (state.fault) {
    for (const chunk of textChunks(FAULT_MESSAGES[state.fault])) writer.write(chunk);
    writer.write({
      type: "message-metadata",
      messageMetadata: { ...metadata, error: state.fault },
    });
  } else if (!wroteText) {
    state.outcome = "nothing_found";
    for (const chunk of textChunks(NOTHING_FOUND_MESSAGE)) writer.write(chunk);
  }
  writer.write({ type: "finish" });
}

/** The answer's stream: writeTurn, then the credit given back on a fault or the answer stored. */
function answerStream(ctx: ChatContext, input: ChatInput, metadata: AssistantMessageMetadata) {
  const { deps } = ctx;
  const state: FaultState = { fault: null, outcome: "answered" };
  return createUIMessageStream<ChatUIMessage>({
    generateId,
    execute: ({ writer }) => writeTurn(ctx, input, metadata, writer, state),
    onError: (error) => {
      state.fault ??= classifyFault(error);
      deps.log.error({ err: error }, "assistant answer failed");
      return FAULT_MESSAGES[state.fault];
    },
    onEnd: async ({ responseMessage }) => {
      countAnswer(deps, state.fault ?? state.outcome);
      try {
        if (state.fault) await ctx.allowance.refund(input.asker);
        else
          await persist(ctx.k, deps.now().toISOString(), input.asker, input.text, responseMessage);
      } catch (error) {
        deps.log.error({ err: error }, "assistant answer could not be stored");
      }
    },
  });
}

/** The answer's metadata: its time and, for a visitor, the credits left after it. */
async function answerMetadata(ctx: ChatContext, asker: Asker): Promise<AssistantMessageMetadata> {
  const metadata: AssistantMessageMetadata = { createdAt: ctx.deps.now().toISOString() };
  const credits = await ctx.allowance.credits(asker);
  if (credits) metadata.credits = credits;
  return metadata;
}

/**
 * Answers `text` as a UI message stream (AI SDK 7) of one assistant message: the model loop
 * with tools (at most MAX_STEPS steps, MAX_OUTPUT_TOKENS per step, `timeoutMs` in all),
 * metadata with the visitor's credits, and the answer stored with the question when it
 * completes. Faults of the model's provider (after its retries) end the message with a
 * reader-facing text and `metadata.error`; the credit is given back and nothing is stored.
 * An answer without text gets "Sorry, I haven't found anything" (docs/product/max.md#max-loop).
 * "Analyze your last message…" when the latest stored answer holds no data gets
 * NOTHING_TO_ANALYSE_MESSAGE and spends nothing: the server decides from the thread, whatever
 * the client shows (docs/product/max.md#assistant-chips); nor does "What can you do?", answered
 * with CAPABILITIES for any model.
 * @throws RateLimitError (429) when a member sends faster than MEMBER_MESSAGES per window.
 */
export async function chat(
  ctx: ChatContext,
  input: ChatInput,
): Promise<ReadableStream<UIMessageChunk<AssistantMessageMetadata>>> {
  if (chipOf(input.text) === "analyse" && !(await latestAnswerHoldsData(ctx.k, input.asker))) {
    countAnswer(ctx.deps, "nothing_to_analyse");
    return fixedStream(await answerMetadata(ctx, input.asker), NOTHING_TO_ANALYSE_MESSAGE);
  }
  if (isCapabilitiesRequest(input.text)) {
    countAnswer(ctx.deps, "capabilities");
    return fixedStream(await answerMetadata(ctx, input.asker), CAPABILITIES);
  }
  const allowed = await ctx.allowance.spend(input.asker);
  const metadata = await answerMetadata(ctx, input.asker);
  if (allowed) return answerStream(ctx, input, metadata);
  countAnswer(ctx.deps, "limited");
  return fixedStream({ ...metadata, limited: true }, CREDITS_USED_MESSAGE);
}
