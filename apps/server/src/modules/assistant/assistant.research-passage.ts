// The passages of Max's research answers (docs/product/max.md#max-research): whole sentences of an
// article, as many as fit, quoted under its title, heading and date.
import type { ResearchPassage } from "@pragmatist/contracts";
import type { Section, Statement } from "./assistant.research-index.ts";

/**
 * Sentences in one passage, and its longest length in characters (docs/product/max.md#max-tools).
 */
export const PASSAGE_SENTENCES = 6;
const PASSAGE_CHARS = 900;

/** `sentences` joined, whole, at most PASSAGE_CHARS (a first sentence longer than that is cut with "…"). */
function joinPassage(sentences: string[]): string {
  let text = "";
  for (const sentence of sentences.slice(0, PASSAGE_SENTENCES)) {
    const next = text ? `${text} ${sentence}` : sentence;
    if (next.length > PASSAGE_CHARS && text) break;
    text = next.length > PASSAGE_CHARS ? `${next.slice(0, PASSAGE_CHARS - 1).trimEnd()}…` : next;
  }
  return text;
}

/** The best of `ranked` (best first) that fit in PASSAGE_CHARS together, the first always. */
export function fitting(ranked: Statement[]): Statement[] {
  const kept: Statement[] = [];
  let length = 0;
  for (const statement of ranked) {
    if (kept.length > 0 && length + statement.text.length + 1 > PASSAGE_CHARS) continue;
    kept.push(statement);
    length += statement.text.length + 1;
  }
  return kept;
}

/** Passage `n`, quoting `sentences` (joinPassage) under `section`'s article, heading and date. */
export function passage(section: Section, sentences: string[], n: number): ResearchPassage {
  return {
    n,
    title: section.title,
    slug: section.slug,
    url: `/p/${section.slug}`,
    excerpt: joinPassage(sentences),
    section: section.heading,
    publishDate: section.publishDate,
  };
}
