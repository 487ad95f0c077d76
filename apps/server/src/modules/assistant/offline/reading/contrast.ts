// The two sides of a "difference between A and B" question (docs/product/max.md#max-research,
// decision 013): "proof of stake vs proof of work", "how is FDV different from market cap",
// "compare rebasing and reward-bearing tokens", read from the clause's words and the punctuation
// between them, so the research search can find and explain each side.
import nlp from "compromise";
import { isFunctionWord } from "../../../../text/stems.ts";
import type { Token } from "../../../../text/words.ts";

/** Words that set two things side by side between them ("A vs B"). */
const VERSUS = new Set(["vs", "versus"]);
/** Stems of words that ask how two things differ; "between A and B" is a contrast beside one. */
const CONTRAST_STEMS = new Set([
  "differ",
  "distinguish",
  "compar",
  "comparison",
  "contrast",
  "choos",
]);
/** Stems of words that name both sides after them ("compare A and B", "a comparison of A and B"). */
const OPENING_STEMS = new Set(["compar", "comparison", "contrast"]);
/** The question's frame around the sides, besides function words ("explain", "what's"). */
const FRAME = new Set([
  "explain",
  "describe",
  "define",
  "tell",
  "please",
  "whats",
  "hows",
  "whys",
  "exactly",
  "actually",
  "really",
  "basically",
]);
/** Words after "differ"/"compare" that open the second side ("different from B", "compared with B"). */
const SECOND = new Set(["from", "than", "to", "with"]);
/** Words that join the two sides after "between" or "compare". */
const JOINS = new Set(["and", "&", "with", "to", "vs", "versus"]);
/** Function words a side keeps inside it ("proof of stake", "staking as a service"). */
const INNER = new Set(["of", "as", "a", "an", "the"]);
/** Words that stand for the other side's noun ("crypto-backed ones"). */
const STAND_INS = new Set(["one", "ones"]);
/** The most words a side holds. */
const SIDE_WORDS = 6;

/** Whether the text between two words ends a phrase: a comma, a colon, a dash between spaces, "?". */
function breaks(gap: string): boolean {
  return /[,;:?!.()\u2013\u2014]/u.test(gap) || (gap.trim() === "-" && gap !== "-");
}

/** Whether a word cannot be part of a side: a function word (not "of"), the question's frame. */
function bounds(token: Token): boolean {
  return (
    (isFunctionWord(token.norm) && !INNER.has(token.norm)) ||
    FRAME.has(token.norm) ||
    VERSUS.has(token.norm) ||
    CONTRAST_STEMS.has(token.stem)
  );
}

/**
 * The indexes of the side that begins (step 1) or ends (step −1) at `from`, walking away from the
 * marker until a bounding word, a break in the text or SIDE_WORDS words; "of", "as", "a" and "the"
 * stay only between words of the side ("a rollup": rollup). [] when none.
 */
function sideFrom(text: string, tokens: Token[], from: number, step: 1 | -1): number[] {
  const kept: number[] = [];
  for (let i = from; i >= 0 && i < tokens.length && kept.length < SIDE_WORDS; i += step) {
    const t = tokens[i]!;
    const previous = tokens[i - step];
    if (kept.length > 0 && previous) {
      const [a, b] = step === 1 ? [previous, t] : [t, previous];
      if (breaks(text.slice(a.at + a.text.length, b.at))) break;
    }
    if (bounds(t)) break;
    kept.push(i);
  }
  const inner = (i: number | undefined) => i !== undefined && INNER.has(tokens[i]!.norm);
  while (inner(kept.at(-1))) kept.pop();
  while (inner(kept[0])) kept.shift();
  return step === 1 ? kept : kept.reverse();
}

/** Skips, from `i` towards `step`, the words between a marker and its side ("is so different"). */
function skipFrame(tokens: Token[], i: number, step: 1 | -1): number {
  let at = i;
  while (at >= 0 && at < tokens.length && bounds(tokens[at]!) && !VERSUS.has(tokens[at]!.norm)) {
    at += step;
  }
  return at;
}

/** The text of a side as written ("crypto-collateralised stablecoins"), from its first word to its last. */
function written(text: string, tokens: Token[], side: number[]): string {
  const first = tokens[side[0]!]!;
  const last = tokens[side.at(-1)!]!;
  return text.slice(first.at, last.at + last.text.length);
}

/** The two sides' word indexes for the clause's first contrast marker, or null. */
function sidesAt(text: string, tokens: Token[]): [number[], number[]] | null {
  const cued = tokens.some((t) => CONTRAST_STEMS.has(t.stem));
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    if (VERSUS.has(t.norm)) {
      const after = sideFrom(text, tokens, skipFrame(tokens, i + 1, 1), 1);
      return [sideFrom(text, tokens, skipFrame(tokens, i - 1, -1), -1), after];
    }
    // "the difference between A and B", "choose between A and B"; "compare A and B".
    const opens = (t.norm === "between" && cued) || OPENING_STEMS.has(t.stem);
    if (opens && !SECOND.has(tokens[i + 1]?.norm ?? "")) {
      const first = sideFrom(text, tokens, skipFrame(tokens, i + 1, 1), 1);
      const join = (first.at(-1) ?? i) + 1;
      if (first.length === 0 || !JOINS.has(tokens[join]?.norm ?? "")) continue;
      return [first, sideFrom(text, tokens, skipFrame(tokens, join + 1, 1), 1)];
    }
    // "how is A different from B", "how does A compare with B", "A compared to B".
    if (CONTRAST_STEMS.has(t.stem) && SECOND.has(tokens[i + 1]?.norm ?? "")) {
      const before = sideFrom(text, tokens, skipFrame(tokens, i - 1, -1), -1);
      return [before, sideFrom(text, tokens, skipFrame(tokens, i + 2, 1), 1)];
    }
  }
  return null;
}

/**
 * Whether a single word only qualifies a noun (compromise's tags: no noun): "optimistic" in
 * "optimistic vs zk rollups", "trusted" in "trusted vs trustless bridges"; "PoS" names a thing.
 */
function modifier(word: string): boolean {
  return !nlp(word).has("#Noun");
}

/**
 * A side completed by the other's noun: a lone qualifier takes it ("optimistic vs zk rollups":
 * optimistic rollups), a stand-in takes its place ("fiat-backed stablecoins vs crypto-backed
 * ones": crypto-backed stablecoins).
 */
function completed(side: string, other: string): string {
  const words = side.split(" ");
  const others = other.split(" ");
  const noun = others.at(-1)!;
  if (others.length < 2) return side;
  if (STAND_INS.has(words.at(-1)!.toLowerCase())) return [...words.slice(0, -1), noun].join(" ");
  return words.length === 1 && modifier(side) ? `${side} ${noun}` : side;
}

/**
 * The two things a clause asks the difference of, as written, or null when it asks none: "A vs B",
 * "A versus B", "the difference between A and B", "how is A different from B", "how does A
 * compare with B", "compare A and B". Each side is the run of words beside the marker up to a
 * function word, the question's frame or a break in the text ("web2 vs web3: what's the
 * difference?"); a lone adjective or a stand-in ("ones") takes the other side's noun. "Between"
 * without a word of difference is no contrast ("move tokens between chains", "between May and July").
 */
export function contrastOf(text: string, tokens: Token[]): [string, string] | null {
  const found = sidesAt(text, tokens);
  if (!found || found[0].length === 0 || found[1].length === 0) return null;
  const [a, b] = found.map((side) => written(text, tokens, side)) as [string, string];
  if (a.toLowerCase() === b.toLowerCase()) return null;
  return [completed(a, b), completed(b, a)];
}
