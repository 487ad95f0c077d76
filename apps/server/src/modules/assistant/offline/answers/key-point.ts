// The key point of a research passage: the one or two sentences of its excerpt that answer the query.
import { splitSentences } from "../../../../text/sentences.ts";
import { terms } from "../../assistant.research-words.ts";
import { escapeMarkdown } from "./format.ts";

/** Longest key point, in characters; a longer one is cut with "…". */
const MAX_POINT_LENGTH = 320;

/** The excerpt's sentences; a leading fragment (cut mid-sentence) is dropped when a sentence follows. */
function sentencesOf(clean: string): string[] {
  let sentences = splitSentences(clean);
  if (sentences.length > 1 && /^\p{Ll}/u.test(sentences[0] ?? "")) sentences = sentences.slice(1);
  return sentences;
}

/** The index of the sentence sharing the most terms with the query (the first on a tie). */
function bestSentence(sentences: string[], query: string): number {
  const wanted = new Set(terms(query));
  let best = 0;
  let bestScore = -1;
  sentences.forEach((s, i) => {
    const score = terms(s).filter((t) => wanted.has(t)).length;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

/**
 * The one or two sentences of an excerpt that best answer the query, as plain Markdown text: the
 * best sentence and the next when both fit MAX_POINT_LENGTH, cut with "…" when too long or when
 * it ends mid-sentence.
 */
export function keyPoint(excerpt: string, query: string): string {
  const clean = excerpt
    .replace(/\s+/g, " ")
    .replace(/^(?:…|\.\.\.)\s*/, "")
    .trim();
  const sentences = sentencesOf(clean);
  const best = bestSentence(sentences, query);
  let point = sentences[best] ?? clean;
  const next = sentences[best + 1];
  if (next && point.length + next.length < MAX_POINT_LENGTH) point = `${point} ${next}`;
  if (point.length > MAX_POINT_LENGTH) point = `${point.slice(0, MAX_POINT_LENGTH - 1).trimEnd()}…`;
  else if (!/[.!?…"”)]$/.test(point)) point = `${point}…`;
  return escapeMarkdown(point);
}
