// English stems and function words for the server's reading of text (Max's reading of a question and
// his research index): Porter2 as winkjs packages it, and the stopword package's English list.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const porter2 = require("wink-porter2-stemmer") as (word: string) => string;
const { eng } = require("stopword") as { eng: string[] };
const functionWords: ReadonlySet<string> = new Set(eng);

/** The Porter2 stem of a folded (lower-case) word: "staking" -> "stake", "rollups" -> "rollup". */
export function stem(word: string): string {
  return porter2(word);
}

/** Whether a folded word is an English function word ("the", "of", "is"). */
export function isFunctionWord(word: string): boolean {
  return functionWords.has(word);
}
