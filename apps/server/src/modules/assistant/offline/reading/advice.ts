// The words that make a reader's request advice (eval class R7, docs/product/max.md#eval-classes,
// #max-safety): hand rules, since precision here is safety, beside the classifier's reading.
import type { Token } from "../../../../text/words.ts";

/**
 * Stems of a forecast or a valuation: they make a request advice whatever the classifier says
 * (hand rule: precision here is safety, docs/product/max.md#max-safety).
 */
const FORECAST_STEMS = new Set([
  "moon",
  "10x",
  "100x",
  "predict",
  "target",
  "forecast",
  "rotat",
  "undervalu",
  "overvalu",
  "hodl",
  "ape",
]);
/**
 * Stems of a trade: advice when the reader is the one trading ("should I sell?", "would you
 * hold?", "buy or sell ETH?"), not when a coin is the subject ("what position does Chainlink hold").
 */
const ACTION_STEMS = new Set(["buy", "sell", "invest", "short", "hold", "profit"]);
/** Words naming the reader or Max as the one who would act. */
const READER = new Set(["i", "we", "me", "my", "us", "our", "you", "your", "u", "im"]);
/**
 * Words that frame a request as a judgement or a forecast ("should", "worth", "too late"): without
 * one of them or a forecast or trade word (adviceWords), the classifier's "advice" is not taken, since refusing a
 * real question ("what's the next big step for Ethereum?") is the costlier mistake there.
 */
const ADVICE_CUES = new Set([
  "should",
  "would",
  "will",
  "worth",
  "good",
  "time",
  "late",
  "bet",
  "recommend",
  "safe",
  "risky",
  "savings",
  "portfolio",
  "put",
  "best",
]);
/**
 * Whether a clause's words ask for advice: `buying` a forecast word, or a trade word with the
 * reader as the one trading (a reader word or a judgement word beside it, or the trade word first:
 * "buy or sell ETH?"); `cued` when the classifier's "advice" may be taken (ADVICE_CUES).
 */
export function adviceWords(tokens: Token[]): { buying: boolean; cued: boolean } {
  const judged = tokens.some((t) => ADVICE_CUES.has(t.norm));
  const trade =
    tokens.some((t) => ACTION_STEMS.has(t.stem)) &&
    (judged || tokens.some((t) => READER.has(t.norm)) || ACTION_STEMS.has(tokens[0]?.stem ?? ""));
  const buying = trade || tokens.some((t) => FORECAST_STEMS.has(t.stem));
  return { buying, cued: buying || judged };
}
