// Follow-ups read in the light of the previous turn (eval class R5,
// docs/product/max.md#eval-classes): "and Cardano?", "and for 90 days?", "compare it with SOL",
// "give me stats on the last one" (of the list just shown), "does that also apply to Bitcoin?"
// after a research answer.
import type { KnownCoin, PlannedCall } from "../decision.ts";
import type { CoinMention, Gazetteer } from "../../../market/coin-gazetteer.service.ts";
import type { CompareMetric } from "./slots.ts";
import { CONFIDENCE_FLOOR, type Clause, type Reading, isFragment } from "./read.ts";
import { isFunctionWord } from "../../../../text/stems.ts";
import { tokenize } from "../../../../text/words.ts";
import { POINTERS, joinedTopic, leansBack } from "./topic.ts";

/** What the previous turn asked and got. */
export interface PreviousTurn {
  reading: Reading;
  calls: PlannedCall[];
  /** The results of `calls`, in order (undefined where the history kept none). */
  outputs: unknown[];
  /** The answer's text, which names what it showed when the results were not kept. */
  answer: string;
}

/** Tools whose answer is a list of coins a follow-up can point into ("the third one"). */
const LIST_TOOLS = new Set(["getTrendingTokens", "getNewTokens", "getMarket"]);

/** The coins an answer's text names, in order, each once. */
function coinsNamed(text: string, gazetteer: Gazetteer): KnownCoin[] {
  const seen = new Set<string>();
  return gazetteer.find(text).flatMap((m) => {
    if (m.variant || seen.has(m.coin.id)) return [];
    seen.add(m.coin.id);
    return [m.coin];
  });
}

/** Intents that need a coin and may take the previous turn's. */
const COIN_INTENTS = new Set(["token", "history", "compare", "advice", "market-total"]);
/** Intents a bare follow-up ("and Cardano?") carries over. */
const CARRIED = new Set(["token", "history", "compare"]);
const ORDINALS: Readonly<Record<string, number>> = {
  first: 0,
  top: 0,
  second: 1,
  third: 2,
  fourth: 3,
  fifth: 4,
  "1st": 0,
  "2nd": 1,
  "3rd": 2,
  "4th": 3,
  "5th": 4,
};
/** Words that point back at what was said ("it", "that", "those"). */

/** A coin as a mention carried from context (no position in this message). */
function carried(coin: KnownCoin): CoinMention {
  return { coin, others: [], variant: null, start: -1, end: -1, text: coin.name };
}

/**
 * The coins of the previous turn: its clauses' mentions, else its lookups' coins, else the first
 * coin its answer named ("what's the 4th biggest coin" -> "how far is it from its ATH").
 */
function previousCoins(previous: PreviousTurn, gazetteer: Gazetteer): CoinMention[] {
  const named = previous.reading.clauses.flatMap((c) => c.coins);
  if (named.length > 0) return named.map((m) => ({ ...m, start: -1, end: -1 }));
  const looked = previous.calls.flatMap((call) => {
    if (call.toolName !== "getTokenData" && call.toolName !== "getOhlc") return [];
    const coin = gazetteer.lookup(call.input.query);
    return coin ? [carried(coin)] : [];
  });
  if (looked.length > 0) return looked;
  const first = coinsNamed(previous.answer, gazetteer)[0];
  return first ? [carried(first)] : [];
}

/**
 * The coins of the list the previous turn showed (trending, new listings, a market ranking): from
 * its results, else, when the history kept only text, as its answer named them.
 */
function previousList(previous: PreviousTurn, gazetteer: Gazetteer): KnownCoin[] {
  for (const output of previous.outputs) {
    const list = (output as { tokens?: unknown; coins?: unknown } | undefined) ?? {};
    const items = Array.isArray(list.tokens)
      ? list.tokens
      : Array.isArray(list.coins)
        ? list.coins
        : null;
    if (items) return items as KnownCoin[];
  }
  const listed = previous.calls.some((c) => LIST_TOOLS.has(c.toolName));
  return listed ? coinsNamed(previous.answer, gazetteer) : [];
}

/** "the last one", "the third one", "the first coin on that list": the coin it points at, or null. */
function listPick(clause: Clause, list: KnownCoin[]): KnownCoin | null {
  if (list.length === 0) return null;
  const words = tokenize(clause.text).map((t) => t.norm);
  const points = words.some((w) => ["one", "coin", "token", "list", "them", "it"].includes(w));
  if (!points) return null;
  if (words.includes("last") || words.includes("bottom")) return list.at(-1) ?? null;
  const at = words.map((w) => ORDINALS[w]).find((i) => i !== undefined);
  return at !== undefined ? (list[at] ?? null) : null;
}

/** `clause` with the previous turn's coins, intent, period or topic where it leans on them. */
function resolveClause(clause: Clause, previous: PreviousTurn, gazetteer: Gazetteer): Clause {
  const before = previous.reading.clauses.at(-1);
  const picked =
    clause.coins.length === 0 ? listPick(clause, previousList(previous, gazetteer)) : null;
  if (picked) {
    const intent = COIN_INTENTS.has(clause.intent) ? clause.intent : "token";
    return { ...clause, intent, coins: [carried(picked)], unknownCoin: null, fromContext: true };
  }
  let next = before ? carryIntent(clause, before) : clause;
  const needsCoin = COIN_INTENTS.has(next.intent) && next.coins.length === 0 && !next.unknownCoin;
  const adds = tokenize(clause.text).some((t) => ADDING.has(t.norm));
  if (needsCoin) {
    const coins = previousCoins(previous, gazetteer);
    if (coins.length > 0) next = { ...next, coins, fromContext: true };
  } else if (next.intent === "compare" && (next.coins.length === 1 || adds)) {
    // "compare it with ETH", "now add BNB to that": the earlier coins, then these.
    const own = new Set(next.coins.map((m) => m.coin.id));
    const earlier = previousCoins(previous, gazetteer).filter((m) => !own.has(m.coin.id));
    next = { ...next, coins: [...earlier, ...next.coins], fromContext: earlier.length > 0 };
  }
  if (next.intent === "research" && before?.intent === "research" && leansBack(clause)) {
    next = { ...next, topic: joinedTopic(before.topic, next.topic), fromContext: true };
  }
  return next;
}

/** The figure a comparison is made on when the clause before asked for `focus`, or null. */
function metricOf(focus: Clause["focus"]): CompareMetric | null {
  if (focus?.kind === "move") return `move${focus.window}`;
  if (focus?.kind !== "figure") return null;
  const { figure } = focus;
  return figure === "marketCap" || figure === "volume" || figure === "fromAth" ? figure : null;
}

/** Words that add to what was asked before ("now add BNB to that"). */
const ADDING = new Set(["add", "include", "plus", "too", "also"]);

/**
 * A follow-up that leans on the clause before (eval class R5): "and Cardano?" and "I mean the
 * old one, LUNC" ask what was asked of another coin; "and for 30 days?" a history of those days;
 * "and what was the lowest it got that year?" a figure of the same history; "now add BNB" the
 * same comparison; "show me 10 instead" the same ranking, longer. Time not named is carried.
 */
function carryIntent(clause: Clause, before: Clause): Clause {
  const fragment = isFragment(clause);
  const words = tokenize(clause.text).map((t) => t.norm);
  if (
    before.intent === "market" &&
    clause.coins.length === 0 &&
    (fragment || words.includes("instead"))
  ) {
    const limit = words.map(Number).find((n) => Number.isInteger(n) && n >= 1 && n <= 25);
    if (limit !== undefined || clause.intent === "market") {
      const ranking = { ...before.ranking, ...(limit ? { limit, from: 1 } : {}) };
      return { ...clause, intent: "market", ranking, confidence: 1, fromContext: true };
    }
  }
  const compared = before.intent === "compare" || before.coins.length >= 2;
  if (compared && clause.coins.length > 0 && words.some((w) => ADDING.has(w))) {
    return {
      ...clause,
      intent: "compare",
      focus: before.focus,
      time: before.time,
      metric: before.metric,
      derived: before.derived,
      fromContext: true,
    };
  }
  // "what was the highest it reached that year?": a pronoun points at the coin asked about before.
  const pointsAtCoin = before.coins.length > 0 && words.some((w) => POINTERS.has(w));
  if (!(fragment || pointsAtCoin) || !CARRIED.has(before.intent)) return clause;
  // "What can you do?", "thanks": a request of its own, read with confidence, leans on nothing.
  const timed =
    clause.time.days !== null || clause.time.range !== null || clause.time.window !== null;
  const settled =
    !COIN_INTENTS.has(clause.intent) && clause.confidence >= CONFIDENCE_FLOOR && !timed;
  if (settled && clause.coins.length === 0 && !pointsAtCoin) return clause;
  // "and for 30 days?": a history of the days named, not the 30 d change.
  const counted = clause.time.days !== null && clause.coins.length === 0;
  const asksFigure = clause.focus !== null || clause.historyFocus !== "change";
  // "compare it with ETH" and "its chart" ask for themselves; "and Cardano?" asks what was asked.
  const bare = tokenize(clause.text).every(
    (t) => clause.coins.some((c) => c.text.includes(t.text)) || isFunctionWord(t.norm),
  );
  const own =
    !bare &&
    (clause.intent === "compare" ||
      clause.intent === "history" ||
      (clause.intent === "token" && clause.focus !== null));
  const intent = counted ? "history" : own ? clause.intent : before.intent;
  // "What's Solana's market cap?" then "compare that with Avalanche": compared on that figure.
  const metric =
    intent === "compare" && clause.metric === "price"
      ? (metricOf(before.focus) ?? "price")
      : clause.metric;
  if (!counted && !own && clause.coins.length === 0 && !asksFigure) return clause;
  return {
    ...clause,
    intent,
    confidence: Math.max(clause.confidence, before.confidence),
    focus: counted ? null : (clause.focus ?? before.focus),
    metric,
    historyFocus: clause.historyFocus !== "change" ? clause.historyFocus : before.historyFocus,
    time: timed ? { ...clause.time, window: counted ? null : clause.time.window } : before.time,
    fromContext: true,
  };
}

/** `reading` with each clause resolved against the previous turn (unchanged without one). */
export function withContext(
  reading: Reading,
  previous: PreviousTurn | null,
  gazetteer: Gazetteer,
): Reading {
  if (!previous) return reading;
  return { ...reading, clauses: reading.clauses.map((c) => resolveClause(c, previous, gazetteer)) };
}
