// The opening clause of a market answer to a question the data cannot answer as asked (the
// eval's market-total case, docs/product/max.md#max-eval): a price in another currency, or a figure
// of the whole market.
import type { TokenData } from "@pragmatist/contracts";
import { NO_MARKET_TOTAL } from "./replies.ts";

/** What the question asks beyond the data: another currency, the whole market, or neither. */
export interface ScopeAsk {
  /** The currency asked for other than the US dollar, as an answer names it ("euros"). */
  currency: string | null;
  wholeMarket: boolean;
}

/**
 * The clause a market answer opens with, ending in ": " for the answer's first sentence to
 * continue it, or null when the question asks nothing beyond the data. Another currency: the
 * figures are in US dollars only (with live data, CoinGecko quotes them in USD here) and none is
 * converted, no rate being in the data. The whole market: the data has no total-market figure,
 * only each coin's (docs/product/max.md#max-answers).
 */
export function scopeLead(ask: ScopeAsk, source: TokenData["source"] | null): string | null {
  if (ask.wholeMarket) return `${NO_MARKET_TOTAL}, only each coin's: `;
  if (ask.currency === null) return null;
  const quoted =
    source === "coingecko"
      ? "CoinGecko quotes prices here in US dollars only, and the data"
      : "The market data is in US dollars only and";
  return `${quoted} has no exchange rate to ${ask.currency}, so here are the figures in USD: `;
}
