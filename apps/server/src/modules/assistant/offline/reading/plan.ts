// The tool calls a reading asks for (issue 25 "One parse, two readers"): each clause's lookups, in
// order and without repeats, or the direct reply of a clause that needs none.
import type { DirectReply, PlannedCall } from "../decision.ts";
import type { Clause, Reading } from "./read.ts";
import { CONFIDENCE_FLOOR } from "./read.ts";
import { tokenize } from "./words.ts";

/** At most this many coins are looked up for one clause. */
const MAX_COINS = 3;
/** Days of history when a history clause names no period (docs/product.md#max-models). */
export const DEFAULT_OHLC_DAYS = 30;

/** Words that ask for a chart or a history rather than the current change. */
const CHART_WORDS = new Set([
  "chart",
  "charts",
  "graph",
  "plot",
  "candles",
  "candle",
  "ohlc",
  "history",
  "historical",
  "trend",
]);

/**
 * Whether a history clause is answered by the market data's own change instead: time words of a
 * change it reports ("this week", "past 7 days", "today") with no chart asked for and no calendar
 * period (docs/product.md#max-models: those ask for the coin's current data).
 */
function currentChange(clause: Clause): boolean {
  if (clause.time.range || clause.time.days === "max") return false;
  const window = clause.time.window;
  const days = clause.time.days;
  const reported = window !== null || days === 1 || days === 7 || days === 30;
  return reported && !tokenize(clause.text).some((t) => CHART_WORDS.has(t.norm));
}

/** What one clause needs: tool calls, or a reply written without any. */
export type ClausePlan = { calls: PlannedCall[] } | { reply: DirectReply };

/** The queries of a clause's coins: a variant by its own words, else the coin's id. */
function queries(clause: Clause): string[] {
  const named = clause.coins.map((m) => m.variant ?? m.coin.id);
  if (named.length === 0 && clause.unknownCoin) named.push(clause.unknownCoin);
  return named.slice(0, MAX_COINS);
}

const tokenCalls = (qs: string[]): PlannedCall[] =>
  qs.map((query) => ({ toolName: "getTokenData", input: { query } }));

/** The history a clause asks for: its period, else DEFAULT_OHLC_DAYS. */
const ohlcCalls = (clause: Clause, qs: string[]): PlannedCall[] =>
  qs.map((query) => ({
    toolName: "getOhlc",
    input: { query, days: clause.time.days ?? DEFAULT_OHLC_DAYS },
  }));

/**
 * What `clause` needs (docs/product.md#max-tools): market data for a coin's figures, a comparison
 * (price history for each coin when a period is named) or advice (the facts and risks); price
 * history; the market ranking; the lists; a research search on its topic; a reply for small talk,
 * off-topic requests, advice or a market total about no coin, and a clause read with too little
 * confidence (what Max can do for it). A coin question without a coin asks which coin.
 */
export function planClause(clause: Clause, article: { title: string } | null): ClausePlan {
  const qs = queries(clause);
  if (clause.confidence < CONFIDENCE_FLOOR && clause.coins.length === 0) {
    return { reply: { kind: "unsure" } };
  }
  switch (clause.intent) {
    case "token":
      if (qs.length === 0) return { reply: { kind: "clarify-coin" } };
      if (clause.time.range && !clause.time.window) return { calls: ohlcCalls(clause, qs) };
      return { calls: tokenCalls(qs) };
    case "compare":
      if (qs.length === 0) return { reply: { kind: "clarify-coin" } };
      return clause.time.days !== null && !clause.time.window && !clause.derived
        ? { calls: ohlcCalls(clause, qs) }
        : { calls: tokenCalls(qs) };
    case "history":
      if (qs.length === 0) return { reply: { kind: "clarify-coin" } };
      return currentChange(clause) ? { calls: tokenCalls(qs) } : { calls: ohlcCalls(clause, qs) };
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
    case "research": {
      const query = article && asksAboutArticle(clause) ? article.title : clause.topic;
      return query.length >= 2
        ? { calls: [{ toolName: "searchResearch", input: { query } }] }
        : { reply: { kind: "capabilities" } };
    }
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
  article: { title: string } | null,
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
