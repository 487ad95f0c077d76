// Max's frozen held-out question set (docs/decisions/013-reading-questions.md, Measure first):
// phrasings written blind, from the tool descriptions and the data's coin and
// article lists only, never from the rules. Never edited or tuned to: a failure it shows is fixed
// as a class in the design, and new phrasings of that class go to the development set.
import { readFileSync } from "node:fs";
import { CATEGORIES, type EvalCase } from "./cases.ts";

/** The file, committed once; its SHA-256 is in docs/decisions/013-reading-questions.md. */
export const HELD_OUT_FILE = new URL("./held-out.json", import.meta.url);

/**
 * The held-out cases, read from HELD_OUT_FILE.
 * @throws Error when a case names a category the eval does not report.
 */
export function loadHeldOut(): EvalCase[] {
  const cases = JSON.parse(readFileSync(HELD_OUT_FILE, "utf8")) as EvalCase[];
  for (const c of cases) {
    if (!CATEGORIES.includes(c.category)) throw new Error(`unknown category ${c.category}`);
  }
  return cases;
}
