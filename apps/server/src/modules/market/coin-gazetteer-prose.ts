// How an article names a coin (docs/product/reader.md#article-coins): the gazetteer's matches read
// more strictly than a reader's question to Max, because an article is long, edited prose where
// "near", "flow" or "link" are mostly words and a capital letter often only starts a sentence.
import { isFunctionWord, stem } from "../../text/stems.ts";
import { isEnglishWord, type Token } from "../../text/words.ts";
import { GENERIC, type GazetteerCoin, JOINERS } from "./coin-gazetteer-index.ts";
import type { Match } from "./coin-gazetteer-scan.ts";

/** A coin a passage of an article names, where it stands. */
export interface ProseMention {
  coin: GazetteerCoin;
  /** The words as written ("$NEAR", "NEAR Protocol", "Solana"). */
  text: string;
  /** Offsets [from, to) of `text` in the passage, in UTF-16 code units; `from` includes a "$". */
  from: number;
  to: number;
}

/** A match of the gazetteer's index (its scanner's), as the prose reading weighs it. */
type ProseMatch = Match;

/** Words beside a name that show it names a chain or its coin ("the Flow network"), as stems. */
const CHAIN_STEMS = new Set(
  "blockchain chain network mainnet testnet token coin ecosystem protocol validator bridge"
    .split(" ")
    .map(stem),
);

/**
 * Words beside a ticker or a name that show it is traded, as stems: the market, its figures and
 * its trades (narrower than a question's market words: "drop", "move" or "high" are prose too).
 */
const MARKET_STEMS = new Set(
  "price chart cap mcap volume ath trade worth usd dollar market value valuation rally crash pump dump buy sell surge"
    .split(" ")
    .map(stem),
);

/**
 * Keys that in writing name something else than the coin: Binance is the exchange (its coin is
 * BNB), BitTorrent the file-sharing protocol (its token is BTT).
 */
const ELSEWHERE = new Set(["binance", "bittorrent"]);

/**
 * Coins ranked this high by market cap are known by their name or ticker alone; for the others a
 * name or ticker is as often something else (NAT, AMP, Nano), so it needs the context a word does.
 */
const WELL_KNOWN_RANK = 100;

const capitalised = (t: Token) => /^\p{Lu}/u.test(t.text);

/** Whether only white space stands between two words (no "NEAR. Protocol", no "NEAR, Protocol"). */
const spaced = (text: string, a: Token, b: Token) =>
  /^\s+$/.test(text.slice(a.at + a.text.length, b.at));

/** Whether only white space stands between the words of a match. */
const spacedOnly = (text: string, words: Token[]) =>
  words.every((t, i) => i === 0 || spaced(text, words[i - 1]!, t));

/** Whether the word at `at` starts a sentence, a passage or a bracketed phrase. */
function atSentenceStart(text: string, at: number): boolean {
  const before = text.slice(0, at).trimEnd();
  return before === "" || /[.!?:;·|("“'‘]$/.test(before);
}

/** A number written as dollars or a percentage three words before or two after ("LINK at $14"). */
function figureNear(text: string, tokens: Token[], m: ProseMatch): boolean {
  const near = [
    ...tokens.slice(Math.max(0, m.start - 3), m.start),
    ...tokens.slice(m.end, m.end + 2),
  ];
  return near.some((t) => /^\d/.test(t.text) && (t.dollar || text[t.at + t.text.length] === "%"));
}

/**
 * Whether the words sit in a run of capitalised words ("Cash Flow Statement", "Polygon PoS"): a
 * capitalised word that is not a coin joined to them by a space only, so the capital letter says
 * nothing about the coin.
 */
function titleCased(text: string, tokens: Token[], m: ProseMatch, found: ProseMatch[]): boolean {
  const inMatch = (i: number) => found.some((o) => o.start <= i && i < o.end);
  const prev = tokens[m.start - 1];
  const next = tokens[m.end];
  const word = (t: Token | undefined, i: number) =>
    t !== undefined && capitalised(t) && !isFunctionWord(t.norm) && !inMatch(i);
  return (
    (word(prev, m.start - 1) && spaced(text, prev!, tokens[m.start]!)) ||
    (word(next, m.end) && spaced(text, tokens[m.end - 1]!, next!))
  );
}

/** Whether `m` stands in a list or comparison with one of `others` ("ETH, LINK", "Solana or Flow"). */
function joined(tokens: Token[], m: ProseMatch, others: ProseMatch[]): boolean {
  const before = JOINERS.has(tokens[m.start - 1]?.norm ?? "") ? m.start - 1 : m.start;
  const after = JOINERS.has(tokens[m.end]?.norm ?? "") ? m.end + 1 : m.end;
  return others.some((o) => o !== m && (o.end === before || o.start === after));
}

/** Whether the words of `m` are ones a coin can never be in an article (see evidenceOf). */
function ruledOut(text: string, tokens: Token[], m: ProseMatch): boolean {
  const words = tokens.slice(m.start, m.end);
  const written = words.map((t) => t.norm).join(" ");
  const last = words[words.length - 1]!;
  const hyphened = text[words[0]!.at - 1] === "-" || text[last.at + last.text.length] === "-";
  return (
    m.variant !== null ||
    m.entry.head ||
    GENERIC.has(m.key) ||
    ELSEWHERE.has(m.key) ||
    // "US" is no plural of the ticker U, "DEXes" none of DeXe: only a name of five letters or more.
    (written !== m.key && !(m.entry.named && m.key.length >= 5)) ||
    (hyphened && words.every((t) => isEnglishWord(t.norm))) ||
    !spacedOnly(text, words)
  );
}

/**
 * How strongly the words of `m` show the coin on their own: "yes" ($NEAR, Solana, ETH, NEAR
 * Protocol), "context" (a ticker or a name that is also a common word, in capitals or capitalised
 * mid-sentence; or a coin outside the WELL_KNOWN_RANK: the coin only beside the market, a figure,
 * a chain word or another coin), or "no" (a variant, a generic word, lower case, a sentence's
 * first word, a word inside a run of capitalised words such as a person's or a product's name).
 */
function evidenceOf(
  text: string,
  tokens: Token[],
  m: ProseMatch,
  found: ProseMatch[],
): "yes" | "context" | "no" {
  const words = tokens.slice(m.start, m.end);
  if (ruledOut(text, tokens, m)) return "no";
  if (words[0]!.dollar) return "yes";
  // "NOT", "JUST": a word of grammar is a coin only as "$NOT".
  if (words.every((t) => isFunctionWord(t.norm))) return "no";
  const letters = words.map((t) => t.text).join("");
  const caps = letters.length >= 2 && letters === letters.toUpperCase() && /\p{L}/u.test(letters);
  const plain = words.every((t) => isEnglishWord(t.norm) || isFunctionWord(t.norm));
  const known = (m.coin.rank ?? Infinity) <= WELL_KNOWN_RANK;
  const alone = (yes: boolean) => (yes && known ? "yes" : "context");
  if (!m.entry.named || m.entry.capsName) {
    // A ticker, an id or a name the data writes in capitals ("POL") is written in capitals.
    if (!caps) return "no";
    return alone(!plain && letters.length >= 3);
  }
  // "NEAR Protocol", "Pi Network": a name of several words, each capitalised.
  if (words.length >= 2 && words.every(capitalised)) return alone(true);
  // "bitcoin" in lower case; a short name only capitalised ("Sui", not "sui generis").
  if (!plain && !capitalised(words[0]!)) return letters.length > 3 ? alone(true) : "no";
  if (!capitalised(words[0]!)) return "no";
  if (plain && atSentenceStart(text, words[0]!.at)) return "no";
  if (titleCased(text, tokens, m, found)) return "no";
  return alone(!plain);
}

/**
 * Whether the context around `m` shows a coin: a market word three words before or two after, a
 * figure (figureNear), a chain word two words either side.
 */
function inContext(text: string, tokens: Token[], m: ProseMatch): boolean {
  const around = (back: number) => [
    ...tokens.slice(Math.max(0, m.start - back), m.start),
    ...tokens.slice(m.end, m.end + 2),
  ];
  if (around(3).some((t) => MARKET_STEMS.has(t.stem)) || figureNear(text, tokens, m)) return true;
  return around(2).some((t) => CHAIN_STEMS.has(t.stem));
}

/**
 * The matches of a passage that clearly name a coin, as ProseMentions in the order written: the
 * evidence of each (evidenceOf), and for "context" ones the market, a figure or a chain word
 * nearby, or a list with a coin named clearly ("ETH, SOL and LINK").
 */
export function proseMentions(text: string, tokens: Token[], found: ProseMatch[]): ProseMention[] {
  const evidence = found.map((m) => evidenceOf(text, tokens, m, found));
  const clear = found.filter((_, i) => evidence[i] === "yes");
  return found
    .filter(
      (m, i) =>
        evidence[i] === "yes" ||
        (evidence[i] === "context" && (inContext(text, tokens, m) || joined(tokens, m, clear))),
    )
    .map((m) => {
      const first = tokens[m.start]!;
      const last = tokens[m.end - 1]!;
      const from = text[first.at - 1] === "$" ? first.at - 1 : first.at;
      const to = last.at + last.text.length;
      return { coin: m.coin, text: text.slice(from, to), from, to };
    });
}
