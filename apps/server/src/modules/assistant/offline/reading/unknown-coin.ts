// A coin the gazetteer does not know, as a message names it (eval class R4,
// docs/product/max.md#eval-classes): what the tools should search for, so the answer can say the
// data lacks it rather than guess another coin.
import { GENERIC } from "../../../market/coin-gazetteer.service.ts";
import { MONTH_WORDS } from "./dates.ts";
import { isFunctionWord } from "../../../../text/stems.ts";
import { type Token, isEnglishWord } from "../../../../text/words.ts";

/** Words that say what is asked about a coin, never part of its name. */
export const ASKING = new Set([
  "price",
  "prices",
  "chart",
  "cap",
  "mcap",
  "stats",
  "volume",
  "token",
  "coin",
  "worth",
  "trading",
  "market",
  "data",
  "statistics",
  "ath",
  "supply",
  "rank",
  "ticker",
]);

/**
 * A coin-like name the gazetteer does not know: "$XYZ", a capitalised word past the first ("price
 * of Optimism", "Pyth Network"), or a word that is not English ("pyth network price"), with the
 * words that follow it up to what is asked ("Pyth Network").
 */
export function unknownCoinOf(tokens: Token[]): string | null {
  const usable = (t: Token | undefined): t is Token =>
    t !== undefined &&
    t.norm.length >= 2 &&
    !isFunctionWord(t.norm) &&
    !ASKING.has(t.norm) &&
    !Number.isFinite(Number.parseFloat(t.norm));
  const nearAsking = (i: number) =>
    tokens.slice(Math.max(0, i - 2), i + 3).some((t) => ASKING.has(t.norm));
  const start = tokens.findIndex(
    (t, i) =>
      usable(t) &&
      !GENERIC.has(t.norm) &&
      !MONTH_WORDS.has(t.norm) &&
      (t.dollar ||
        (i > 0 && t.text[0] !== t.text[0]?.toLowerCase()) ||
        (((i === 0 && t.text[0] !== t.text[0]?.toLowerCase()) || !isEnglishWord(t.norm)) &&
          nearAsking(i))),
  );
  if (start < 0) return null;
  const name = [tokens[start]!];
  for (let i = start + 1; i < tokens.length && usable(tokens[i]) && name.length < 3; i += 1) {
    const next = tokens[i]!;
    if (
      next.text[0] === next.text[0]?.toLowerCase() &&
      isEnglishWord(next.norm) &&
      !["network", "protocol", "finance", "chain"].includes(next.norm)
    )
      break;
    name.push(next);
  }
  return name.map((t) => t.text).join(" ");
}
