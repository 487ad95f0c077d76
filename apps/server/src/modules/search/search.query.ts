// Plain words from user queries and article text, and the typo-correction rules both engines share.
import { distance } from "fastest-levenshtein";
import { markdownToPlainText } from "../../text/plain-text.ts";
import { isFunctionWord } from "../../text/stems.ts";
import type { SearchDocument } from "./search.types.ts";

/** Words of a query beyond this many are ignored (a 200-character query cannot fan out further). */
export const MAX_QUERY_WORDS = 10;
/** Longer tokens (hashes, addresses) are searchable but kept out of the correction vocabulary. */
export const MAX_VOCABULARY_WORD_LENGTH = 32;
/** The last query word is completed from the vocabulary when it has at least this many letters. */
export const MIN_COMPLETION_LENGTH = 3;
/** At most this many vocabulary words complete an unfinished last word. */
export const MAX_COMPLETIONS = 3;
/** At most this many equally close vocabulary words replace a misspelt word. */
export const MAX_CORRECTIONS = 3;

const COMBINING_MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const DIGIT = /\p{N}/u;

/**
 * The plain words of `text`: lowercased, compatibility-decomposed (NFKD) with diacritics dropped
 * ("Éthereum" -> "ethereum"), split on everything that is not a Unicode letter or digit. Quotes,
 * `*`, `-`, parentheses, emoji and the like never survive, so no user text can reach FTS5 or
 * tsquery syntax. Pure; never throws.
 */
export function plainWords(text: string): string[] {
  return text.normalize("NFKD").toLowerCase().replace(COMBINING_MARKS, "").match(WORD) ?? [];
}

/**
 * The words to search for in a user query, in order: plain words without duplicates and without
 * stop words, at most MAX_QUERY_WORDS. A query of only stop words, punctuation or emoji gives [].
 */
export function queryWords(query: string): string[] {
  const unique = [...new Set(plainWords(query))].filter((w) => !isFunctionWord(w));
  return unique.slice(0, MAX_QUERY_WORDS);
}

/** An article's text as the engines index it: space-separated plain words per field. */
export interface IndexedFields {
  title: string;
  subTitle: string;
  content: string;
  tags: string;
  /**
   * The distinct words a reader may misspell, for the correction vocabulary: no stop words and
   * nothing longer than MAX_VOCABULARY_WORD_LENGTH, sorted.
   */
  vocabulary: string[];
}

/**
 * Normalises a document for indexing. Both engines index these plain words (not the raw text), so
 * their tokens, the vocabulary and the query words come from one tokeniser (`plainWords`);
 * tag slugs such as "account-abstraction" become "account abstraction".
 */
export function indexedFields(doc: SearchDocument): IndexedFields {
  const title = plainWords(doc.title);
  const subTitle = plainWords(doc.subTitle);
  const content = plainWords(markdownToPlainText(doc.content, { code: true }));
  const tags = plainWords(doc.tags.join(" "));
  const vocabulary = new Set<string>();
  for (const list of [title, subTitle, content, tags]) {
    for (const w of list) {
      if (w.length <= MAX_VOCABULARY_WORD_LENGTH && !isFunctionWord(w)) vocabulary.add(w);
    }
  }
  return {
    title: title.join(" "),
    subTitle: subTitle.join(" "),
    content: content.join(" "),
    tags: tags.join(" "),
    vocabulary: [...vocabulary].sort(),
  };
}

/** A word of the indexed vocabulary and the number of articles containing it. */
export interface VocabularyEntry {
  word: string;
  docCount: number;
}

/**
 * The largest Levenshtein distance at which a vocabulary word may stand in for `word`: 0 under 4
 * letters (too many short words are one edit apart), 1 up to 7 letters, 2 from 8. Words with
 * digits (tickers, EIP numbers) are never corrected.
 */
export function maxEdits(word: string): number {
  if (word.length < 4 || DIGIT.test(word)) return 0;
  return word.length < 8 ? 1 : 2;
}

/**
 * The closest vocabulary words to a misspelt `word`: those within `maxEdits(word)`, at the lowest
 * distance found, most frequent first (ties by spelling), at most MAX_CORRECTIONS. Stop words and
 * `word` itself are skipped. Candidates may be a coarse prefilter; distance is checked here.
 */
export function corrections(word: string, candidates: Iterable<VocabularyEntry>): string[] {
  let best = maxEdits(word);
  if (best === 0) return [];
  let found: VocabularyEntry[] = [];
  for (const c of candidates) {
    if (Math.abs(c.word.length - word.length) > best || c.word === word) continue;
    if (isFunctionWord(c.word)) continue;
    const d = distance(word, c.word);
    if (d > best) continue;
    if (d < best) {
      best = d;
      found = [];
    }
    found.push(c);
  }
  return byFrequency(found).slice(0, MAX_CORRECTIONS);
}

/** Vocabulary words that complete `word` (excluding itself and stop words), most frequent first. */
export function completions(word: string, candidates: Iterable<VocabularyEntry>): string[] {
  const found: VocabularyEntry[] = [];
  for (const c of candidates) {
    if (c.word !== word && c.word.startsWith(word) && !isFunctionWord(c.word)) found.push(c);
  }
  return byFrequency(found).slice(0, MAX_COMPLETIONS);
}

function byFrequency(entries: VocabularyEntry[]): string[] {
  return entries
    .sort((a, b) => b.docCount - a.docCount || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .map((e) => e.word);
}

/** What an engine knows about one query word; the lists are asked for only when needed. */
export interface WordLookup {
  /** The word itself is in the vocabulary. */
  known: boolean;
  /** Vocabulary words starting with the word (only asked for the last query word). */
  completions(): string[];
  /** Vocabulary words close to the word (see `corrections`). */
  corrections(): string[];
}

/**
 * The alternatives that stand for one query word; an article matches the word when it contains
 * any of them. A known word stands for itself. An unknown last word of at least
 * MIN_COMPLETION_LENGTH letters is read as unfinished ("stak" -> staking, stake, ...; the search
 * box suggests as the reader types), else an unknown word is read as a typo ("stakng" ->
 * staking). With neither it stays as typed and simply matches nothing.
 */
export function termGroup(word: string, isLast: boolean, lookup: WordLookup): string[] {
  if (lookup.known) return [word];
  if (isLast && word.length >= MIN_COMPLETION_LENGTH) {
    const completed = lookup.completions();
    if (completed.length > 0) return completed;
  }
  const corrected = lookup.corrections();
  return corrected.length > 0 ? corrected : [word];
}

/** The hard cap on hits per query, whatever the caller asks for. */
export const MAX_LIMIT = 1000;

/** Extra ranked rows fetched for the drafts and future-dated articles among the best matches. */
export const RANK_MARGIN = 20;
