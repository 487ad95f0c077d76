// Pseudo-relevance feedback for Max's research answers (decision 013): the telling words of the
// article's best-matching section that the question lacks, added lightly to the ranking of its
// sentences (RM3 with one feedback document: Lavrenko & Croft 2001, Abdul-Jaleel et al. 2004), so a
// sentence saying "burned" can answer "where does the base fee go".
import type MiniSearch from "minisearch";
import type { SearchResult } from "minisearch";

/** A word feedback adds to a query (a stem), with its weight beside the most telling one (0 to 1]. */
export interface FeedbackTerm {
  term: string;
  weight: number;
}

/**
 * The `count` most telling terms of `text` (a section's stems, stop words out) that `asked` (the
 * question's terms and synonyms) lacks: each term's frequency in the text times its rarity
 * (`rarity`, an IDF), normalised so the first weighs 1; words of two letters and bare numbers are
 * left out. [] when none.
 */
export function tellingTerms(
  text: string[],
  asked: ReadonlySet<string>,
  rarity: (term: string) => number,
  count: number,
): FeedbackTerm[] {
  const frequency = new Map<string, number>();
  for (const term of text) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const ranked = [...frequency]
    .filter(([term]) => !asked.has(term) && term.length > 2 && !/^\d+$/.test(term))
    .map(([term, n]) => ({ term, weight: n * rarity(term) }))
    .filter((t) => t.weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, count);
  const top = ranked[0]?.weight ?? 1;
  return ranked.map(({ term, weight }) => ({ term, weight: weight / top }));
}

/**
 * The ids of `first` (a MiniSearch result, best first) ranked again with `feedback`: each
 * document's BM25 score for the feedback terms alone in `mini`'s `fields` (among the documents
 * `filter` keeps), MiniSearch's multiplying by the number of terms matched undone so a feedback word
 * adds and never multiplies, scaled so the best feedback match adds `share` of the best first score;
 * a document only feedback matches is ranked too. Best first; [] when `first` is empty.
 */
export function rankedWithFeedback<T>(
  first: SearchResult[],
  mini: MiniSearch<T>,
  feedback: FeedbackTerm[],
  { fields, filter, share }: { fields: string[]; filter: (id: number) => boolean; share: number },
): number[] {
  if (first.length === 0) return [];
  const scores = new Map(first.map((r) => [r.id as number, r.score]));
  if (feedback.length > 0) {
    const weights = new Map(feedback.map((f) => [f.term, f.weight]));
    const extra = mini.search(
      {
        queries: [feedback.map((f) => f.term).join(" ")],
        fields,
        tokenize: (text) => text.split(" "),
        processTerm: (term) => term,
        boostTerm: (term) => weights.get(term) ?? 0,
        fuzzy: false,
      },
      { filter: (r) => filter(r.id as number) },
    );
    const raw = extra.map((r) => ({ id: r.id as number, score: r.score / r.terms.length }));
    const top = Math.max(...raw.map((r) => r.score));
    const scale = (share * (first[0]?.score ?? 0)) / top;
    for (const r of raw) scores.set(r.id, (scores.get(r.id) ?? 0) + r.score * scale);
  }
  return [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}
