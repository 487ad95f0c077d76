// Coin names in text, one reader for the whole server: Max's reading of a question (eval class R4,
// docs/product/max.md#eval-classes, decision 013) and the coins an article names
// (docs/product/reader.md#article-coins, docs/product/markets.md#coin-page). A gazetteer of names,
// ids, tickers and former names (coin-gazetteer-index.ts): longest match first, staked / wrapped /
// bridged variants kept apart from their base coin, common English words read as coins only where
// the text shows they are, fuzzy matching (fuse.js) in questions only, and ambiguity kept.
import { isFunctionWord } from "../../text/stems.ts";
import { isEnglishWord, type Token, tokenize } from "../../text/words.ts";
import {
  buildIndex,
  fuzzyMatcher,
  type GazetteerCoin,
  JOINERS,
  partialNames,
  type Rebrand,
  rebrands,
} from "./coin-gazetteer-index.ts";
import { type ProseMention, proseMentions } from "./coin-gazetteer-prose.ts";
import { type CoinMention, createScanner } from "./coin-gazetteer-scan.ts";

export { GENERIC, type GazetteerCoin } from "./coin-gazetteer-index.ts";
export type { ProseMention } from "./coin-gazetteer-prose.ts";
export type { CoinMention } from "./coin-gazetteer-scan.ts";

/** Finds the coins a text names; built once per list of known coins. */
export interface Gazetteer {
  /** The coins a reader's message to Max names, in the order written (decision 013). */
  find(text: string): CoinMention[];
  /**
   * The coins a passage of an article names, in the order written, by the stricter reading of
   * prose (coin-gazetteer-prose.ts, docs/product/reader.md#article-coins): no misspellings, no
   * variants, and a common English word only where it is clearly the coin.
   */
  findInProse(text: string): ProseMention[];
  /** A known coin by id, ticker or exact name, or null. */
  lookup(word: string): GazetteerCoin | null;
}

/** Stems around an English word that show it is a coin here ("near price", "did stellar pump"). */
const MARKET_STEMS = new Set(
  "price chart cap mcap volum ath trade worth cost rank pump dump ralli crash moon stat perform buy sell hold short usd dollar market valu vs versus drop fall fell rose rise gain lost lose surg tank move suppli circul rank high highest low lowest peak compar".split(
    " ",
  ),
);

/** Whether a market word stands three words before tokens [start, end) or two after. */
function marketWordNear(tokens: Token[], start: number, end: number): boolean {
  const near = [...tokens.slice(Math.max(0, start - 3), start), ...tokens.slice(end, end + 2)];
  return near.some((t) => MARKET_STEMS.has(t.stem) || MARKET_STEMS.has(t.norm));
}

/** Words before a name that ask for the coin it named before a rebrand ("the old MATIC token"). */
const FORMER_WORDS = new Set(["old", "former", "previous", "legacy", "original"]);

/**
 * `m` with the other coin of its rebrand among `others` (rebrands); read as the older coin when a
 * FORMER_WORDS word comes just before it and its words name both.
 */
function withRebrand(tokens: Token[], m: CoinMention, pairs: Map<string, Rebrand>): CoinMention {
  const pair = pairs.get(m.coin.id);
  if (!pair || m.variant) return m;
  const { other, older } = pair;
  const asksOld = tokens
    .slice(Math.max(0, m.start - 3), m.start)
    .some((t) => FORMER_WORDS.has(t.norm));
  const coin = asksOld && m.others.some((o) => o.id === older.id) ? older : m.coin;
  const others = [m.coin, ...m.others, other].filter(
    (c, i, all) => c.id !== coin.id && all.findIndex((d) => d.id === c.id) === i,
  );
  return { ...m, coin, others: others.slice(0, MAX_OTHERS) };
}

/**
 * `m` read as the other coin its words fit when an earlier mention already is its coin ("compare
 * POL and MATIC": MATIC fits POL's former name and the old Polygon token; the second is meant).
 */
function distinct(m: CoinMention, earlier: CoinMention[]): CoinMention {
  if (!earlier.some((e) => e.coin.id === m.coin.id)) return m;
  const other = m.others.find((o) => !earlier.some((e) => e.coin.id === o.id));
  return other
    ? { ...m, coin: other, others: [m.coin, ...m.others.filter((o) => o !== other)] }
    : m;
}

/** The gazetteer over `coins` (best ranked first: that order breaks ties). */
export function createGazetteer(coins: ReadonlyArray<GazetteerCoin>): Gazetteer {
  const index = buildIndex(coins);
  const partials = partialNames(coins);
  const pairs = rebrands(coins);
  const scan = createScanner(index, fuzzyMatcher(index));

  function find(text: string): CoinMention[] {
    const { tokens, found } = scan(text, true);
    const read = accepted(tokens, found).map((m) =>
      withPartials(withRebrand(tokens, m, pairs), partials),
    );
    // "the old MATIC token (before the POL switch)": the rebrand's other name is no second coin.
    return read
      .filter((m, i) => !read.slice(0, i).some((e) => pairs.get(e.coin.id)?.other.id === m.coin.id))
      .map((m, i, all) => distinct(m, all.slice(0, i)));
  }

  return {
    find,
    findInProse(text) {
      const { tokens, found } = scan(text, false);
      return proseMentions(text, tokens, found);
    },
    lookup(word) {
      const key = tokenize(word.replace(/-/g, " "))
        .map((t) => t.norm)
        .join(" ");
      return coins.find((c) => c.id === word) ?? index.get(key)?.coins[0] ?? null;
    },
  };
}

/** At most this many other coins are named beside the one a mention was read as. */
const MAX_OTHERS = 3;

/** `m` with the other coins its one word is part of the name of (partialNames). */
function withPartials(m: CoinMention, partials: Map<string, GazetteerCoin[]>): CoinMention {
  // A coin's own full name is no one else's ("Solana" is Solana).
  if (m.variant || m.text.includes(" ") || m.text.toLowerCase() === m.coin.name.toLowerCase()) {
    return m;
  }
  const more = (partials.get(m.text.toLowerCase()) ?? []).filter(
    (c) => c.id !== m.coin.id && !m.others.some((o) => o.id === c.id),
  );
  return more.length > 0 ? { ...m, others: [...m.others, ...more].slice(0, MAX_OTHERS) } : m;
}

/**
 * Whether a mention made of ordinary words is a coin here: written as a name or ticker (capital
 * letters past the first word, all capitals, "$"), beside a market word ("near price", "did
 * stellar pump"), joined to another coin ("aave or near"), or the whole message ("link?").
 */
function evidenced(tokens: Token[], m: CoinMention, others: CoinMention[]): boolean {
  const words = tokens.slice(m.start, m.end);
  const plain = words.every((t) => isEnglishWord(t.norm) || isFunctionWord(t.norm));
  if (!plain || words.some((t) => t.dollar)) return true;
  if (words.every((t) => isFunctionWord(t.norm))) return false;
  // "Pi Network", "Near Protocol": a name of several words, each capitalised, is written as a name.
  const capitalised = (t: Token) => t.text[0] !== t.text[0]?.toLowerCase();
  if (words.length >= 2 && words.every(capitalised)) return true;
  const written = words.map((t) => t.text).join("");
  if (written.length >= 2 && written === written.toUpperCase() && /\p{L}/u.test(written)) {
    return true;
  }
  if (m.start > 0 && /^\p{Lu}/u.test(words[0]!.text)) return true;
  if (tokens.length === words.length) return true;
  // Three words back ("compare that with avalanche"), two on.
  if (marketWordNear(tokens, m.start, m.end)) return true;
  const joinedBefore = JOINERS.has(tokens[m.start - 1]?.norm ?? "");
  const joinedAfter = JOINERS.has(tokens[m.end]?.norm ?? "");
  return others.some(
    (o) =>
      o !== m &&
      ((joinedBefore && o.end === m.start - 1) || (joinedAfter && o.start === m.end + 1)),
  );
}

/**
 * The mentions that stand as coins: ordinary words only with evidence (`evidenced`), and a coin
 * after "on" following another coin ("USDC on Arbitrum") read as where the first one is, not as a
 * second coin.
 */
function accepted(tokens: Token[], found: CoinMention[]): CoinMention[] {
  const kept = found.filter((m) => evidenced(tokens, m, found));
  return kept
    .filter((m, i) => {
      const before = tokens[m.start - 1]?.norm;
      return !(i > 0 && before === "on" && kept[i - 1]!.end === m.start - 1);
    })
    .map(({ coin, others, variant, start, end, text }) => ({
      coin,
      others,
      variant,
      start,
      end,
      text,
    }));
}
