// Max's built-in offline model: the AI SDK language-model interface (LanguageModelV4) over rule-based
// understanding and writing, so the server's streamText loop, tools and storage run unchanged
// without a provider (docs/product/max.md#max-models).
import { randomUUID } from "node:crypto";
import type { LanguageModelV4, LanguageModelV4CallOptions } from "@ai-sdk/provider";
import type { KnownCoin } from "./decision.ts";
import { createGazetteer } from "../../market/coin-gazetteer.service.ts";
import { type TurnReader, createTurnReader } from "./reading/turn.ts";
import { decideStep, finishReason, outputCharacters } from "./step.ts";
import { contentOf, type Pause, pacedStream, planStream } from "./stream.ts";
import { usageOf } from "./usage.ts";

/** The offline model's provider name, as the AI SDK reports it. */
const OFFLINE_PROVIDER = "pragmatist.offline";
/** The offline model's id, as the AI SDK and its response metadata report it. */
const OFFLINE_MODEL_ID = "max-offline-1";
/** Default pause between streamed text chunks, in ms: the answer arrives a few words at a time. */
const DEFAULT_CHUNK_DELAY_MS = 8;

/** What the offline model is built with. */
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
  /** How a pause is waited (default: a timer); a test passes its own to see the pacing. */
  pause?: Pause;
}

/** The turn reader for a known-coins array, rebuilt (with its gazetteer) only when it changes. */
function cachedReader(now: () => Date): (coins: ReadonlyArray<KnownCoin>) => TurnReader {
  let cache: { coins: ReadonlyArray<KnownCoin>; reader: TurnReader } | null = null;
  return (coins) => {
    if (cache?.coins !== coins) {
      cache = { coins, reader: createTurnReader(createGazetteer(coins), now) };
    }
    return cache.reader;
  };
}

/**
 * Max's offline model (docs/product/max.md#max-models). Each call reads the prompt: when the
 * current turn (after the last user message) already holds tool results, it writes the answer from
 * those results only; otherwise it understands the last user message in the light of earlier turns
 * and either calls tools (only those offered in `tools`, never with `toolChoice: none`) or answers
 * directly. Streams stream-start, response-metadata, then text-start/-delta/-end (a few words per
 * delta, `chunkDelayMs` apart, the first at once) or tool-input-start/-delta/-end and tool-call per
 * call, then finish with an estimated usage (characters / 4) and finishReason stop, tool-calls or
 * length (text cut at `maxOutputTokens`). Aborting `abortSignal` errors the stream with its
 * reason. Never calls the network; never echoes the system prompt.
 */
export function createOfflineModel(options: OfflineModelOptions): LanguageModelV4 {
  const now = options.now ?? (() => new Date());
  const chunkDelayMs = options.chunkDelayMs ?? DEFAULT_CHUNK_DELAY_MS;
  const reader = cachedReader(now);

  const decide = (call: LanguageModelV4CallOptions) => {
    const knownCoins = options.knownCoins();
    return decideStep(call, { knownCoins, reader: () => reader(knownCoins), now });
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
      return {
        content: contentOf(step),
        finishReason: finishReason(step),
        usage: usageOf(inputCharacters, outputCharacters(step)),
        warnings: [],
        response: responseMetadata(),
      };
    },

    async doStream(call) {
      call.abortSignal?.throwIfAborted();
      const { step, inputCharacters } = decide(call);
      const plan = planStream(step, responseMetadata(), inputCharacters);
      const stream = pacedStream(plan, chunkDelayMs, call.abortSignal, options.pause);
      return { stream, request: { body: { offline: true } }, response: { headers: {} } };
    },
  };
}
