// Which language model answers as Max: an OpenAI-compatible service from LLM_*, else the offline one.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { APICallError, RetryError } from "ai";
import type { AssistantMessageMetadata } from "@pragmatist/contracts";
import type { LlmConfig } from "../../config.ts";
import { createOfflineModel } from "./offline/model.ts";

/** Retries of one provider call on 408, 409, 429 and 5xx (docs/product/max.md#max-models). */
export const PROVIDER_MAX_RETRIES = 2;

/**
 * The model behind Max. With `llm` set, any OpenAI-compatible chat-completions service (OpenAI,
 * OpenRouter, Ollama, vLLM, llama.cpp server) at `llm.baseUrl`; the key is sent only from the
 * server. Without it, the built-in offline model, which implements the same AI SDK interface so
 * the loop, tools, streaming and storage are the same.
 * Retries are the AI SDK's: 408, 409, 429 and 5xx are retried with exponential backoff, honouring
 * `retry-after(-ms)` up to 60 s (ai: retryWithExponentialBackoffRespectingRetryHeaders).
 */
export function createLanguageModel(
  llm: LlmConfig | null,
  offline: Parameters<typeof createOfflineModel>[0],
): LanguageModelV4 {
  if (!llm) return createOfflineModel(offline);
  return createOpenAICompatible({
    name: "llm",
    baseURL: llm.baseUrl,
    ...(llm.apiKey ? { apiKey: llm.apiKey } : {}),
    includeUsage: true,
  }).chatModel(llm.model);
}

/** Why an answer failed, as `metadata.error` tells the reader: timeout, rate_limited or unavailable. */
export type ProviderFault = NonNullable<AssistantMessageMetadata["error"]>;

/** What the reader is told for each fault (docs/product/messages.md#messages-assistant). */
export const FAULT_MESSAGES: Record<ProviderFault, string> = {
  timeout: "Request timed out. Please try again.",
  rate_limited: "Max is receiving too many questions right now. Please try again in a minute.",
  unavailable: "Max is unavailable right now. Please try again in a moment.",
};

/**
 * Classifies an error of the model call for the reader: a timeout or abort, the provider's rate
 * limit (429 after the retries), or anything else (5xx, connection refused, bad response).
 */
export function classifyFault(error: unknown): ProviderFault {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (
    last instanceof Error &&
    (last.name === "TimeoutError" ||
      last.name === "AbortError" ||
      /timed? ?out/i.test(last.message))
  ) {
    return "timeout";
  }
  if (APICallError.isInstance(last) && last.statusCode === 429) return "rate_limited";
  return "unavailable";
}
