// The gazetteer's matching (coin-gazetteer.service.ts): every run of words of a text that its
// index knows, longest first, left to right, with the variants of a coin ("stETH", "wrapped
// bitcoin") and, for questions, misspelt names; what counts as a coin is the readings' to say.
import { isEnglishWord, type Token, tokenize } from "../../text/words.ts";
import {
  type Entry,
  type GazetteerCoin,
  hyphenedWords,
  MAX_WORDS,
} from "./coin-gazetteer-index.ts";

/** A coin the message names. */
export interface CoinMention {
  /** The coin read (the best ranked when several fit). */
  coin: GazetteerCoin;
  /** Other coins the same words name (a shared ticker, a former name): said, not guessed. */
  others: GazetteerCoin[];
  /**
   * The words as written when they name a staked, wrapped or bridged variant of `coin` ("stETH",
   * "wrapped bitcoin"): a different asset, never answered with the base coin's figures.
   */
  variant: string | null;
  /** Token positions [start, end) in the message. */
  start: number;
  end: number;
  /** The words as written. */
  text: string;
}

/** A mention as found, before evidence: with the index key and entry its words matched. */
export type Match = CoinMention & { key: string; entry: Entry };

/** Words before a coin that make it another asset ("staked ETH", "wrapped bitcoin"). */
const VARIANT_WORDS = new Set(["staked", "wrapped", "bridged", "restaked", "liquid", "pegged"]);
/** Ticker prefixes of derivative tokens: stETH, wstETH, rETH, cbETH, wBTC, WETH, mETH, ezETH. */
const VARIANT_PREFIXES = ["wst", "st", "cb", "ez", "w", "r", "m", "s"];
/**
 * The matcher over `index`: `scan(text, fuzzy)` gives the words of `text` and every match, fuzzy
 * ones (`misspelt`) only when `fuzzy`.
 */
export function createScanner(
  index: Map<string, Entry>,
  misspelt: (word: string) => Entry | null,
): (text: string, fuzzy: boolean) => { tokens: Token[]; found: Match[] } {
  function scan(text: string, fuzzy: boolean): { tokens: Token[]; found: Match[] } {
    const tokens = tokenize(text);
    const hyphened = hyphenedWords(text, tokens);
    const found: Match[] = [];
    for (let i = 0; i < tokens.length;) {
      const match = matchAt(tokens, i, hyphened, fuzzy) ?? variantAt(tokens, i, hyphened, fuzzy);
      if (!match) {
        i += 1;
        continue;
      }
      found.push(match);
      i = match.end;
    }
    return { tokens, found };
  }

  /**
   * The longest gazetteer entry starting at token `i`, or (when `fuzzy`) a fuzzy match of one
   * word that is not part of a hyphenated compound (`hyphened`: the positions of those).
   */
  function matchAt(tokens: Token[], i: number, hyphened: Set<number>, fuzzy: boolean) {
    for (let n = Math.min(MAX_WORDS, tokens.length - i); n >= 1; n -= 1) {
      const words = tokens.slice(i, i + n);
      const key = words.map((t) => t.norm).join(" ");
      // A single letter is a coin only as "$S".
      if (key.length === 1 && !words[0]!.dollar) continue;
      // "bitcoins", "solanas": a name in the plural is the coin.
      const singular = !index.has(key) && key.endsWith("s") ? key.slice(0, -1) : key;
      const entry = index.get(singular);
      if (entry) return mention(tokens, i, i + n, singular, entry, null);
    }
    // Part of a hyphenated word ("proto-danksharding") is no misspelt coin.
    const entry = !fuzzy || hyphened.has(i) ? null : misspelt(tokens[i]!.norm);
    return entry && !entry.ticker ? mention(tokens, i, i + 1, tokens[i]!.norm, entry, null) : null;
  }

  /** "staked ETH", "wrapped bitcoin", "stETH", "wBTC": a variant of a known coin. */
  function variantAt(tokens: Token[], i: number, hyphened: Set<number>, fuzzy: boolean) {
    const word = tokens[i]!;
    if (VARIANT_WORDS.has(word.norm) && i + 1 < tokens.length) {
      const base = matchAt(tokens, i + 1, hyphened, fuzzy);
      if (base) return { ...base, start: i, variant: spanText(tokens, i, base.end) };
    }
    for (const prefix of VARIANT_PREFIXES) {
      const rest = word.norm.slice(prefix.length);
      const entry = word.norm.startsWith(prefix) && rest.length >= 3 ? index.get(rest) : undefined;
      if (entry?.ticker && !isEnglishWord(word.norm)) {
        return mention(tokens, i, i + 1, rest, entry, word.text);
      }
    }
    return null;
  }

  return scan;
}

/** The words of tokens [start, end) as written, one space apart. */
function spanText(tokens: Token[], start: number, end: number): string {
  return tokens
    .slice(start, end)
    .map((t) => t.text)
    .join(" ");
}

/** A match of tokens [start, end) to `entry` by `key`. */
function mention(
  tokens: Token[],
  start: number,
  end: number,
  key: string,
  entry: Entry,
  variant: string | null,
): Match {
  const [coin, ...others] = entry.coins;
  const text = spanText(tokens, start, end);
  return { coin: coin!, others, variant, start, end, text, key, entry };
}
