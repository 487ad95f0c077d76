// The offline model's research synthesis: a short paragraph of the passages' own sentences, the
// best article's first, each run of sentences cited [n] (docs/product/max.md#max-research).
import { type ResearchPassage, formatLongDate } from "@pragmatist/contracts";
import { splitSentences } from "../../../../text/sentences.ts";
import { terms as stemsOf } from "../../assistant.research-words.ts";
import { escapeMarkdown } from "./format.ts";

/** A synthesis has at least this many sentences when the passages hold them… */
const MIN_SENTENCES = 3;
/** …and never more than this many. */
const MAX_SENTENCES = 6;
/** Sentences taken in order from the best passage (the section that answers). */
const FROM_BEST = 6;
/** A sentence sharing more than this share of its words with one already taken adds nothing. */
const MAX_OVERLAP = 0.6;

/** One sentence taken, with the number of the passage it cites. */
interface Taken {
  n: number;
  sentence: string;
}

/** The lower-case words of 4+ letters of `text`: what two sentences must share to repeat. */
function longWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [];
}

/**
 * The sentences of a passage that read on their own: a whole sentence (capital or digit first,
 * ending with "." or "!", so neither a fragment cut with "…" nor a list item or caption without a
 * stop), not a question (a heading-like "Want to learn more?") nor a lead-in to a list (":"), at
 * least 25 characters.
 */
function sentencesOf(passage: ResearchPassage): string[] {
  return splitSentences(passage.excerpt).filter(
    (s) => s.length >= 25 && /^["“(]?[\p{Lu}\p{N}]/u.test(s) && /[^.][.!]["”’)]*$/.test(s),
  );
}

/** True when `sentence` mostly repeats one already taken. */
function repeats(sentence: string, taken: Taken[]): boolean {
  const words = longWords(sentence);
  if (words.length === 0) return true;
  return taken.some((t) => {
    const other = new Set(longWords(t.sentence));
    return words.filter((w) => other.has(w)).length / words.length > MAX_OVERLAP;
  });
}

/**
 * The sentence of `candidates` holding the most of the topic's terms (at least `needed`), first on
 * a tie, that does not repeat one taken; null when there is none.
 */
function bestSentence(
  candidates: string[],
  terms: string[],
  taken: Taken[],
  needed: number,
): string | null {
  let best: string | null = null;
  let bestScore = needed - 1;
  for (const sentence of candidates) {
    if (repeats(sentence, taken)) continue;
    const own = new Set(stemsOf(sentence));
    const score = terms.filter((t) => own.has(t)).length;
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return best;
}

/**
 * Runs of sentences from one passage joined, each run's citation ("[2]") before its last
 * sentence's final stop, so "A. B [1]. C [2]."; sentences are Markdown-escaped.
 */
function cite(taken: Taken[]): string {
  const runs: Taken[][] = [];
  for (const t of taken) {
    const run = runs[runs.length - 1];
    if (run && run[0]!.n === t.n) run.push(t);
    else runs.push([t]);
  }
  return runs
    .map((run) => {
      const text = escapeMarkdown(run.map((t) => t.sentence).join(" "));
      const mark = ` [${run[0]!.n}]`;
      const end = /[.!]["”’)]*$/.exec(text);
      return end ? `${text.slice(0, end.index)}${mark}${text.slice(end.index)}` : `${text}${mark}.`;
    })
    .join(" ");
}

/**
 * The research answer's paragraph: up to FROM_BEST sentences of the best passage in order (for a
 * contrast, `sides`, the next passage's too, in order: the second side's article when each side
 * has its own, docs/product/max.md#max-research), then
 * from each other passage the sentence that best matches the topic of `query` (the research
 * query: every term of a one- or two-term topic, two of a longer one) without repeating one
 * taken; when that makes fewer than MIN_SENTENCES, more of the best passage, then sentences of the
 * others with one term. Never more than MAX_SENTENCES; never the question itself, only the
 * articles' own sentences, cited [n].
 */
export function synthesise(passages: ResearchPassage[], query: string, sides?: string[]): string {
  const [best, ...others] = passages;
  if (!best) return "";
  const terms = [...new Set(stemsOf(query))];
  const own = sentencesOf(best);
  const taken: Taken[] = own.slice(0, FROM_BEST).map((sentence) => ({ n: best.n, sentence }));
  // A contrast: the next passage follows in order, the second side's when each has its article.
  const second = sides?.length === 2 ? others[0] : undefined;
  for (const sentence of second ? sentencesOf(second) : []) {
    if (taken.length < MAX_SENTENCES) taken.push({ n: second!.n, sentence });
  }
  const fromOthers = (needed: number, enough: number) => {
    for (const p of others) {
      if (taken.length >= enough) return;
      if (taken.some((t) => t.n === p.n)) continue;
      const sentence = bestSentence(sentencesOf(p), terms, taken, needed);
      if (sentence) taken.push({ n: p.n, sentence });
    }
  };
  fromOthers(Math.min(2, terms.length), MAX_SENTENCES);
  let at = taken.filter((t) => t.n === best.n).length;
  for (const sentence of own.slice(at)) {
    if (taken.length >= MIN_SENTENCES) break;
    taken.splice(at++, 0, { n: best.n, sentence });
  }
  fromOthers(Math.min(1, terms.length), MIN_SENTENCES);
  if (taken.length === 0) taken.push({ n: best.n, sentence: best.excerpt.replace(/\s+/g, " ") });
  return cite(taken);
}

/**
 * The answer's paragraph for "the latest issue of a series" (`order: "newest"`): which issue is
 * the newest and when it came out, then up to MAX_SENTENCES − 1 of its own sentences, cited [1].
 */
export function latestIssue(passages: ResearchPassage[]): string {
  const [newest] = passages;
  if (!newest) return "";
  const date = newest.publishDate ? `, published ${formatLongDate(newest.publishDate)}` : "";
  const lead = `The latest issue in our library is **${escapeMarkdown(newest.title)}**${date} [${newest.n}].`;
  const own = sentencesOf(newest)
    .slice(0, MAX_SENTENCES - 1)
    .map((sentence) => ({ n: newest.n, sentence }));
  return own.length > 0 ? `${lead} ${cite(own)}` : lead;
}
