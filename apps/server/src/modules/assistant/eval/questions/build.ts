// Short builders for the eval's cases, so each phrasing reads as one line of the question set.
import type { Category, ComparedFigure, Derived, EvalCase, TokenFigure } from "../cases.ts";

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
