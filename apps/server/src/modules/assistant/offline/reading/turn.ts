// A turn read once (docs/decisions/013-reading-questions.md, a reading once per turn): the last
// message in the light of the one before, kept so the step that calls the tools and the step that
// writes the answer read the same thing.
import { LRUCache } from "lru-cache";
import type { ConversationView, Decision, PlannedCall } from "../decision.ts";
import { type PreviousTurn, withContext } from "./context.ts";
import type { Gazetteer } from "../../../market/coin-gazetteer.service.ts";
import { planReading } from "./plan.ts";
import { type Reading, readMessage } from "./read.ts";

/** Readings kept, by conversation (a turn is read twice: to call the tools, then to write). */
const KEPT = 500;

/** Reads turns with one gazetteer and clock; remembers the latest readings. */
export interface TurnReader {
  /** The last message of `view` read in the light of the turn before it. */
  read(view: ConversationView): Reading;
  /**
   * The latest earlier turn of `view` that looked something up (only the last turn with
   * `latestOnly`), as read then, with its calls and results; null when none.
   */
  previous(view: ConversationView, latestOnly?: boolean): PreviousTurn | null;
}

/** A TurnReader over `gazetteer` at the clock `now`. */
export function createTurnReader(gazetteer: Gazetteer, now: () => Date): TurnReader {
  const cache = new LRUCache<string, Reading>({ max: KEPT });

  /**
   * The latest earlier turn that looked something up (a joke in between is skipped), read again in
   * the light of the turns before it; its calls, or for a history kept as text only, the calls its
   * question leads to.
   */
  function previous(view: ConversationView, latestOnly = false): PreviousTurn | null {
    const turns = view.earlierTurns;
    const stop = latestOnly ? turns.length - 1 : 0;
    for (let i = turns.length - 1; i >= Math.max(0, stop); i -= 1) {
      const turn = turns[i]!;
      const earlier = {
        question: turn.question,
        earlierTurns: turns.slice(0, i),
        article: view.article,
      };
      const reading = read(earlier);
      const calls = turn.calls.length > 0 ? turn.calls : planReading(reading, view.article).calls;
      if (calls.length > 0) return { reading, calls, outputs: turn.outputs, answer: turn.answer };
    }
    return null;
  }

  function read(view: ConversationView): Reading {
    const key = JSON.stringify([
      view.question,
      view.earlierTurns.map((t) => t.question),
      view.article?.slug,
    ]);
    const kept = cache.get(key);
    if (kept) return kept;
    const reading = withContext(
      readMessage(view.question, { gazetteer, now: now() }),
      previous(view),
      gazetteer,
    );
    cache.set(key, reading);
    return reading;
  }

  return { read, previous };
}

/** The topic of a turn for "What other research should I do?": its research topic or first coin. */
function topicOf(turn: PreviousTurn): string | null {
  for (const clause of turn.reading.clauses) {
    if (clause.intent === "research") return clause.topic;
    if (clause.coins[0]) return clause.coins[0].coin.name;
  }
  const call = turn.calls[0];
  return call && "query" in call.input ? call.input.query : null;
}

/**
 * What the turn does before any tool result (docs/decisions/013-reading-questions.md): the chips
 * ("Analyze…" re-runs the previous turn's lookups for insights; "What other research…" searches the
 * previous topic, else the article's), else every clause's calls, else the direct reply of each
 * clause.
 */
export function decideTurn(
  reader: TurnReader,
  view: ConversationView,
): Decision | { kind: "replies"; reading: Reading } {
  const reading = reader.read(view);
  const before = reader.previous(view, reading.chip === "analyse");
  if (reading.chip === "analyse") {
    return before && before.calls.length > 0
      ? { kind: "call", calls: before.calls }
      : { kind: "reply", reply: { kind: "nothing-to-analyse" } };
  }
  if (reading.chip === "more-research") {
    const topic = (before && topicOf(before)) ?? view.article?.title;
    return topic
      ? { kind: "call", calls: [{ toolName: "searchResearch", input: { query: topic } }] }
      : { kind: "reply", reply: { kind: "capabilities" } };
  }
  if (reading.clauses.length === 0) {
    return { kind: "reply", reply: { kind: reading.injection ? "injection" : "capabilities" } };
  }
  const { calls } = planReading(reading, view.article);
  return calls.length > 0
    ? { kind: "call", calls: calls as PlannedCall[] }
    : { kind: "replies", reading };
}
