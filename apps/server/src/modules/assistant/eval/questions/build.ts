// Short builders for the eval's cases, so each phrasing reads as one line of the question set.
import type {
  CalendarPeriod,
  Category,
  ComparedFigure,
  Derived,
  EvalCase,
  TokenFigure,
} from "../cases.ts";

/**
 * A token question: `coin`'s market data, `figure` answered first; `yesIf` marks a yes/no question
 * and the move that makes the answer yes.
 */
export const token = (
  q: string,
  coin: string,
  figure: TokenFigure,
  yesIf?: "up" | "down",
): EvalCase => ({
  category: "token",
  turns: [q],
  expect: { kind: "token", coin, figure, ...(yesIf ? { yesIf } : {}) },
});

/** `coin`'s price asked in a currency other than the US dollar: said to be USD only, then given. */
export const inOtherCurrency = (q: string, coin: string): EvalCase => ({
  category: "token",
  turns: [q],
  expect: { kind: "token", coin, figure: "price", usdOnly: true },
});

/** A figure of the whole market (dominance, total market cap), about `coin` or none. */
export const marketTotal = (q: string, coin: string | null): EvalCase => ({
  category: "token",
  turns: [q],
  expect: { kind: "market-total", coin },
});

/** A comparison of `coins` on `figure`, with the `derived` figure answered first. */
export const compare = (
  q: string,
  coins: string[],
  figure: ComparedFigure,
  derived: Derived,
): EvalCase => ({
  category: "comparison",
  turns: [q],
  expect: { kind: "compare", coins, figure, derived },
});

/** A price-history question: `coin` over `days` ("max": all there is), its change, high or low. */
export const history = (
  q: string,
  coin: string,
  days: number | "max",
  figure: "change" | "high" | "low" = "change",
): EvalCase => ({
  category: "history",
  turns: [q],
  expect: { kind: "history", coin, days, figure },
});

/**
 * A price-history question naming a calendar period (`within`): `coin`'s history reaching back to
 * its start, only the period's candles summarised (or the period said to be outside the data).
 */
export const historyIn = (
  q: string,
  coin: string,
  within: CalendarPeriod,
  figure: "change" | "high" | "low" = "change",
): EvalCase => ({
  category: "history",
  turns: [q],
  expect: { kind: "history", coin, days: "max", figure, within },
});

/** A price-history question about a coin with market data but no history in the data. */
export const historyMissing = (q: string, coin: string): EvalCase => ({
  category: "history",
  turns: [q],
  expect: { kind: "history-missing", coin },
});

/** A question about a coin the offline data does not hold at all (`name` as asked). */
export const uncovered = (q: string, name: string, category: Category = "token"): EvalCase => ({
  category,
  turns: [q],
  expect: { kind: "uncovered", name },
});

/** A question for the newest listings. */
export const newTokens = (q: string): EvalCase => ({
  category: "new",
  turns: [q],
  expect: { kind: "new-tokens" },
});

/** A question for the trending coins. */
export const trending = (q: string): EvalCase => ({
  category: "trending",
  turns: [q],
  expect: { kind: "trending" },
});

/** A research question answered by any of the articles `slugs` (their titles are about it). */
export const research = (q: string, ...slugs: string[]): EvalCase => ({
  category: "research",
  turns: [q],
  expect: { kind: "research", slugs },
});

/**
 * A research question whose answer must say its point: cites one of `slugs` first and holds one
 * phrase of each group of `keyPhrases` (docs/decisions/013-reading-questions.md, Measure first).
 */
export const point = (q: string, slugs: string[], keyPhrases: string[][]): EvalCase => ({
  category: "research",
  turns: [q],
  expect: { kind: "research", slugs, keyPhrases },
});

/** A question for the newest article of a series (titles starting with `series`). */
export const latest = (q: string, series: string): EvalCase => ({
  category: "research",
  turns: [q],
  expect: { kind: "research", latestOf: series },
});

/** A request for advice or a forecast, about `coin` (a CoinGecko id) or none. */
export const advice = (q: string, coin: string | null): EvalCase => ({
  category: "advice",
  turns: [q],
  expect: { kind: "advice", coin },
});

/** A question outside crypto. */
export const offTopic = (q: string): EvalCase => ({
  category: "off-topic",
  turns: [q],
  expect: { kind: "refusal", reason: "off-topic" },
});

/** An attempt to override or extract Max's instructions. */
export const injection = (q: string): EvalCase => ({
  category: "injection",
  turns: [q],
  expect: { kind: "refusal", reason: "injection" },
});

/** `then`, asked after `earlier` turns in the same thread (graded as `then` is). */
export const followUp = (earlier: string[], then: EvalCase): EvalCase => ({
  category: "follow-up",
  turns: [...earlier, ...then.turns],
  expect: then.expect,
});
