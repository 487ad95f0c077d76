// The words of Max's research (decision 013): a question's and an article's terms (folded,
// stop words and a question's scaffolding out, Porter2 stems) and the synonym table that widens a
// question.
import type { Query } from "minisearch";
import { isFunctionWord, stem } from "../../text/stems.ts";
import { fold } from "../../text/words.ts";

/** Words of a question that say nothing about its topic. */
const SCAFFOLDING = new Set([
  "explain",
  "tell",
  "work",
  "works",
  "mean",
  "means",
  "please",
  "vs",
  "versus",
]);
export const isStop = (word: string) => isFunctionWord(word) || SCAFFOLDING.has(word);

/**
 * Words that mean the same in our research, both ways (docs/decisions/013-reading-questions.md;
 * abbreviations and paraphrases), besides the abbreviations article titles spell out ("Maximal
 * extractable value (MEV)").
 */
export const SYNONYMS: ReadonlyArray<readonly string[]> = [
  ["pos", "proof of stake"],
  ["pow", "proof of work", "mining"],
  ["l2", "layer 2", "rollup"],
  ["aa", "account abstraction", "smart contract wallet", "smart account"],
  ["merge", "stopped mining", "switch to proof of stake", "ditched mining"],
  ["lst", "liquid staking token"],
  ["dvt", "distributed validator"],
  ["pbs", "proposer builder separation"],
  ["ssf", "single slot finality"],
  ["etf", "exchange traded fund"],
  ["mica", "eu regulation", "european regulation"],
  ["fdv", "fully diluted valuation"],
  ["zk", "zero knowledge"],
  ["defi", "decentralized finance"],
  ["dao", "decentralized autonomous organization"],
  ["nft", "non fungible token"],
  ["unstake", "withdrawal", "exit"],
  ["hack", "exploit", "attack", "drain"],
  ["btc", "bitcoin"],
  ["eth", "ethereum", "ether"],
  ["sol", "solana"],
  ["atom", "cosmos", "ibc"],
];

/** How far a word of the question may be from an indexed one and still match: a typo's share of its length. */
const TYPO_SHARE = 0.15;

/**
 * MiniSearch's `fuzzy` for the research indexes: a word may be a typo, matching words TYPO_SHARE
 * of its length away, but a word holding a digit names one thing exactly ("testnet4", "bip158"):
 * its neighbours ("testnet5", "bip157") are other things, so it matches only itself.
 */
export const typoDistance = (term: string): number | false =>
  /\p{N}/u.test(term) ? false : TYPO_SHARE;

/** The index's words of `text`: folded, stop words out, Porter2 stems. */
export function terms(text: string): string[] {
  const words = fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !isStop(w)).map((w) => stem(w));
}

/** A phrase's stems joined, as the synonym table keys them. */
const key = (phrase: string) => terms(phrase).join(" ");

/** "Maximal extractable value (MEV)": MEV and the words before it mean the same. */
export function titleAbbreviations(title: string): string[][] {
  const open = title.lastIndexOf("(");
  const close = title.indexOf(")", open);
  if (open < 1 || close < 0) return [];
  const short = title.slice(open + 1, close).trim();
  const long = title.slice(0, open).split(":").at(-1)?.trim() ?? "";
  return short.length >= 2 && short.length <= 8 && long ? [[short, long]] : [];
}

/** A phrase a synonym group adds to a query, and the weight of each of its words. */
export interface Expansion {
  phrase: string;
  weight: number;
}

/**
 * A synonym counts for less than the word the reader wrote, and a group's other phrases share it:
 * the Merge's four names weigh together what one of them would.
 */
export const SYNONYM_WEIGHT = 0.4;

/**
 * What each other phrase of a group weighs when the reader named the group by a phrase of several
 * words ("stopped mining", "smart contract wallet"): such a phrase names the concept itself, so its
 * other names count nearly as the reader's own words, not a share of 0.4 ("why did Ethereum stop
 * mining?" finds the Merge).
 */
export const PHRASE_SYNONYM_WEIGHT = 0.8;

/** The phrases the synonym groups give for `query`: the other phrases of each group it names. */
export function expansionsOf(query: string, groups: ReadonlyArray<readonly string[]>): Expansion[] {
  const stems = ` ${key(query)} `;
  return groups.flatMap((group) => {
    const named = (phrase: string) => stems.includes(` ${key(phrase)} `);
    if (!group.some(named)) return [];
    const others = group.filter((phrase) => !named(phrase));
    const byPhrase = group.some((phrase) => named(phrase) && key(phrase).includes(" "));
    const weight = byPhrase ? PHRASE_SYNONYM_WEIGHT : SYNONYM_WEIGHT / others.length;
    return others.map((phrase) => ({ phrase, weight }));
  });
}

/** The phrases of `query`'s expansions, joined. */
export function synonymsOf(query: string, groups: ReadonlyArray<readonly string[]>): string {
  return expansionsOf(query, groups)
    .map((e) => e.phrase)
    .join(" ");
}

/**
 * `query` with its synonyms as a MiniSearch query: the reader's words, OR each expansion at its
 * weight.
 */
export function expandedQuery(query: string, groups: ReadonlyArray<readonly string[]>): Query {
  return {
    combineWith: "OR",
    queries: [
      query,
      ...expansionsOf(query, groups).map((e) => ({
        queries: [e.phrase],
        boostTerm: () => e.weight,
      })),
    ],
  };
}
