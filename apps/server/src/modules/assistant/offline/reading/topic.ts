// The words of a clause around its topic (docs/decisions/013-reading-questions.md): the research
// topic without the question's scaffolding, and whether a clause says nothing but a coin's name.
import type { CoinMention } from "../../../market/coin-gazetteer.service.ts";
import { isFunctionWord } from "../../../../text/stems.ts";
import { type Token } from "../../../../text/words.ts";

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
  return words
    .map((t) => t.text)
    .join(" ")
    .slice(0, 200);
}
