// The words of a clause around its topic (docs/decisions/013-reading-questions.md): the research
// topic without the question's scaffolding, and whether a clause says nothing but a coin's name.
import { MAX_QUERY_LENGTH } from "@pragmatist/contracts";
import type { CoinMention } from "../../../market/coin-gazetteer.service.ts";
import { isFunctionWord } from "../../../../text/stems.ts";
import { type Token, tokenize } from "../../../../text/words.ts";
import { hasDummyIt } from "./words.ts";

/** Words around a research topic that are not the topic. */
const SCAFFOLDING = new Set([
  "explain",
  "describe",
  "define",
  "tell",
  "please",
  "know",
  "understand",
  "learn",
  "mean",
  "work",
  "works",
  "exactly",
  "actually",
  "simple",
  "terms",
  "max",
  "hey",
  "hi",
  "someone",
  "wondering",
  "does",
  "do",
  "did",
  "is",
  "are",
  "how",
  "what",
  "why",
  "curious",
  "can",
  "could",
  "would",
  "really",
  "whats",
  "hows",
  "whys",
  "wheres",
]);

/** Function words a topic keeps: they ask for the newest issue of a series ("the most recent"). */
const KEPT = new Set(["most", "last", "latest", "newest", "recent"]);

export /**
 * Whether every word of the clause that carries content belongs to a coin it names; "why" carries
 * it ("Why is there an Ethereum Classic?" asks for a reason, which market data never gives).
 */
function onlyCoins(tokens: Token[], coins: CoinMention[]): boolean {
  return tokens.every(
    (t, i) =>
      coins.some((c) => i >= c.start && i < c.end) ||
      (t.norm !== "why" &&
        (isFunctionWord(t.norm) ||
          SCAFFOLDING.has(t.norm) ||
          ["about", "tell", "info", "overview"].includes(t.norm))),
  );
}

export /**
 * The research topic of a clause: its words from the first to the last that carry content (not a
 * function word nor the question's scaffolding, "the most recent" kept), so "Can you explain proof
 * of stake to me?" is "proof of stake".
 */
function topicOf(tokens: Token[]): string {
  const content = (t: Token) =>
    KEPT.has(t.norm) || (!isFunctionWord(t.norm) && !SCAFFOLDING.has(t.norm));
  const first = tokens.findIndex(content);
  const last = tokens.findLastIndex(content);
  const words = first < 0 ? tokens : tokens.slice(first, last + 1);
  return joinedTopic(...words.map((t) => t.text));
}

/**
 * Topics or words joined into one research query, cut at the last whole word within the research
 * tool's longest query (MAX_QUERY_LENGTH, the contracts' limit on searchResearch's `query`).
 */
export function joinedTopic(...parts: string[]): string {
  const text = parts.filter((p) => p !== "").join(" ");
  if (text.length <= MAX_QUERY_LENGTH) return text;
  const cut = text.lastIndexOf(" ", MAX_QUERY_LENGTH);
  return text.slice(0, cut > 0 ? cut : MAX_QUERY_LENGTH);
}

/** How many words of a topic carry content (not function words): how much it asks of its own. */
export function contentWords(topic: string): number {
  return tokenize(topic).filter((t) => !isFunctionWord(t.norm)).length;
}

/** Words that point back at something said before ("how did it do?", "what is this"). */
export const POINTERS = new Set(["it", "its", "that", "this", "those", "them", "these", "they"]);

/** The content words of a research question that asks something of its own, its "it" aside. */
const OWN_QUESTION = 4;

/**
 * Whether a research question leans on the one before it, in the same message or the turn before:
 * it points back ("what is this", "why did they trade below ETH?"), or its only "it" stands for
 * what follows and it asks little of its own ("was it hard to fix?"); "why is it so hard for a
 * small Solana validator to turn a profit?" asks its own.
 */
export function leansBack(clause: { text: string; topic: string }): boolean {
  const dummy = hasDummyIt(clause.text);
  const points = tokenize(clause.text).some(
    (t) => POINTERS.has(t.norm) && !(dummy && t.norm === "it"),
  );
  return points || (dummy && contentWords(clause.topic) < OWN_QUESTION);
}
