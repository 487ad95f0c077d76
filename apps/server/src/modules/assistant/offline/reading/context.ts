// Follow-ups read in the light of the previous turn (issue 25 class 5): "and Cardano?", "and for 90
// days?", "compare it with SOL", "give me stats on the last one" (of the list just shown), "does that
// also apply to Bitcoin?" after a research answer.
import type { KnownCoin, PlannedCall } from "../decision.ts";
import type { CoinMention, Gazetteer } from "./gazetteer.ts";
import { type Clause, type Reading, isFragment } from "./read.ts";
import { isFunctionWord, tokenize } from "./words.ts";

/** What the previous turn asked and got. */
export interface PreviousTurn {
  reading: Reading;
  calls: PlannedCall[];
  /** The results of `calls`, in order (undefined where the history kept none). */
  outputs: unknown[];
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
const POINTERS = new Set(["it", "its", "that", "this", "those", "them", "these", "they"]);

/** A coin as a mention carried from context (no position in this message). */
function carried(coin: KnownCoin): CoinMention {
  return { coin, others: [], variant: null, start: -1, end: -1, text: coin.name };
}

/** The coins of the previous turn: its clauses' mentions, else its lookups' coins. */
function previousCoins(previous: PreviousTurn, gazetteer: Gazetteer): CoinMention[] {
  const named = previous.reading.clauses.flatMap((c) => c.coins);
  if (named.length > 0) return named.map((m) => ({ ...m, start: -1, end: -1 }));
  return previous.calls.flatMap((call) => {
    if (call.toolName !== "getTokenData" && call.toolName !== "getOhlc") return [];
    const coin = gazetteer.lookup(call.input.query);
    return coin ? [carried(coin)] : [];
  });
}

/** The coins of the list the previous turn showed (trending, new listings, a market ranking). */
function previousList(previous: PreviousTurn): KnownCoin[] {
  for (const output of previous.outputs) {
    const list = (output as { tokens?: unknown; coins?: unknown } | undefined) ?? {};
    const items = Array.isArray(list.tokens)
      ? list.tokens
      : Array.isArray(list.coins)
        ? list.coins
        : null;
    if (items) return items as KnownCoin[];
  }
  return [];
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
  const picked = clause.coins.length === 0 ? listPick(clause, previousList(previous)) : null;
  if (picked) {
    const intent = COIN_INTENTS.has(clause.intent) ? clause.intent : "token";
    return { ...clause, intent, coins: [carried(picked)], unknownCoin: null, fromContext: true };
  }
  const fragment = isFragment(clause);
  let next = clause;
  if (fragment && before && CARRIED.has(before.intent)) {
    const days = clause.time.days ?? (clause.time.window ? null : before.time.days);
    // "and for 30 days?": a history of the days named, not the 30 d change.
    const counted = clause.time.days !== null && clause.coins.length === 0;
    // "and Cardano?": a coin alone asks what was asked before; "compare it with ETH" keeps its own.
    const bare = tokenize(clause.text).every(
      (t) => clause.coins.some((c) => c.text.includes(t.text)) || isFunctionWord(t.norm),
    );
    const intent = counted
      ? "history"
      : clause.coins.length > 0 && !clause.focus && bare
        ? before.intent
        : clause.intent;
    if (CARRIED.has(intent) || clause.coins.length > 0) {
      next = {
        ...clause,
        intent: CARRIED.has(intent) ? intent : before.intent,
        confidence: Math.max(clause.confidence, before.confidence),
        focus: counted ? null : (clause.focus ?? before.focus),
        time: { ...clause.time, days, window: counted ? null : clause.time.window },
        fromContext: true,
      };
    }
  }
  const needsCoin = COIN_INTENTS.has(next.intent) && next.coins.length === 0 && !next.unknownCoin;
  if (needsCoin) {
    const coins = previousCoins(previous, gazetteer);
    if (coins.length > 0) next = { ...next, coins, fromContext: true };
  } else if (next.intent === "compare" && next.coins.length === 1) {
    const earlier = previousCoins(previous, gazetteer).filter(
      (m) => m.coin.id !== next.coins[0]!.coin.id,
    );
    next = { ...next, coins: [...earlier, ...next.coins], fromContext: earlier.length > 0 };
  }
  const pointsBack = tokenize(clause.text).some((t) => POINTERS.has(t.norm));
  if (next.intent === "research" && before?.intent === "research" && pointsBack) {
    next = { ...next, topic: `${before.topic} ${next.topic}`.trim(), fromContext: true };
  }
  return next;
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
