// The market slots of a clause (eval class R3, docs/product/max.md#eval-classes): the ranking of
// the whole market it asks for, and a currency other than the US dollar. Read by vocabularies of
// stems and phrases, as slots.ts.
import type { MarketRankingBy } from "@pragmatist/contracts";
import { type ClauseWords, any, has, numberOf } from "./slots.ts";
import type { Token } from "../../../../text/words.ts";

/** A ranking of the whole market (getMarket's input). */
export interface RankingAsk {
  by: MarketRankingBy;
  order: "desc" | "asc";
  limit: number;
  from: number;
}

const ORDINALS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

/** "2nd", "second", "#2", "number 2", "ranked 2": a position asked for, or null. */
function positionOf(tokens: Token[]): number | null {
  for (let i = 0; i < tokens.length; i += 1) {
    const word = tokens[i]!.norm;
    const ordinal =
      ORDINALS[word] ??
      (["st", "nd", "rd", "th"].includes(word.slice(-2)) ? Number(word.slice(0, -2)) : NaN);
    if (Number.isInteger(ordinal) && ordinal > 0) return ordinal;
    if (["number", "no", "rank", "ranked"].includes(word)) {
      const n = numberOf(tokens[i + 1]);
      if (n !== null && Number.isInteger(n)) return n;
    }
  }
  return null;
}

/**
 * The ranking a market clause asks for: by volume, by a change (gainers, losers, movers: the
 * window named, 24 h when none) or by market cap; losers and the worst ascending; how many (the
 * number asked, 5 by default, "the biggest coin" 1) and from which position ("the second
 * largest": from 2, one coin).
 */
export function rankingAsk(c: ClauseWords): RankingAsk {
  const { stems, tokens } = c;
  const movers = any(stems, [
    "gainer",
    "loser",
    "mover",
    "perform",
    "pump",
    "dump",
    "gain",
    "lost",
    "lose",
    "rose",
    "fell",
    "drop",
    "rise",
    "up",
    "down",
    "winner",
    "best",
    "worst",
    "weakest",
    "strongest",
  ]);
  const volume = any(stems, ["volum", "trade", "activ", "liquid"]);
  const by: MarketRankingBy = volume
    ? "volume"
    : movers
      ? `change${c.window ?? "24h"}`
      : "marketCap";
  const order =
    movers &&
    any(stems, [
      "loser",
      "lost",
      "lose",
      "worst",
      "weakest",
      "fell",
      "drop",
      "dump",
      "down",
      "bleed",
    ])
      ? "asc"
      : "desc";
  const position = positionOf(tokens);
  if (position !== null && position > 1) return { by, order, limit: 1, from: position };
  // "top 10", "seven of them"; not "7 days" or "24 hours", which are periods.
  const counts = tokens
    .filter((t, i) => !TIME_UNITS.has(tokens[i + 1]?.norm ?? ""))
    .map(numberOf)
    .filter((n): n is number => n !== null && Number.isInteger(n) && n >= 1 && n <= 25);
  const single =
    any(stems, ["biggest coin", "largest coin", "top coin", "number on"]) && counts.length === 0;
  return { by, order, limit: single || position === 1 ? 1 : (counts[0] ?? 5), from: 1 };
}

/** Units after a number that make it a period, not a count. */
const TIME_UNITS = new Set([
  "day",
  "days",
  "week",
  "weeks",
  "month",
  "months",
  "year",
  "years",
  "hour",
  "hours",
  "h",
  "d",
]);

/** Fiat currencies other than the US dollar, by the words and signs that name them. */
const CURRENCIES: ReadonlyArray<[readonly string[], string]> = [
  [["euro", "euros", "eur", "€"], "euros"],
  [["pound", "pounds", "sterling", "gbp", "quid", "£"], "pounds sterling"],
  [["yen", "jpy", "¥"], "yen"],
  [["chf", "franc", "francs"], "Swiss francs"],
  [["cad", "canadian dollar", "canadian dollars"], "Canadian dollars"],
  [["aud", "australian dollar", "australian dollars"], "Australian dollars"],
  [["inr", "rupee", "rupees", "₹"], "rupees"],
  [["cny", "rmb", "yuan", "renminbi"], "yuan"],
  [["krw", "won", "₩"], "won"],
];

/** The currency other than the US dollar the clause asks for ("in euros"), as answers name it. */
export function otherCurrency(c: ClauseWords, raw: string): string | null {
  return (
    CURRENCIES.find(([names]) =>
      names.some((n) => has(c.words, n) || (n.length === 1 && raw.includes(n))),
    )?.[1] ?? null
  );
}
