// Honest dating of the offline model's answers (eval class A1, docs/product/max.md#eval-classes):
// data older than a day names its date in the answer's first sentence, and data older than the rest
// says so in the text.
import { formatLongDate } from "@pragmatist/contracts";

const DAY_MS = 86_400_000;

/** The UTC day of an ISO 8601 time or epoch ms, as answers name it ("3 May 2026"). */
export function dayOf(at: string | number): string {
  return formatLongDate(at);
}

/** True when figures true at `asOf` are more than a day old at `now` (or `asOf` is unreadable). */
export function isOld(asOf: string | number, now: Date): boolean {
  const at = new Date(asOf).getTime();
  return Number.isNaN(at) || now.getTime() - at > DAY_MS;
}

/** True when two times fall on different UTC days. */
export function differentDays(a: string | number, b: string | number): boolean {
  return dayOf(a) !== dayOf(b);
}

/**
 * The opening words that date a sentence: "As of 3 May 2026, " when the figures are more than a
 * day old at `now` (docs/product/max.md#max-answers), "" when they are fresher.
 */
export function asOfLead(asOf: string, now: Date): string {
  return isOld(asOf, now) ? `As of ${dayOf(asOf)}, ` : "";
}

/**
 * `sentence` continued after a clause that ends in a semicolon or colon: the answers' own sentence
 * openings ("As of", "Yes:", "No:", "The data", "Price history") in lower case ("…; as of 3 May 2026, Bitcoin is
 * …"); a sentence that opens with a name is kept.
 */
export function continued(sentence: string): string {
  return sentence.replace(
    /^(?:As of|Yes|No|The data|Price history)\b/,
    (m) => m.charAt(0).toLowerCase() + m.slice(1),
  );
}
