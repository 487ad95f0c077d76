// The offline model's honest failure messages (docs/product.md#max-tools): no coin found, or data
// that could not be fetched.
import { MARKET_ERRORS, type MarketError } from "@pragmatist/contracts";
import { escapeMarkdown } from "./format.ts";
import { type ToolOutcome, inputField } from "./outcome.ts";

/** The tool's data could not be fetched (it failed, or its result could not be read). */
export function failureText(outcome: ToolOutcome): string {
  const query = inputField(outcome.input, "query");
  const about = typeof query === "string" ? ` for “${escapeMarkdown(query)}”` : "";
  switch (outcome.toolName) {
    case "getNewTokens":
      return "I couldn't fetch the newly listed tokens right now. Please try again in a moment.";
    case "getTrendingTokens":
      return "I couldn't fetch the trending tokens right now. Please try again in a moment.";
    case "searchResearch":
      return "I couldn't search our research library right now. Please try again in a moment.";
    default:
      return `I couldn't fetch the data${about} right now. Please try again in a moment.`;
  }
}

/**
 * A market tool's error object (docs/product.md#max-tools) as text: "No results found" names the
 * coin asked for (the error's query, else the call's) and suggests checking it; a fetch failure is
 * failureText.
 */
export function marketErrorText(outcome: ToolOutcome, error: MarketError): string {
  if (error.error === MARKET_ERRORS.fetchFailed) return failureText(outcome);
  const asked = error.query ?? inputField(outcome.input, "query");
  const what = typeof asked === "string" ? `“${escapeMarkdown(asked)}”` : "that";
  return `I found no coin matching ${what}. Please check the name or ticker (for example “bitcoin” or “BTC”) and ask again.`;
}
