// English stems and stop words for every reading of text on the server (search on both engines,
// Max's reading of a question, his research index and answers): Porter2 as winkjs packages it, and
// one stop-word list.
import { createRequire } from "node:module";
import { LRUCache } from "lru-cache";

const require = createRequire(import.meta.url);
const porter2 = require("wink-porter2-stemmer") as (word: string) => string;
const { eng } = require("stopword") as { eng: string[] };

/**
 * PostgreSQL's English stop words (tsearch_data/english.stop, the Snowball list): PostgreSQL never
 * indexes them, so search drops them from queries on SQLite too, keeping both engines alike.
 */
const POSTGRES_STOP_WORDS = (
  "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she " +
  "her hers herself it its itself they them their theirs themselves what which who whom this " +
  "that these those am is are was were be been being have has had having do does did doing a an " +
  "the and but if or because as until while of at by for with about against between into " +
  "through during before after above below to from up down in out on off over under again " +
  "further then once here there when where why how all any both each few more most other some " +
  "such no nor not only own same so than too very s t can will just don should now"
).split(" ");

/**
 * The server's one stop-word list: the stopword package's English list ("could", "would", "also":
 * words that carry no topic when Max reads a question) and PostgreSQL's. Dropping a word PostgreSQL
 * does index from queries keeps the engines alike: neither searches for it.
 */
const STOP_WORDS: ReadonlySet<string> = new Set([...eng, ...POSTGRES_STOP_WORDS]);

/**
 * Stems already computed: Porter2 is a cascade of regular expressions, and the same words come
 * back in every article and question (a research question stems its sections' words again). The
 * least recently used go first beyond STEMS_KEPT words (about 3 MB).
 */
const STEMS_KEPT = 50_000;
const stems = new LRUCache<string, string>({ max: STEMS_KEPT });

/** The Porter2 stem of a folded (lower-case) word: "staking" -> "stake", "rollups" -> "rollup". */
export function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = porter2(word);
    stems.set(word, stemmed);
  }
  return stemmed;
}

/** Whether a folded (lower-case) word is an English stop word ("the", "of", "is"): STOP_WORDS. */
export function isFunctionWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
