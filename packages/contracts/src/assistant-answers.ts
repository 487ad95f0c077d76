// What an answer of Max holds, read from its UI message parts
// (docs/product/max.md#assistant-chips). Free of zod, so the browser imports it as a value without
// the schemas.

/** The lists a tool output is made of: an output whose list is empty holds nothing to analyse. */
const TOOL_OUTPUT_LISTS = ["passages", "tokens", "candles"] as const;

/**
 * True when an answer's UI message parts hold data Max can analyse further ("Analyze your last
 * message for valuable insights", docs/product/max.md#assistant-chips): a finished tool call whose
 * output is data, not the error shape (docs/product/max.md#max-tools), and whose list of passages,
 * tokens or candles, if it has one, is not empty. Text, failed and invalid calls are not data.
 * Reads a stored answer's parts (server) and a live message's (web) alike.
 */
export function holdsAnalysableData(parts: readonly unknown[]): boolean {
  return parts.some((part) => {
    if (typeof part !== "object" || part === null) return false;
    const { type, state, output } = part as { type?: unknown; state?: unknown; output?: unknown };
    if (typeof type !== "string" || !type.startsWith("tool-")) return false;
    if (state !== "output-available" || typeof output !== "object" || output === null) return false;
    if ("error" in output) return false;
    const record = output as Record<string, unknown>;
    return TOOL_OUTPUT_LISTS.every((key) => !Array.isArray(record[key]) || record[key].length > 0);
  });
}
