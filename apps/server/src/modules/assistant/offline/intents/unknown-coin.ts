// Coins the offline model does not know: what in a question looks like one, for the tools to search.
import { fold } from "../../assistant.prompt.ts";
import { NOT_TICKERS, VOCABULARY } from "./vocabulary.ts";
import { type Word, isCapitalised, isUpperCase, splitWords } from "./words.ts";

/** "price of X", "stats for X", …: the word after names the coin. */
const AFTER_COIN_WORD =
  /\b(?:price|prices|stats|statistics|data|details|info|chart|history|ohlc|candles|cap|volume|performance|about)\s+(?:of|for|on)\s+([\p{L}\p{N}.-]+)/u;
/** "X price", "Pyth Network's market cap", …: the one to three words before name the coin. */
const BEFORE_COIN_WORD =
  /\b((?:[\p{L}\p{N}.-]+\s+){0,2}?[\p{L}\p{N}.-]+?)(?:'s)?\s+(?:price|stats|market\s+cap|chart|token|coin)\b/u;

/** A word that could be a coin: it has a letter, 2+ characters, and is no ordinary word. */
function candidate(w: Word): boolean {
  return (
    /\p{L}/u.test(w.raw) &&
    w.raw.length >= 2 &&
    !VOCABULARY.has(w.lower) &&
    !NOT_TICKERS.has(w.lower)
  );
}

/** A capitalised name mid-sentence, with the capitalised words that follow it ("Shiba Inu"). */
function capitalisedName(words: Word[]): string | null {
  const named = words.findIndex((w) => candidate(w) && isCapitalised(w.raw) && !w.sentenceStart);
  if (named < 0) return null;
  const name = [words[named]];
  for (const next of words.slice(named + 1)) {
    if (!candidate(next) || !isCapitalised(next.raw)) break;
    name.push(next);
  }
  return name.map((w) => w?.raw).join(" ");
}

/**
 * A coin the question names that is not among the known coins: `$TICKER`, an upper-case ticker,
 * a capitalised word mid-sentence ("price of Pepe"), the word after "price of"/"stats for", or
 * the words before "price"/"market cap" ("pyth network price").
 * Null when nothing looks like a coin; the tool's own search then decides ("No results found",
 * docs/product.md#max-tools).
 */
export function unknownCoin(question: string): string | null {
  const words = splitWords(question);
  const dollar = words.find((w) => w.dollar && candidate(w));
  if (dollar) return dollar.raw;
  const ticker = words.find((w) => candidate(w) && isUpperCase(w.raw) && w.raw.length <= 10);
  if (ticker) return ticker.raw;
  const name = capitalisedName(words);
  if (name !== null) return name;
  const folded = fold(question);
  const after = AFTER_COIN_WORD.exec(folded)?.[1];
  if (after && isCandidate(after)) return after;
  return namedBefore(BEFORE_COIN_WORD.exec(folded)?.[1]);
}

function isCandidate(word: string): boolean {
  return candidate({ raw: word, lower: word, dollar: false, sentenceStart: false });
}

/**
 * The coin the words before "price" name ("pyth network" of "pyth network price"): the words from
 * the first that could be a coin, or null when none could.
 */
function namedBefore(phrase: string | undefined): string | null {
  const words = phrase?.split(/\s+/) ?? [];
  const first = words.findIndex(isCandidate);
  return first >= 0 ? words.slice(first).join(" ") : null;
}
