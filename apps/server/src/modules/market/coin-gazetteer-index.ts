// The coin gazetteer's index (coin-gazetteer.service.ts): every coin by its name, ticker, id,
// former name and aliases, the rebrands and shared words between coins, and fuzzy matching of a
// misspelt name (eval class R4, docs/product/max.md#eval-classes).
import { distance } from "fastest-levenshtein";
import Fuse from "fuse.js";
import { isFunctionWord } from "../../text/stems.ts";
import { isEnglishWord, type Token, tokenize } from "../../text/words.ts";

/** A coin the gazetteer knows: its CoinGecko id, ticker and name. */
export interface GazetteerCoin {
  id: string;
  symbol: string;
  name: string;
  /** Its market-cap rank (null or absent: unranked); only the reading of prose uses it. */
  rank?: number | null;
}

/** Words of the field that name no coin ("crypto", "altcoins", "blockchain"). */
export const GENERIC = new Set([
  "crypto",
  "cryptos",
  "cryptocurrency",
  "cryptocurrencies",
  "altcoin",
  "altcoins",
  "memecoin",
  "memecoins",
  "stablecoin",
  "stablecoins",
  "defi",
  "nft",
  "nfts",
  "blockchain",
  "web3",
  "coingecko",
]);

/** What readers call a coin besides its name, ticker and id ("ether" is Ethereum's currency). */
export const ALIASES: Readonly<Record<string, string>> = {
  ether: "ethereum",
  xbt: "bitcoin",
  binance: "binancecoin",
  matic: "matic-network",
  avax: "avalanche-2",
  shib: "shiba-inu",
  cosmos: "cosmos",
};

/** A coin name's longest run of words the gazetteer indexes. */
export const MAX_WORDS = 4;

/** The coins one key of the index names. */
export interface Entry {
  coins: GazetteerCoin[];
  /** Indexed from a ticker (not a name): a lower-case English word needs more evidence. */
  ticker: boolean;
  /**
   * Some coin's name, an alias or a name's first word gives this key (not only its ticker, id
   * or former ticker): in an article, only such a key may be written in lower case ("bitcoin").
   */
  named: boolean;
  /** A name the data writes in capitals ("POL", "TRON"): in an article, a coin only so written. */
  capsName: boolean;
  /** Known only as the first word of a many-word name ("shiba", "blackrock"). */
  head: boolean;
}

/** How a key names a coin: its ticker, its name, a former name, its CoinGecko id. */
type KeyKind = "ticker" | "name" | "former" | "id";

/**
 * The words a coin is known by: its ticker, its name (and a former name in brackets), its id; a
 * former name is read as a ticker ("POL (ex-MATIC)").
 */
export function namesOf(
  coin: GazetteerCoin,
): Array<{ key: string; ticker: boolean; kind: KeyKind }> {
  const out: Array<{ key: string; kind: KeyKind }> = [{ key: coin.symbol, kind: "ticker" }];
  const [name = coin.name, former] = coin.name.split(/\s*\((?:prev\.?|ex-|formerly)\s*/i);
  out.push({ key: name.replace(/\s*\(.*\)$/, ""), kind: "name" });
  if (former) out.push({ key: former.replace(/\)$/, ""), kind: "former" });
  if (!/\d/.test(coin.id)) out.push({ key: coin.id.replace(/-/g, " "), kind: "id" });
  return out.map(({ key, kind }) => ({
    key: tokenize(key)
      .map((t) => t.norm)
      .join(" "),
    ticker: kind === "ticker" || kind === "former",
    kind,
  }));
}

/**
 * The gazetteer's index: each coin by its names, ticker, id and former name, the aliases, and a
 * many-word name's first word when nothing else is known by it ("shiba" -> Shiba Inu) and it is
 * neither English nor a word of the field ("blockchain" is no Blockchain Capital).
 */
export function buildIndex(coins: ReadonlyArray<GazetteerCoin>): Map<string, Entry> {
  const index = new Map<string, Entry>();
  const add = (key: string, coin: GazetteerCoin, ticker: boolean, named: boolean) => {
    if (!key) return;
    const entry = index.get(key) ?? { coins: [], ticker, named, capsName: false, head: false };
    if (!entry.coins.some((c) => c.id === coin.id)) entry.coins.push(coin);
    entry.ticker &&= ticker;
    entry.named ||= named;
    index.set(key, entry);
    return entry;
  };
  for (const coin of coins) {
    for (const { key, ticker, kind } of namesOf(coin)) {
      const entry = add(key, coin, ticker, kind === "name");
      if (entry && kind === "name")
        entry.capsName ||= /^[^\p{Ll}]*\p{Lu}[^\p{Ll}]*$/u.test(coin.name);
    }
  }
  for (const [alias, id] of Object.entries(ALIASES)) {
    const coin = coins.find((c) => c.id === id);
    if (coin) add(alias, coin, false, true);
  }
  // A many-word name is also known by its first word when nothing else is ("shiba" -> Shiba Inu).
  for (const coin of coins) {
    const first = namesOf(coin)[1]?.key.split(" ") ?? [];
    const head = first[0];
    const plain = (w: string) => isEnglishWord(w) || GENERIC.has(w);
    if (first.length > 1 && head && head.length >= 4 && !index.has(head) && !plain(head)) {
      add(head, coin, false, true)!.head = true;
    }
  }
  return index;
}

/**
 * The entry a misspelt word is closest to (fuse.js), kept only within one edit (two from nine
 * letters: "etherium", "polkadott") and with the same first letter, so a longer word that holds a
 * coin's name ("memecoin") is not that coin; never an English word, even in the plural ("starks").
 */
export function fuzzyMatcher(index: Map<string, Entry>): (word: string) => Entry | null {
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
export interface Rebrand {
  other: GazetteerCoin;
  older: GazetteerCoin;
}

/**
 * Rebrands in the data: each coin whose name gives a former one ("POL (ex-MATIC)", read by
 * `namesOf`) paired both ways with the coin that name or ticker still names ("Polygon", MATIC), so
 * a mention of either says the other fits too (eval class R4: a coin's former name).
 */
export function rebrands(coins: ReadonlyArray<GazetteerCoin>): Map<string, Rebrand> {
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

/**
 * The coins each uncommon word of a many-word name or id belongs to ("luna": Terra Luna Classic;
 * "polygon": the Polygon Ecosystem Token), so a mention by that word says which others it fits.
 */
export function partialNames(coins: ReadonlyArray<GazetteerCoin>): Map<string, GazetteerCoin[]> {
  const partials = new Map<string, GazetteerCoin[]>();
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

/** Positions of the words of `text` joined to another by a hyphen ("proto-danksharding"). */
export function hyphenedWords(text: string, tokens: Token[]): Set<number> {
  return new Set(
    tokens.flatMap((t, i) =>
      text[t.at - 1] === "-" || text[t.at + t.text.length] === "-" ? [i] : [],
    ),
  );
}

/** Words joining coins in a list or a comparison. */
export const JOINERS = new Set(["vs", "versus", "or", "and", "against", "with"]);
