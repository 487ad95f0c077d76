// Coins in a message from a gazetteer of names, ids, tickers and former names (eval class R4,
// docs/product/max.md#eval-classes, decision 013): longest match first, staked / wrapped / bridged
// variants kept apart from their base coin, common English words read as coins only where the
// message shows they are, fuzzy matching (fuse.js) only for words that are neither English nor
// function words, and ambiguity kept.
import { distance } from "fastest-levenshtein";
import Fuse from "fuse.js";
import type { KnownCoin } from "../decision.ts";
import { isFunctionWord } from "../../../../text/stems.ts";
import { GENERIC } from "./unknown-coin.ts";
import { type Token, isEnglishWord, tokenize } from "./words.ts";

/** A coin the message names. */
export interface CoinMention {
  /** The coin read (the best ranked when several fit). */
  coin: KnownCoin;
  /** Other coins the same words name (a shared ticker, a former name): said, not guessed. */
  others: KnownCoin[];
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

/** Words before a coin that make it another asset ("staked ETH", "wrapped bitcoin"). */
const VARIANT_WORDS = new Set(["staked", "wrapped", "bridged", "restaked", "liquid", "pegged"]);
/** Ticker prefixes of derivative tokens: stETH, wstETH, rETH, cbETH, wBTC, WETH, mETH, ezETH. */
const VARIANT_PREFIXES = ["wst", "st", "cb", "ez", "w", "r", "m", "s"];
/** Stems around an English word that show it is a coin here ("near price", "did stellar pump"). */
const MARKET_STEMS = new Set(
  "price chart cap mcap volum ath trade worth cost rank pump dump ralli crash moon stat perform buy sell hold short usd dollar market valu vs versus drop fall fell rose rise gain lost lose surg tank move suppli circul rank high highest low lowest peak compar".split(
    " ",
  ),
);
/** Words joining coins in a list or a comparison. */
const JOINERS = new Set(["vs", "versus", "or", "and", "against", "with"]);
/** What readers call a coin besides its name, ticker and id ("ether" is Ethereum's currency). */
const ALIASES: Readonly<Record<string, string>> = {
  ether: "ethereum",
  xbt: "bitcoin",
  binance: "binancecoin",
  matic: "matic-network",
  avax: "avalanche-2",
  shib: "shiba-inu",
};
/** A coin name's longest run of words the gazetteer indexes. */
const MAX_WORDS = 4;

interface Entry {
  coins: KnownCoin[];
  /** Indexed from a ticker (not a name): a lower-case English word needs more evidence. */
  ticker: boolean;
}

/** The words a coin is known by: its name (and a former name in brackets), its id, its ticker. */
function namesOf(coin: KnownCoin): Array<{ key: string; ticker: boolean }> {
  const out = [{ key: coin.symbol, ticker: true }];
  const [name = coin.name, former] = coin.name.split(/\s*\((?:prev\.?|ex-|formerly)\s*/i);
  out.push({ key: name.replace(/\s*\(.*\)$/, ""), ticker: false });
  if (former) out.push({ key: former.replace(/\)$/, ""), ticker: true });
  if (!/\d/.test(coin.id)) out.push({ key: coin.id.replace(/-/g, " "), ticker: false });
  return out.map(({ key, ticker }) => ({
    key: tokenize(key)
      .map((t) => t.norm)
      .join(" "),
    ticker,
  }));
}

/** Finds the coins a message names; built once per list of known coins. */
export interface Gazetteer {
  /** The coins `text` names, in the order written. */
  find(text: string): CoinMention[];
  /** A known coin by id, ticker or exact name, or null. */
  lookup(word: string): KnownCoin | null;
}

/**
 * The gazetteer's index: each coin by its names, ticker, id and former name, the aliases, and a
 * many-word name's first word when nothing else is known by it ("shiba" -> Shiba Inu) and it is
 * neither English nor a word of the field ("blockchain" is no Blockchain Capital).
 */
function buildIndex(coins: ReadonlyArray<KnownCoin>): Map<string, Entry> {
  const index = new Map<string, Entry>();
  const add = (key: string, coin: KnownCoin, ticker: boolean) => {
    if (!key) return;
    const entry = index.get(key) ?? { coins: [], ticker };
    if (!entry.coins.some((c) => c.id === coin.id)) entry.coins.push(coin);
    entry.ticker &&= ticker;
    index.set(key, entry);
  };
  for (const coin of coins) for (const { key, ticker } of namesOf(coin)) add(key, coin, ticker);
  for (const [alias, id] of Object.entries(ALIASES)) {
    const coin = coins.find((c) => c.id === id);
    if (coin) add(alias, coin, false);
  }
  // A many-word name is also known by its first word when nothing else is ("shiba" -> Shiba Inu).
  for (const coin of coins) {
    const first = namesOf(coin)[1]?.key.split(" ") ?? [];
    const head = first[0];
    const plain = (w: string) => isEnglishWord(w) || GENERIC.has(w);
    if (first.length > 1 && head && head.length >= 4 && !index.has(head) && !plain(head)) {
      add(head, coin, false);
    }
  }
  return index;
}

/**
 * The entry a misspelt word is closest to (fuse.js), kept only within one edit (two from nine
 * letters: "etherium", "polkadott") and with the same first letter, so a longer word that holds a
 * coin's name ("memecoin") is not that coin; never an English word, even in the plural ("starks").
 */
function fuzzyMatcher(index: Map<string, Entry>): (word: string) => Entry | null {
  const fuzzyKeys = [...index.keys()].filter((k) => !k.includes(" ") && k.length >= 5);
  const fuse = new Fuse(fuzzyKeys, { includeScore: true, threshold: 0.25 });
  return (word) => {
    if (word.length < 5 || isEnglishWord(word) || isFunctionWord(word)) return null;
    if (word.endsWith("s") && isEnglishWord(word.slice(0, -1))) return null;
    const edits = word.length >= 9 ? 2 : 1;
    const hit = fuse
      .search(word)
      .find((r) => r.item[0] === word[0] && distance(r.item, word) <= edits);
    return hit ? (index.get(hit.item) ?? null) : null;
  };
}

/** One side of a rebrand: the other coin, and which of the two is the older. */
interface Rebrand {
  other: KnownCoin;
  older: KnownCoin;
}

/**
 * Rebrands in the data: each coin whose name gives a former one ("POL (ex-MATIC)", read by
 * `namesOf`) paired both ways with the coin that name or ticker still names ("Polygon", MATIC), so
 * a mention of either says the other fits too (eval class R4: a coin's former name).
 */
function rebrands(coins: ReadonlyArray<KnownCoin>): Map<string, Rebrand> {
  const pairs = new Map<string, Rebrand>();
  for (const coin of coins) {
    const former = namesOf(coin)[2];
    if (!former?.ticker) continue;
    const old = coins.find(
      (c) => c.id !== coin.id && (c.symbol === former.key || namesOf(c)[1]?.key === former.key),
    );
    if (!old) continue;
    pairs.set(old.id, { other: coin, older: old });
    pairs.set(coin.id, { other: old, older: old });
  }
  return pairs;
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
export function createGazetteer(coins: ReadonlyArray<KnownCoin>): Gazetteer {
  const index = buildIndex(coins);
  const partials = partialNames(coins);
  const pairs = rebrands(coins);
  const fuzzy = fuzzyMatcher(index);

  function find(text: string): CoinMention[] {
    const tokens = tokenize(text);
    const hyphened = hyphenedWords(text, tokens);
    const mentions: CoinMention[] = [];
    for (let i = 0; i < tokens.length;) {
      const found = matchAt(tokens, i, hyphened) ?? variantAt(tokens, i, hyphened);
      if (!found) {
        i += 1;
        continue;
      }
      mentions.push(found);
      i = found.end;
    }
    const read = accepted(tokens, mentions).map((m) =>
      withPartials(withRebrand(tokens, m, pairs), partials),
    );
    // "the old MATIC token (before the POL switch)": the rebrand's other name is no second coin.
    return read
      .filter((m, i) => !read.slice(0, i).some((e) => pairs.get(e.coin.id)?.other.id === m.coin.id))
      .map((m, i, all) => distinct(m, all.slice(0, i)));
  }

  /**
   * The longest gazetteer entry starting at token `i`, or a fuzzy match of one word that is not
   * part of a hyphenated compound (`hyphened`: the positions of those).
   */
  function matchAt(tokens: Token[], i: number, hyphened: Set<number>): CoinMention | null {
    for (let n = Math.min(MAX_WORDS, tokens.length - i); n >= 1; n -= 1) {
      const words = tokens.slice(i, i + n);
      const key = words.map((t) => t.norm).join(" ");
      // A single letter is a coin only as "$S".
      if (key.length === 1 && !words[0]!.dollar) continue;
      // "bitcoins", "solanas": a name in the plural is the coin.
      const entry = index.get(key) ?? (key.endsWith("s") ? index.get(key.slice(0, -1)) : undefined);
      if (entry) return mention(tokens, i, i + n, entry, null);
    }
    // Part of a hyphenated word ("proto-danksharding") is no misspelt coin.
    const entry = hyphened.has(i) ? null : fuzzy(tokens[i]!.norm);
    return entry && !entry.ticker ? mention(tokens, i, i + 1, entry, null) : null;
  }

  /** "staked ETH", "wrapped bitcoin", "stETH", "wBTC": a variant of a known coin. */
  function variantAt(tokens: Token[], i: number, hyphened: Set<number>): CoinMention | null {
    const word = tokens[i]!;
    if (VARIANT_WORDS.has(word.norm) && i + 1 < tokens.length) {
      const base = matchAt(tokens, i + 1, hyphened);
      if (base) return { ...base, start: i, variant: spanText(tokens, i, base.end) };
    }
    for (const prefix of VARIANT_PREFIXES) {
      const rest = word.norm.slice(prefix.length);
      const entry = word.norm.startsWith(prefix) && rest.length >= 3 ? index.get(rest) : undefined;
      if (entry?.ticker && !isEnglishWord(word.norm)) {
        return mention(tokens, i, i + 1, entry, word.text);
      }
    }
    return null;
  }

  return {
    find,
    lookup(word) {
      const key = tokenize(word.replace(/-/g, " "))
        .map((t) => t.norm)
        .join(" ");
      return coins.find((c) => c.id === word) ?? index.get(key)?.coins[0] ?? null;
    },
  };
}

/** Positions of the words of `text` joined to another by a hyphen ("proto-danksharding"). */
function hyphenedWords(text: string, tokens: Token[]): Set<number> {
  return new Set(
    tokens.flatMap((t, i) =>
      text[t.at - 1] === "-" || text[t.at + t.text.length] === "-" ? [i] : [],
    ),
  );
}

/**
 * The coins each uncommon word of a many-word name or id belongs to ("luna": Terra Luna Classic;
 * "polygon": the Polygon Ecosystem Token), so a mention by that word says which others it fits.
 */
function partialNames(coins: ReadonlyArray<KnownCoin>): Map<string, KnownCoin[]> {
  const partials = new Map<string, KnownCoin[]>();
  for (const coin of coins) {
    // Names only: ids carry chains and suffixes ("jupiter-exchange-solana").
    const name = namesOf(coin)[1]?.key ?? "";
    if (!name.includes(" ")) continue;
    for (const word of new Set(name.split(" "))) {
      if (word.length < 4 || isEnglishWord(word) || isFunctionWord(word)) continue;
      partials.set(word, [...(partials.get(word) ?? []), coin]);
    }
  }
  return partials;
}

/** At most this many other coins are named beside the one a mention was read as. */
const MAX_OTHERS = 3;

/** `m` with the other coins its one word is part of the name of (partialNames). */
function withPartials(m: CoinMention, partials: Map<string, KnownCoin[]>): CoinMention {
  // A coin's own full name is no one else's ("Solana" is Solana).
  if (m.variant || m.text.includes(" ") || m.text.toLowerCase() === m.coin.name.toLowerCase()) {
    return m;
  }
  const more = (partials.get(m.text.toLowerCase()) ?? []).filter(
    (c) => c.id !== m.coin.id && !m.others.some((o) => o.id === c.id),
  );
  return more.length > 0 ? { ...m, others: [...m.others, ...more].slice(0, MAX_OTHERS) } : m;
}

function spanText(tokens: Token[], start: number, end: number): string {
  return tokens
    .slice(start, end)
    .map((t) => t.text)
    .join(" ");
}

function mention(
  tokens: Token[],
  start: number,
  end: number,
  entry: Entry,
  variant: string | null,
): CoinMention {
  const [coin, ...others] = entry.coins;
  return { coin: coin!, others, variant, start, end, text: spanText(tokens, start, end) };
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
  const near = [
    ...tokens.slice(Math.max(0, m.start - 3), m.start),
    ...tokens.slice(m.end, m.end + 2),
  ];
  if (near.some((t) => MARKET_STEMS.has(t.stem) || MARKET_STEMS.has(t.norm))) return true;
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
