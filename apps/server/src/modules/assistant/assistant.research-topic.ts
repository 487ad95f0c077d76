// The topic of a research query and how a piece of text matches it: topic words, words that share
// a stem, title and heading matches, phrase proximity (docs/product.md#max-research).
import { plainWords } from "../search/search.query.ts";
import { fold } from "./assistant.prompt.ts";

/** Words that say nothing about a topic: question scaffolding, pronouns, generic verbs. */
const STOP_WORDS = new Set(
  (
    "a an and are as at be been by can could did do does doing for from has have how i if in " +
    "into is it its me my of on or our should so than that the their them then there these they " +
    "this those to us was we were what whats when where which who why will with would you your " +
    "about explain explained describe tell give show find get list please overview summary " +
    "summarise summarize work works working mean means say says said"
  ).split(" "),
);

/** Words asking for the newest issue of a series ("the latest Optech newsletter"). */
const LATEST = /\b(?:latest|newest|most\s+recent|last|current)\b/gi;

/** Endings that make two words the same word ("stake", "staking"; "rollup", "rollups"). */
const ENDINGS = new Set(
  ["", "s", "es", "e", "ed", "d", "ing", "er", "ers", "or", "ors", "ion", "ions"].concat([
    "ation",
    "ations",
    "y",
    "ies",
    "al",
    "ally",
    "ly",
  ]),
);

/** What a research query asks about. */
export interface ResearchTopic {
  /**
   * What the publication's search is asked: the terms (a filler word such as "explained" would
   * leave out every article without it); the query itself when it has none.
   */
  searchText: string;
  /** The topic's words, folded (lower case, no accents), without STOP_WORDS, unique, in order. */
  terms: string[];
  /** The query asks for the newest issue of a series ("latest", "newest", "most recent"…). */
  latest: boolean;
}

/** How a title or heading matches a topic. */
export interface TextMatch {
  /** Share of the topic's terms the text contains, 0 to 1. */
  recall: number;
  /** Share of the text's own content words that are topic terms, 0 to 1. */
  focus: number;
}

/** British "-ise" spellings, read as the "-ize" ones ("decentralised" is "decentralized"). */
const BRITISH = /(?<=\p{L}{3})is(e|ed|es|ing|ation|ations)$/u;

/**
 * The folded words of `text` as the publication's search reads them (plainWords: lower case, no
 * accents, runs of letters and digits), "-ise" spellings as "-ize".
 */
export function wordsOf(text: string): string[] {
  return plainWords(text).map((w) => w.replace(BRITISH, "iz$1"));
}

/** The words of `text` that carry meaning: no STOP_WORDS, no single letters. */
function contentWords(text: string): string[] {
  return wordsOf(text).filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)));
}

/**
 * The topic of a research query: its terms (without recency words) and whether it asks for the
 * latest issue. A query of recency words only ("latest") is searched as written.
 */
export function researchTopic(query: string): ResearchTopic {
  const topic = query.replace(LATEST, " ").replace(/\s+/g, " ").trim();
  const terms = [...new Set(contentWords(topic))];
  return {
    searchText: terms.length > 0 ? terms.join(" ") : topic || query.trim(),
    terms,
    latest: new RegExp(LATEST.source, "i").test(fold(query)),
  };
}

/**
 * Whether two folded words are the same word: equal, or the same stem (at least 3 letters) with
 * common English endings ("revoke" / "revoking", "rollup" / "rollups", "history" / "histories";
 * never "ether" / "ethereum").
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
  return common >= 3 && ENDINGS.has(a.slice(common)) && ENDINGS.has(b.slice(common));
}

/** The share of `terms` found among `words`, 0 to 1 (0 for no terms). */
export function coverage(terms: readonly string[], words: readonly string[]): number {
  if (terms.length === 0) return 0;
  return terms.filter((t) => words.some((w) => sameWord(t, w))).length / terms.length;
}

/** Longest name (in content words) whose parenthesis is read as its alias. */
const MAX_ALIASED_WORDS = 4;

/**
 * `text` and, when it is a short name with a parenthesis ("Maximal extractable value (MEV)"), the
 * name without it and each alias. A longer text's parenthesis is an aside, not an alias ("How
 * does Cancun-Deneb (Dencun) affect Goerli or other Ethereum testnets?").
 */
function variants(text: string): string[] {
  const inner = [...text.matchAll(/\(([^()]+)\)/g)].map((m) => m[1] ?? "");
  const outer = text.replace(/\([^()]*\)/g, " ");
  if (inner.length === 0 || contentWords(outer).length > MAX_ALIASED_WORDS) return [text];
  return [text, outer, ...inner];
}

/**
 * How a title or heading matches the topic's terms: recall over the whole text; focus of the
 * most focused of the text and its parenthesised aliases that has that recall, so "Maximal
 * extractable value (MEV)" is wholly about "MEV".
 */
export function matchText(terms: readonly string[], text: string): TextMatch {
  const recall = coverage(terms, contentWords(text));
  let focus = 0;
  for (const variant of variants(text)) {
    const words = contentWords(variant);
    if (words.length === 0 || coverage(terms, words) < recall) continue;
    const matched = words.filter((w) => terms.some((t) => sameWord(t, w))).length;
    focus = Math.max(focus, matched / words.length);
  }
  return { recall, focus };
}

/**
 * Phrase proximity of the topic's terms in `words` (a block's words, stop words included), 0 to
 * 1: the share of terms present times how tightly the shortest window holding all of them packs
 * them (1 for the exact phrase, 0 when none is present).
 */
export function proximity(terms: readonly string[], words: readonly string[]): number {
  const hits: Array<{ at: number; term: number }> = [];
  words.forEach((w, at) => {
    const term = terms.findIndex((t) => sameWord(t, w));
    if (term >= 0) hits.push({ at, term });
  });
  const present = new Set(hits.map((h) => h.term)).size;
  if (present === 0) return 0;
  const counts = new Map<number, number>();
  let window = Infinity;
  let left = 0;
  for (const hit of hits) {
    counts.set(hit.term, (counts.get(hit.term) ?? 0) + 1);
    while (counts.size === present) {
      const first = hits[left]!;
      window = Math.min(window, hit.at - first.at + 1);
      const n = counts.get(first.term)! - 1;
      if (n === 0) counts.delete(first.term);
      else counts.set(first.term, n);
      left += 1;
    }
  }
  return (present / terms.length) * (present / window);
}
