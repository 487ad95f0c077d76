// Max's built-in offline model: the AI SDK language-model interface (LanguageModelV4) over rule-based
// understanding and writing, so the server's streamText loop, tools and storage run unchanged
// without a provider (issue #5 "Server": "With none configured, a built-in offline model serves").
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolResultOutput,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { type ToolOutcome, writeAnswer, writeReply } from "./offline-answers.ts";
import {
  type ArticleRef,
  type CoinMatcher,
  type ConversationView,
  type KnownCoin,
  type PlannedCall,
  type Turn,
  createCoinMatcher,
  toPlannedCall,
  understand,
} from "./offline-intents.ts";

export const OFFLINE_PROVIDER = "pragmatist.offline";
export const OFFLINE_MODEL_ID = "max-offline-1";
/** Default pause between streamed text chunks, in ms: the answer arrives a few words at a time. */
export const DEFAULT_CHUNK_DELAY_MS = 8;
/** Words per text-delta. */
const WORDS_PER_CHUNK = 3;
/**
 * Token counts are estimated, not measured: about 4 characters of English per token, the rule of
 * thumb OpenAI documents for its tokenizers. Good enough for the per-message input/output caps.
 */
const CHARS_PER_TOKEN = 4;

export interface OfflineModelOptions {
  /**
   * The coins recognised by name, ticker or id, best ranked first (e.g. the market snapshot's top
   * 100). Called on each request; the matcher is rebuilt only when it returns a different array.
   * Keep it to well-known coins: every ticker in it is read as that coin.
   */
  knownCoins: () => ReadonlyArray<KnownCoin>;
  /** Clock for periods such as "since January" (default: the system clock). */
  now?: () => Date;
  /** Pause between text chunks in ms (default DEFAULT_CHUNK_DELAY_MS; 0 streams without pauses). */
  chunkDelayMs?: number;
}

/** What one model call produces: an answer, or tool calls for the loop to execute. */
type Step =
  | { kind: "text"; text: string; truncated: boolean }
  | { kind: "tool-calls"; calls: Array<PlannedCall & { toolCallId: string }> };

interface ReadConversation {
  view: ConversationView;
  /** Tool results of the current turn (after the last user message), with their calls' inputs. */
  outcomes: ToolOutcome[];
  /** Characters of the whole prompt, for the usage estimate. */
  characters: number;
}

const ARTICLE_TITLE = /^Article title:[ \t]*(.+)$/m;
const ARTICLE_SLUG = /^Article slug:[ \t]*(.+)$/m;

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A tool result part's output as a value, and whether the tool failed. */
function readOutput(output: LanguageModelV4ToolResultOutput): { output: unknown; failed: boolean } {
  switch (output.type) {
    case "json":
      return { output: output.value, failed: false };
    case "text":
      return { output: jsonOrText(output.value), failed: false };
    case "content":
      return {
        output: jsonOrText(output.value.map((p) => (p.type === "text" ? p.text : "")).join("")),
        failed: false,
      };
    case "error-text":
    case "error-json":
      return { output: output.value, failed: true };
    case "execution-denied":
      return { output: output.reason ?? "denied", failed: true };
  }
}

/**
 * Reads the prompt as turns: each user message opens a turn holding the tool calls made after it.
 * The system prompt is read only for the article context lines (`Article title: …`,
 * `Article slug: …`); nothing else of it ever reaches an answer.
 */
function readConversation(prompt: LanguageModelV4Prompt): ReadConversation {
  let characters = 0;
  let system = "";
  const turns: Array<{
    question: string;
    calls: Map<string, { toolName: string; input: unknown }>;
  }> = [];
  const results = new Map<string, { output: unknown; failed: boolean }>();
  for (const message of prompt) {
    if (message.role === "system") {
      system += `${message.content}\n`;
      characters += message.content.length;
      continue;
    }
    if (message.role === "user") {
      const question = message.content
        .map((p) => (p.type === "text" ? p.text : ""))
        .join("\n")
        .trim();
      characters += question.length;
      turns.push({ question, calls: new Map() });
      continue;
    }
    const turn = turns[turns.length - 1];
    for (const part of message.content) {
      if (part.type === "text" || part.type === "reasoning") characters += part.text.length;
      if (part.type === "tool-call") {
        characters += JSON.stringify(part.input ?? {}).length + part.toolName.length;
        turn?.calls.set(part.toolCallId, { toolName: part.toolName, input: part.input });
      }
      if (part.type === "tool-result") {
        const read = readOutput(part.output);
        characters += JSON.stringify(read.output ?? "").length;
        results.set(part.toolCallId, read);
      }
    }
  }
  const title = ARTICLE_TITLE.exec(system)?.[1]?.trim();
  const slug = ARTICLE_SLUG.exec(system)?.[1]?.trim();
  const article: ArticleRef | null = title && slug ? { title, slug } : null;

  const current = turns[turns.length - 1];
  const earlierTurns: Turn[] = turns.slice(0, -1).map((t) => ({
    question: t.question,
    calls: [...t.calls.values()].flatMap((c) => toPlannedCall(c.toolName, c.input) ?? []),
  }));
  const outcomes: ToolOutcome[] = [];
  for (const [id, c] of current?.calls ?? []) {
    const result = results.get(id);
    if (result) outcomes.push({ toolName: c.toolName, input: c.input, ...result });
  }
  return {
    view: { question: current?.question ?? "", earlierTurns, article },
    outcomes,
    characters,
  };
}

function estimateTokens(characters: number): number {
  return Math.ceil(characters / CHARS_PER_TOKEN);
}

function usageOf(inputCharacters: number, outputCharacters: number): LanguageModelV4Usage {
  const input = estimateTokens(inputCharacters);
  const output = estimateTokens(outputCharacters);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
    raw: { estimated: true, charactersPerToken: CHARS_PER_TOKEN },
  };
}

/** The text in chunks of a few words; the chunks concatenate to the text exactly. */
function chunksOf(text: string): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_CHUNK) {
    chunks.push(words.slice(i, i + WORDS_PER_CHUNK).join(""));
  }
  return chunks;
}

function finishReason(step: Step): LanguageModelV4FinishReason {
  if (step.kind === "tool-calls") return { unified: "tool-calls", raw: "tool_calls" };
  return step.truncated ? { unified: "length", raw: "length" } : { unified: "stop", raw: "stop" };
}

function outputCharacters(step: Step): number {
  return step.kind === "text"
    ? step.text.length
    : step.calls.reduce((n, c) => n + c.toolName.length + JSON.stringify(c.input).length, 0);
}

/**
 * Max's offline model (issue #5). Each call reads the prompt: when the current turn (after the
 * last user message) already holds tool results, it writes the answer from those results only;
 * otherwise it understands the last user message in the light of earlier turns and either calls
 * tools (only those offered in `tools`, never with `toolChoice: none`) or answers directly.
 * Streams stream-start, response-metadata, then text-start/-delta/-end (a few words per delta,
 * `chunkDelayMs` apart, the first at once) or tool-input-start/-delta/-end and tool-call per call,
 * then finish with an estimated usage (characters / 4) and finishReason stop, tool-calls or
 * length (text cut at `maxOutputTokens`). Aborting `abortSignal` errors the stream with its
 * reason. Never calls the network; never echoes the system prompt.
 */
export function createOfflineModel(options: OfflineModelOptions): LanguageModelV4 {
  const now = options.now ?? (() => new Date());
  const chunkDelayMs = options.chunkDelayMs ?? DEFAULT_CHUNK_DELAY_MS;
  let cache: { coins: ReadonlyArray<KnownCoin>; matcher: CoinMatcher } | null = null;
  const matcher = (coins: ReadonlyArray<KnownCoin>): CoinMatcher => {
    if (cache?.coins !== coins) cache = { coins, matcher: createCoinMatcher(coins) };
    return cache.matcher;
  };

  const decide = (call: LanguageModelV4CallOptions): { step: Step; inputCharacters: number } => {
    const coins = options.knownCoins();
    const { view, outcomes, characters } = readConversation(call.prompt);
    let text: string;
    if (outcomes.length > 0) {
      text = writeAnswer(outcomes, {
        question: view.question,
        article: view.article,
        knownCoins: coins,
      });
    } else {
      const decision = understand(view, matcher(coins), now());
      if (decision.kind === "call") {
        const offered = new Set(
          call.toolChoice?.type === "none"
            ? []
            : (call.tools ?? []).flatMap((t) => (t.type === "function" ? [t.name] : [])),
        );
        const calls = decision.calls.filter((c) => offered.has(c.toolName));
        if (calls.length > 0) {
          return {
            step: {
              kind: "tool-calls",
              calls: calls.map((c) => ({ ...c, toolCallId: `call_${randomUUID()}` })),
            },
            inputCharacters: characters,
          };
        }
        const [wanted] = decision.calls;
        text = writeReply(
          wanted
            ? { kind: "tool-unavailable", toolName: wanted.toolName }
            : { kind: "out-of-scope" },
        );
      } else {
        text = writeReply(decision.reply);
      }
    }
    const limit =
      call.maxOutputTokens !== undefined ? call.maxOutputTokens * CHARS_PER_TOKEN : Infinity;
    const truncated = text.length > limit;
    return {
      step: { kind: "text", text: truncated ? text.slice(0, limit) : text, truncated },
      inputCharacters: characters,
    };
  };

  const responseMetadata = () => ({
    id: `offline-${randomUUID()}`,
    modelId: OFFLINE_MODEL_ID,
    timestamp: now(),
  });

  return {
    specificationVersion: "v4",
    provider: OFFLINE_PROVIDER,
    modelId: OFFLINE_MODEL_ID,
    supportedUrls: {},

    async doGenerate(call) {
      call.abortSignal?.throwIfAborted();
      const { step, inputCharacters } = decide(call);
      const content: LanguageModelV4Content[] =
        step.kind === "text"
          ? [{ type: "text", text: step.text }]
          : step.calls.map((c) => ({
              type: "tool-call",
              toolCallId: c.toolCallId,
              toolName: c.toolName,
              input: JSON.stringify(c.input),
            }));
      return {
        content,
        finishReason: finishReason(step),
        usage: usageOf(inputCharacters, outputCharacters(step)),
        warnings: [],
        response: responseMetadata(),
      };
    },

    async doStream(call) {
      call.abortSignal?.throwIfAborted();
      const { step, inputCharacters } = decide(call);
      const parts: LanguageModelV4StreamPart[] = [
        { type: "stream-start", warnings: [] },
        { type: "response-metadata", ...responseMetadata() },
      ];
      /** Indexes of parts to send only after a pause (every text chunk but the first). */
      const paced = new Set<number>();
      if (step.kind === "text") {
        const id = "text-0";
        parts.push({ type: "text-start", id });
        chunksOf(step.text).forEach((delta, i) => {
          if (i > 0) paced.add(parts.length);
          parts.push({ type: "text-delta", id, delta });
        });
        parts.push({ type: "text-end", id });
      } else {
        for (const c of step.calls) {
          const input = JSON.stringify(c.input);
          parts.push(
            { type: "tool-input-start", id: c.toolCallId, toolName: c.toolName },
            { type: "tool-input-delta", id: c.toolCallId, delta: input },
            { type: "tool-input-end", id: c.toolCallId },
            { type: "tool-call", toolCallId: c.toolCallId, toolName: c.toolName, input },
          );
        }
      }
      parts.push({
        type: "finish",
        finishReason: finishReason(step),
        usage: usageOf(inputCharacters, outputCharacters(step)),
      });

      let next = 0;
      const signal = call.abortSignal;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async pull(controller) {
          try {
            signal?.throwIfAborted();
            if (paced.has(next) && chunkDelayMs > 0)
              await sleep(chunkDelayMs, undefined, { signal });
            const part = parts[next++];
            if (part) controller.enqueue(part);
            if (next >= parts.length) controller.close();
          } catch (error) {
            controller.error(error);
          }
        },
      });
      return { stream, request: { body: { offline: true } }, response: { headers: {} } };
    },
  };
}
