// A question's words as the offline model reads them: spelling, `$` prefixes and capitalisation cues.
import { straighten } from "../../assistant.prompt.ts";

/** A word of the question with its original spelling, for ticker and capitalisation cues. */
export interface Word {
  raw: string;
  lower: string;
  /** Written as `$BTC`. */
  dollar: boolean;
  /** First word of a sentence, where capitalisation says nothing. */
  sentenceStart: boolean;
}

const WORD = /\$?[\p{L}\p{N}][\p{L}\p{N}.\-']*/gu;

/** Lowercase, diacritics dropped ("Éthereum" -> "ethereum"), curly quotes straightened. */
export function splitWords(text: string): Word[] {
  const words: Word[] = [];
  const straight = straighten(text);
  for (const match of straight.matchAll(WORD)) {
    const dollar = match[0].startsWith("$");
    const raw = match[0]
      .slice(dollar ? 1 : 0)
      .replace(/'s$/i, "")
      .replace(/[.\-']+$/, "");
    if (raw === "") continue;
    const before = straight.slice(0, match.index).trimEnd();
    words.push({
      raw,
      lower: raw.toLowerCase(),
      dollar,
      sentenceStart: before === "" || /[.!?:;]$/.test(before),
    });
  }
  return words;
}

/** True when `raw` has a letter and is all capitals ("BTC", "L2"). */
export function isUpperCase(raw: string): boolean {
  return /\p{L}/u.test(raw) && raw === raw.toUpperCase();
}

/** True when `raw` starts with a capital letter. */
export function isCapitalised(raw: string): boolean {
  const first = raw.charAt(0);
  return first !== first.toLowerCase();
}

/** Written the way people write a coin they mean: `$X`, `X` in capitals, or "Xname" mid-sentence. */
export function writtenAsCoin(word: Word): boolean {
  return (
    word.dollar ||
    (isUpperCase(word.raw) && word.raw.length >= 2) ||
    (isCapitalised(word.raw) && !word.sentenceStart)
  );
}
