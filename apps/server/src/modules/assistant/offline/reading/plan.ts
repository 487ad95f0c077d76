// The tool calls a reading asks for (docs/decisions/013-reading-questions.md, One reading, two
// readers): each clause's lookups, in order and without repeats, or the direct reply of a clause
// that needs none.
import type { ArticleRef, DirectReply, PlannedCall } from "../decision.ts";
import type { Clause, Reading } from "./read.ts";
import { DAY_MS } from "./dates.ts";
import { CONFIDENCE_FLOOR } from "./read.ts";
import { contentWords } from "./topic.ts";
import { tokenize } from "../../../../text/words.ts";

/** At most this many coins are looked up for one clause. */
const MAX_COINS = 3;
/** Days of history when a history clause names no period (docs/product/max.md#max-models). */
export const DEFAULT_OHLC_DAYS = 30;

/** What one clause needs: tool calls, or a reply written without any. */
export type ClausePlan = { calls: PlannedCall[] } | { reply: DirectReply };

/**
 * The queries of a clause's coins: a variant by its own words, else the coin's id; in the roles a
 * derived figure gives them ("how many SOL for one ETH": ETH first).
 */
function queries(clause: Clause): string[] {
  const named = clause.coins.map((m) => m.variant ?? m.coin.id);
  if (named.length === 0 && clause.unknownCoin) named.push(clause.unknownCoin);
  if (clause.derived?.reversed && named.length === 2) named.reverse();
  return named.slice(0, MAX_COINS);
}

const tokenCalls = (qs: string[]): PlannedCall[] =>
  qs.map((query) => ({ toolName: "getTokenData", input: { query } }));

/** Days of history a change window stands for when a chart is asked ("24h chart": 1). */
const WINDOW_DAYS = { "24h": 1, "7d": 7, "30d": 30 } as const;

/** The history a clause asks for: its period, its window's days, else DEFAULT_OHLC_DAYS. */
function ohlcCalls(clause: Clause, qs: string[]): PlannedCall[] {
  const window = clause.time.window;
  const days = clause.time.days ?? (window ? WINDOW_DAYS[window] : DEFAULT_OHLC_DAYS);
  const range = clause.time.range;
  // A calendar period's candles only, so the chart shows the period the answer is about.
  const period = range
    ? { from: dayOf(range.from), to: dayOf(Math.ceil(range.to / DAY_MS) * DAY_MS) }
    : {};
  return qs.map((query) => ({ toolName: "getOhlc", input: { query, days, ...period } }));
}

/** The UTC day (YYYY-MM-DD) of epoch ms `ms`. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Words that ask for a chart or a history rather than the current change. */
const CHART_WORDS = new Set([
  "chart",
  "charts",
  "graph",
  "plot",
  "candles",
  "candle",
  "candlestick",
  "ohlc",
  "history",
  "historical",
]);

/** Whether the clause asks for a chart or a history in so many words. */
const asksChart = (clause: Clause) => tokenize(clause.text).some((t) => CHART_WORDS.has(t.norm));

/**
 * Whether a coin clause is answered by price history: a chart asked for, or a period the market
 * data's own 24 h / 7 d / 30 d changes do not report (a calendar period, "the last 90 days", the
 * whole history); "this week" or "past 7 days" without a chart is the current change
 * (docs/product/max.md#max-models).
 */
function wantsHistory(clause: Clause): boolean {
  if (asksChart(clause)) return true;
  const { days, range } = clause.time;
  if (range || days === "max") return true;
  if (days === null) return false;
  // "past 7 days" asked as a move ("what has BNB done over the past 7 days") is the 7 d change.
  const reported = days === 1 || days === 7 || days === 30;
  return !(reported && clause.focus?.kind === "move");
}

/** Market data, or price history when the clause asks for it (wantsHistory). */
const coinCalls = (clause: Clause, qs: string[]): ClausePlan => {
  if (qs.length > 0)
    return { calls: wantsHistory(clause) ? ohlcCalls(clause, qs) : tokenCalls(qs) };
  return carriesTopic(clause) ? researchCall(clause) : { reply: { kind: "clarify-coin" } };
};

/** The content words a clause needs to carry a topic of its own. */
const TOPIC_WORDS = 5;

/**
 * Whether a clause read as a coin question that names no coin carries a topic of its own ("how can
 * I tell whether one of those token-rewarded hardware networks has paying customers?"): the library
 * may answer it, and says when it cannot; "what's the price?" only lacks its coin.
 */
function carriesTopic(clause: Clause): boolean {
  return contentWords(clause.topic) >= TOPIC_WORDS;
}

/**
 * A research search on the clause's topic, with the two sides of a "difference between A and B"
 * question (docs/product/max.md#max-research).
 */
const researchCall = (clause: Clause): ClausePlan => {
  const sides = clause.contrast ? { sides: clause.contrast } : {};
  return { calls: [{ toolName: "searchResearch", input: { query: clause.topic, ...sides } }] };
};

/**
 * What `clause` needs (docs/product/max.md#max-tools): a question about the article in context
 * searches it; market data for a coin's figures, a comparison with a derived figure, or advice (the
 * facts and risks); price history for a chart or a period the changes do not report; the market
 * ranking; the lists; a research search on its topic; a reply for small talk, off-topic requests,
 * advice or a market total about no coin, and a clause read with too little confidence (what Max
 * can do for it). A coin question without a coin asks which coin.
 */
export function planClause(clause: Clause, article: ArticleRef | null): ClausePlan {
  const qs = queries(clause);
  if (article && clause.coins.length === 0 && asksAboutArticle(clause)) {
    const input = { query: article.title, slug: article.slug };
    return { calls: [{ toolName: "searchResearch", input }] };
  }
  if (clause.confidence < CONFIDENCE_FLOOR && clause.coins.length === 0) {
    // A question of several words Max cannot place may be in the library, which says when not.
    const question = clause.text.endsWith("?") && clause.topic.split(" ").length >= 3;
    return question ? researchCall(clause) : { reply: { kind: "unsure" } };
  }
  switch (clause.intent) {
    case "token":
    case "history":
      return coinCalls(clause, qs);
    case "compare":
      return clause.derived ? { calls: tokenCalls(qs) } : coinCalls(clause, qs);
    case "advice":
      return qs.length > 0 ? { calls: tokenCalls(qs) } : { reply: { kind: "advice", coin: null } };
    case "market-total":
      return qs.length > 0 ? { calls: tokenCalls(qs) } : { reply: { kind: "no-market-total" } };
    case "market":
      return { calls: [{ toolName: "getMarket", input: clause.ranking }] };
    case "trending":
      return { calls: [{ toolName: "getTrendingTokens", input: {} }] };
    case "new":
      return { calls: [{ toolName: "getNewTokens", input: {} }] };
    case "research":
      return clause.topic.length >= 2 ? researchCall(clause) : { reply: { kind: "capabilities" } };
    case "chat":
      return { reply: { kind: chatKind(clause) } };
    case "off-topic":
      return clause.coins.length > 0
        ? { calls: tokenCalls(qs) }
        : { reply: { kind: "out-of-scope" } };
  }
}

/** Words that point at the article in context ("summarise this", "the key points"). */
const ARTICLE_WORDS = new Set([
  "article",
  "this",
  "it",
  "post",
  "piece",
  "summary",
  "summarise",
  "summarize",
  "tldr",
  "tl",
  "dr",
  "points",
  "takeaways",
]);

/** Whether a clause asks about the article the reader opened Max from. */
function asksAboutArticle(clause: Clause): boolean {
  return tokenize(clause.text).some((t) => ARTICLE_WORDS.has(t.norm));
}

/** Which small-talk reply a chat clause gets: thanks, a greeting, or what Max can do. */
function chatKind(clause: Clause): "thanks" | "greeting" | "capabilities" {
  const first = tokenize(clause.text).map((t) => t.norm);
  if (first.some((w) => ["thanks", "thank", "cheers", "thx", "ty"].includes(w))) return "thanks";
  if (
    first.length <= 3 &&
    first.some((w) => ["hi", "hello", "hey", "yo", "morning", "hiya"].includes(w))
  ) {
    return "greeting";
  }
  return "capabilities";
}

/** Every clause's plan, and the calls of all of them in order without repeats. */
export function planReading(
  reading: Reading,
  article: ArticleRef | null,
): { plans: ClausePlan[]; calls: PlannedCall[] } {
  const plans = reading.clauses.map((c) => planClause(c, article));
  const seen = new Set<string>();
  const calls = plans.flatMap((p) =>
    "calls" in p
      ? p.calls.filter((call) => {
          const key = callKey(call);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        })
      : [],
  );
  return { plans, calls };
}

/** A call's identity: its tool and input. */
export function callKey(call: { toolName: string; input: unknown }): string {
  return `${call.toolName}:${JSON.stringify(call.input)}`;
}
