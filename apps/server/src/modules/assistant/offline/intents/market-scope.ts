// Questions that reach past what the market data holds (issue #12 held-out check): a price in a
// currency other than the US dollar, and figures of the whole crypto market.

/** Fiat currencies by the words, codes and signs that name them, with the name an answer uses. */
const CURRENCIES: ReadonlyArray<[RegExp, string]> = [
  [/\beur(?:os?)?\b|€/, "euros"],
  [/\b(?:pounds?(?:\s+sterling)?|sterling|gbp|quid)\b|£/, "pounds sterling"],
  [/\b(?:yen|jpy)\b|¥/, "yen"],
  [/\b(?:chf|swiss\s+francs?|francs?)\b/, "Swiss francs"],
  [/\b(?:cad|canadian\s+dollars?)\b/, "Canadian dollars"],
  [/\b(?:aud|australian\s+dollars?)\b/, "Australian dollars"],
  [/\b(?:inr|rupees?)\b|₹/, "rupees"],
  [/\b(?:cny|rmb|yuan|renminbi)\b/, "yuan"],
  [/\b(?:krw|korean\s+won)\b|₩/, "won"],
];

/**
 * The fiat currency other than the US dollar a question asks for ("uniswap in euros", "BTC price
 * in EUR", "ETH in £"), as an answer names it ("euros"), or null. `text` is the folded question
 * with its coins masked, so a coin ratio ("ETH in BTC") is never read as a currency.
 */
export function otherCurrency(text: string): string | null {
  return CURRENCIES.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/**
 * Words that ask for a figure of the whole crypto market rather than one coin's: dominance, the
 * total (whole, entire, overall, global) market or its cap, the crypto market cap.
 */
const WHOLE_MARKET =
  /\bdominance\b|\b(?:total|whole|entire|overall|global|combined)\s+(?:crypto(?:currency)?\s+)?market\b|\bcrypto(?:currency)?\s+market\s*(?:caps?|capitali[sz]ation)\b|\bmarket\s+share\b/;

/**
 * True when `text` (folded, coins masked) asks for a figure of the whole crypto market ("How much
 * of the total market is bitcoin?", "bitcoin dominance", "total crypto market cap"), which the
 * market tools do not have (docs/product.md#max-tools: per-coin figures only).
 */
export function asksWholeMarket(text: string): boolean {
  return WHOLE_MARKET.test(text);
}
