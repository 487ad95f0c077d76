// Coins in a question: known coins by name, ticker, id, alias or misspelling, and masking them out.
import { distance } from "fastest-levenshtein";
import { fold } from "../../assistant.prompt.ts";
import type { KnownCoin } from "./decision.ts";
import { NOT_TICKERS, VOCABULARY } from "./vocabulary.ts";
import { type Word, splitWords, writtenAsCoin } from "./words.ts";

/** A coin found in a question: `query` is what the tools get (a known coin's id, or the word). */
export interface CoinMention {
  query: string;
  coin: KnownCoin;
  /** How the question wrote it, as lower-case words (each time it was named). */
  phrases: string[][];
}

/** Recognises coins in text; built once per known-coins list. */
export interface CoinMatcher {
  /** Known coins mentioned in `text`, in order of appearance, without repeats. */
  find(text: string): CoinMention[];
  /** The known coin with this id, or null. */
  byId(id: string): KnownCoin | null;
}

type PhraseKind = "name" | "id" | "alias" | "symbol";

interface PhraseEntry {
  coin: KnownCoin;
  kind: PhraseKind;
}

/** The phrases that name a coin, built once per known-coins list. */
interface PhraseIndex {
  phrases: Map<string, PhraseEntry>;
  /** Words in the longest phrase. */
  longest: number;
  /** Names, ids and aliases of 4+ characters, which a misspelling may match. */
  fuzzyTargets: Array<[string, PhraseEntry]>;
}

/** A phrase found at a word position: its entry and how many words it spans. */
interface PhraseMatch {
  entry: PhraseEntry;
  length: number;
}

/** Common names and nicknames, applied only when the id is among the known coins. */
const ALIASES: Readonly<Record<string, string>> = {
  ether: "ethereum",
  shiba: "shiba-inu",
  "binance coin": "binancecoin",
  avalanche: "avalanche-2",
  polygon: "matic-network",
  toncoin: "the-open-network",
  elrond: "elrond-erd-2",
  multiversx: "elrond-erd-2",
  "bitcoin satoshi vision": "bitcoin-cash-sv",
  xrp: "ripple",
};

/** Words that make the word before them a coin ("link price", "dot chart"). */
const COIN_NOUNS: ReadonlySet<string> = new Set(
  "price prices chart stats token coin ohlc candles marketcap mcap volume supply".split(" "),
);
/** Verbs of a price move: "did stellar pump", "has near dropped" name a coin. */
const MOVE_VERBS: ReadonlySet<string> = new Set(
  (
    "pump pumped pumping dump dumped moon mooned rally rallied crash crashed rise rose risen " +
    "drop dropped fall fell tank tanked surge surged dip dipped"
  ).split(" "),
);
/** Words that join coins in a comparison: "aave or compound", "near vs flow". */
const JOINERS: ReadonlySet<string> = new Set(["or", "vs", "versus", "and", "against"]);

/**
 * True when a word that is also an English word stands as a coin: written as one (writtenAsCoin),
 * followed by a COIN_NOUNS word or a price-move verb, or joined by "or"/"vs"/"and" to the word
 * before in a question that names a market figure.
 */
function standsAsCoin(words: Word[], at: number): boolean {
  const word = words[at];
  if (!word) return false;
  const next = words[at + 1]?.lower ?? "";
  if (writtenAsCoin(word) || COIN_NOUNS.has(next) || MOVE_VERBS.has(next)) return true;
  return JOINERS.has(words[at - 1]?.lower ?? "") && words.some((w) => COIN_NOUNS.has(w.lower));
}

function phraseOf(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}.-]+/gu, " ")
    .trim();
}

/** Edits a misspelt word of this length may differ by ("solanna" 1, "etherium" 1). */
function fuzzyAllowance(length: number): number {
  if (length < 5) return 0;
  if (length < 7) return 1;
  if (length < 12) return 2;
  return 3;
}

/** The phrase index and the coins by id; on a clash the earlier coin and kind win. */
function indexPhrases(coins: ReadonlyArray<KnownCoin>) {
  const phrases = new Map<string, PhraseEntry>();
  const ids = new Map<string, KnownCoin>();
  const add = (phrase: string, coin: KnownCoin, kind: PhraseKind) => {
    if (phrase !== "" && !phrases.has(phrase)) phrases.set(phrase, { coin, kind });
  };
  for (const coin of coins) if (!ids.has(coin.id)) ids.set(coin.id, coin);
  for (const coin of coins) add(phraseOf(coin.name), coin, "name");
  for (const coin of coins) add(coin.id, coin, "id");
  for (const [alias, id] of Object.entries(ALIASES)) {
    const coin = ids.get(id);
    if (coin) add(alias, coin, "alias");
  }
  for (const coin of coins) add(coin.symbol.toLowerCase(), coin, "symbol");
  const longest = Math.max(1, ...[...phrases.keys()].map((p) => p.split(" ").length));
  const fuzzyTargets = [...phrases.entries()].filter(([phrase, e]) => {
    return e.kind !== "symbol" && phrase.length >= 4;
  });
  const index: PhraseIndex = { phrases, longest, fuzzyTargets };
  return { index, ids };
}

/**
 * The longest exact phrase at `at`. A single word that is also an English word, or a ticker of
 * fewer than 3 letters, counts only when it stands as a coin (standsAsCoin); an
 * abbreviation that is no ticker ("NFT", "DAO") only when written with `$`.
 */
function exactMatch(index: PhraseIndex, words: Word[], at: number): PhraseMatch | null {
  for (let n = Math.min(index.longest, words.length - at); n >= 1; n--) {
    const slice = words.slice(at, at + n);
    const entry = index.phrases.get(slice.map((w) => w.lower).join(" "));
    if (!entry) continue;
    const [word] = slice;
    if (n === 1 && word) {
      const asCoin = standsAsCoin(words, at);
      if (VOCABULARY.has(word.lower) && !asCoin) continue;
      if (entry.kind === "symbol" && word.lower.length < 3 && !asCoin) continue;
      if (entry.kind === "symbol" && NOT_TICKERS.has(word.lower) && !word.dollar) continue;
    }
    return { entry, length: n };
  }
  return null;
}

/**
 * The closest name, id or alias to the one or two words at `at` (two first), within
 * fuzzyAllowance edits (Levenshtein distance) and with the same first letter; ordinary words and
 * words with digits never match.
 */
function fuzzyMatch(index: PhraseIndex, words: Word[], at: number): PhraseMatch | null {
  let best: (PhraseMatch & { edits: number }) | null = null;
  for (let n = Math.min(2, words.length - at); n >= 1; n--) {
    const slice = words.slice(at, at + n);
    if (slice.some((w) => VOCABULARY.has(w.lower) || /\d/.test(w.lower))) continue;
    const phrase = slice.map((w) => w.lower).join(" ");
    const allowance = fuzzyAllowance(phrase.length);
    if (allowance === 0) continue;
    for (const [target, entry] of index.fuzzyTargets) {
      if (target[0] !== phrase[0] || Math.abs(target.length - phrase.length) > allowance) continue;
      const edits = distance(phrase, target);
      if (edits <= allowance && (!best || edits < best.edits)) best = { entry, length: n, edits };
    }
    if (best) return best;
  }
  return best;
}

/** The coins named in `text`, left to right, each once with every phrase that named it. */
function findMentions(index: PhraseIndex, text: string): CoinMention[] {
  const words = splitWords(text);
  const found: CoinMention[] = [];
  for (let at = 0; at < words.length;) {
    const match = exactMatch(index, words, at) ?? fuzzyMatch(index, words, at);
    if (!match) {
      at += 1;
      continue;
    }
    const { coin } = match.entry;
    const phrase = words.slice(at, at + match.length).map((w) => w.lower);
    const seen = found.find((m) => m.coin.id === coin.id);
    if (seen) seen.phrases.push(phrase);
    else found.push({ query: coin.id, coin, phrases: [phrase] });
    at += match.length;
  }
  return found;
}

/**
 * A matcher over `coins` (best ranked first: on a clash of names or tickers the earlier coin wins).
 * Exact names, ids, aliases and tickers match first, longest phrase first ("Bitcoin Cash" before
 * "Bitcoin"); otherwise a word or two of at least 5 letters matches the closest name or id within
 * fuzzyAllowance edits (Levenshtein distance, same first letter). Tickers and names that are also
 * English words must be written as coins (see writtenAsCoin).
 */
export function createCoinMatcher(coins: ReadonlyArray<KnownCoin>): CoinMatcher {
  const { index, ids } = indexPhrases(coins);
  return {
    byId: (id) => ids.get(id) ?? null,
    find: (text) => findMentions(index, text),
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Stands in for a coin's name: a word no intent pattern contains. */
export const MASK = "xcoinx";

/**
 * The folded question with each coin mention replaced by MASK, so a coin's name never reads as
 * an intent ("The Graph" is not a chart, "Wrapped Bitcoin" not a topic).
 */
export function maskMentions(text: string, mentions: CoinMention[]): string {
  let masked = text;
  for (const mention of mentions) {
    for (const phrase of mention.phrases) {
      const pattern = phrase.map(escapeRegExp).join("[^\\p{L}\\p{N}]+");
      masked = masked.replace(
        new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, "u"),
        MASK,
      );
    }
  }
  return masked;
}
