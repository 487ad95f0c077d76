// The offline model's honest failure messages (docs/product/max.md#max-tools): a coin the data does
// not cover, a coin without price history, or data that could not be fetched.
import { MARKET_ERRORS, type MarketError } from "@pragmatist/contracts";
import { fold } from "../../../../text/words.ts";
import { coinLabel, escapeMarkdown } from "./format.ts";
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

/** The coin a noHistory error names, as **Name (SYMBOL)**, or the query asked. */
function namedCoin(outcome: ToolOutcome, error: MarketError): string {
  if (error.coin) return coinLabel(error.coin);
  const asked = error.query ?? inputField(outcome.input, "query");
  return typeof asked === "string" ? `“${escapeMarkdown(asked)}”` : "this coin";
}

/**
 * The clause that opens an answer about a coin the data knows without its price history (issue
 * #12 class 2): it says the history is missing and, when its market data follows, leads into it
 * ("…; "); alone it points to the market data instead.
 */
export function noHistoryText(outcome: ToolOutcome, error: MarketError, followed: boolean): string {
  const coin = namedCoin(outcome, error);
  if (followed)
    return `There is no price history for ${coin} in the data, so I can't show that period; `;
  return `There is no price history for ${coin} in the data, so I can't chart it. Ask for its market data instead (“Give me the key market stats for ${error.coin ? escapeMarkdown(error.coin.name) : "it"}”).`;
}

/**
 * A coin the data does not hold (eval class A2, docs/product/max.md#eval-classes): with live
 * CoinGecko data (`source: "coingecko"` on the error), that CoinGecko has no such coin; otherwise
 * that the offline data does not cover it and live data (a COINGECKO_API_KEY on the server) would.
 * Never calls it unknown.
 */
function notCoveredText(outcome: ToolOutcome, error: MarketError): string {
  const asked = error.query ?? inputField(outcome.input, "query");
  const what = typeof asked === "string" ? `“${escapeMarkdown(asked)}”` : "That coin";
  const source = (outcome.output as { source?: unknown }).source;
  if (source === "coingecko") {
    return `CoinGecko lists nothing under ${what}. Please check the name or ticker (for example “bitcoin” or “BTC”) and ask again.`;
  }
  return `${what} is not covered by the offline market data I answer from (the largest coins by market cap on the day it was captured, plus a few more). With live data, a COINGECKO_API_KEY set on the server, I could look it up; or check the name or ticker and ask again.`;
}

/**
 * A market tool's error object (docs/product/max.md#max-tools) as text: a fetch failure is
 * failureText, a known coin without history noHistoryText, a coin the data lacks notCoveredText.
 */
export function marketErrorText(outcome: ToolOutcome, error: MarketError): string {
  if (error.error === MARKET_ERRORS.fetchFailed) return failureText(outcome);
  if (error.error === MARKET_ERRORS.noHistory) return noHistoryText(outcome, error, false);
  return notCoveredText(outcome, error);
}

/** A query as a name is compared: folded, without a leading `$`, spaces for dashes. */
function nameKey(text: string): string {
  return fold(text).replace(/^\$/, "").replace(/[-_]+/g, " ").trim();
}

/**
 * A sentence for a lookup whose coin the tool guessed from a query that names none of the data's
 * coins ("Helium" read as "lium"): which coin is shown, and, offline, that live data (a
 * COINGECKO_API_KEY) would cover the coin meant. Null when the query names the coin (its id,
 * ticker or name, any case).
 */
export function guessNote(
  query: unknown,
  coin: { id: string; symbol: string; name: string },
  source: unknown,
): string | null {
  if (typeof query !== "string") return null;
  const asked = nameKey(query);
  if ([coin.id, coin.symbol, coin.name].some((n) => nameKey(n) === asked)) return null;
  const what = `“${escapeMarkdown(query)}”`;
  if (source === "coingecko") {
    return `CoinGecko's search took ${what} to mean ${coinLabel(coin)}, shown here; if you meant another coin, give its exact name or ticker.`;
  }
  return `${what} is not a name or ticker in the offline data; the closest coin it holds is ${coinLabel(coin)}, shown here in case you meant it. If you meant another coin, the offline data does not cover it; live data (a COINGECKO_API_KEY on the server) would.`;
}
