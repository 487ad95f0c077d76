// The offline model's token usage: estimated from characters, never measured.
import type { LanguageModelV4Usage } from "@ai-sdk/provider";

/**
 * Token counts are estimated, not measured: about 4 characters of English per token, the rule of
 * thumb OpenAI documents for its tokenizers. Good enough for the per-message input/output caps.
 */
export const CHARS_PER_TOKEN = 4;

function estimateTokens(characters: number): number {
  return Math.ceil(characters / CHARS_PER_TOKEN);
}

/** The usage of a call with this many prompt and output characters (CHARS_PER_TOKEN, rounded up). */
export function usageOf(inputCharacters: number, outputCharacters: number): LanguageModelV4Usage {
  const input = estimateTokens(inputCharacters);
  const output = estimateTokens(outputCharacters);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
    raw: { estimated: true, charactersPerToken: CHARS_PER_TOKEN },
  };
}
