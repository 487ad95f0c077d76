// What a reader notices in one of Max's answers, as the eval reads it: the opening sentence, the
// figures written in it (tolerant of formatting), the dates it names and the phrases it must avoid.
import type { RootContent } from "mdast";
import { NUMBER_SCALES } from "../../../text/number-scales.ts";
import { markdownToPlainText, parseMarkdown } from "../../../text/plain-text.ts";
import { splitSentences } from "../../../text/sentences.ts";
import { fold } from "../../../text/words.ts";

/** The opening of an answer: its first sentence, or why it has none (it opens with a list). */
export type Opening = { sentence: string } | { sentence: null; opensWith: string };

/** A paragraph that is only bold or italic text (a title line such as "**Ethereum (ETH)**"). */
function isTitleLine(node: RootContent): boolean {
  return (
    node.type === "paragraph" &&
    node.children.length === 1 &&
    (node.children[0]?.type === "strong" || node.children[0]?.type === "emphasis")
  );
}

/**
 * The first sentence a reader reads (docs/product/max.md#max-loop; eval class
 * A4, docs/product/max.md#eval-classes): headings, title lines and rules are skipped; an answer
 * whose first block is a list, a table or a code block has no opening sentence (a stats dump).
 */
export function openingOf(markdown: string): Opening {
  const first = parseMarkdown(markdown).children.find(
    (n) =>
      n.type !== "heading" && n.type !== "thematicBreak" && n.type !== "html" && !isTitleLine(n),
  );
  if (!first) return { sentence: null, opensWith: "nothing" };
  if (first.type !== "paragraph" && first.type !== "blockquote") {
    return { sentence: null, opensWith: `a ${first.type}` };
  }
  const source = markdown.slice(first.position?.start.offset, first.position?.end.offset);
  return { sentence: splitSentences(markdownToPlainText(source))[0] ?? "" };
}

/** A number as written in a text: its value, the size of its last written digit, and a % sign. */
export interface WrittenNumber {
  value: number;
  /** What one unit of the last written digit is worth ("2.3K" 100, "2,312.67" 0.01). */
  unit: number;
  percent: boolean;
}

const NUMBER =
  /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:e([-+]?\d+))?(?:\s?(thousand|million|billion|trillion|bn|mn|tn|[kmbt])\b)?(\s?(?:%|percent\b|percentage points?\b|points?\b|pp\b))?/gi;

/** Every number written in `text`, with scale words ("1.5 billion", "$1.54T") and % signs. */
function numbersIn(text: string): WrittenNumber[] {
  const out: WrittenNumber[] = [];
  for (const m of text.replace(/[\u2212\u2013]/g, "-").matchAll(NUMBER)) {
    const [, whole = "", decimals = "", exponent, scaleWord, percent] = m;
    const scale = scaleWord ? (NUMBER_SCALES[scaleWord.toLowerCase()] ?? 1) : 1;
    const power = exponent ? 10 ** Number(exponent) : 1;
    const value = Number(`${whole.replace(/,/g, "")}.${decimals || "0"}`) * scale * power;
    out.push({ value, unit: 10 ** -decimals.length * scale * power, percent: Boolean(percent) });
  }
  return out;
}

/**
 * Whether `text` writes `expected` (its absolute value: signs are read as words), rounded or cut
 * to the digits written (within half a unit of the last digit, or under one unit below it; at
 * least 0.2 % either way, for figures derived from rounded inputs) and never more than 5 % off.
 * Percentages (`percent`) must carry a % sign (or "points"); other figures may carry "$" or a
 * scale word ("$1.54T", "1.54 trillion").
 */
export function writesFigure(text: string, expected: number, percent = false): boolean {
  const target = Math.abs(expected);
  const slack = percent ? 0.011 : 0;
  return numbersIn(text).some((n) => {
    if (percent !== n.percent) return false;
    const diff = n.value - target;
    const rounded = Math.abs(diff) <= n.unit / 2 + 1e-12 || (diff <= 0 && -diff < n.unit);
    const close = Math.abs(diff) <= target * 0.002 + slack;
    return (rounded || close) && Math.abs(diff) <= target * 0.05 + slack;
  });
}

const MONTHS = [
  "jan(?:uary)?",
  "feb(?:ruary)?",
  "mar(?:ch)?",
  "apr(?:il)?",
  "may",
  "june?",
  "july?",
  "aug(?:ust)?",
  "sep(?:t|tember)?",
  "oct(?:ober)?",
  "nov(?:ember)?",
  "dec(?:ember)?",
];

/**
 * Whether `text` names the UTC day of `at`: "3 May 2026", "May 3rd, 2026", "2026-05-03", "03/05"
 * is not accepted (ambiguous). The year may be left out only when it is `now`'s year.
 */
export function namesDate(text: string, at: string | Date, now: Date): boolean {
  const date = new Date(at);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  const iso = `${y}-${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  if (text.includes(iso)) return true;
  const year = y === now.getUTCFullYear() ? `(?:,?\\s+${y})?` : `,?\\s+${y}`;
  const day = `0?${d}(?:st|nd|rd|th)?`;
  const month = `${MONTHS[m]}\\.?`;
  const dayFirst = new RegExp(`\\b${day}\\s+(?:of\\s+)?${month}${year}\\b`, "i");
  const monthFirst = new RegExp(`\\b${month}\\s+${day}${year}\\b`, "i");
  return dayFirst.test(text) || monthFirst.test(text);
}

const UP =
  /\b(?:up|rose|risen|rising|gain(?:ed|ing|s)?|climb(?:ed|ing|s)?|increas(?:ed|ing|es?)|higher|advanc(?:ed|ing)|rall(?:ied|ying|y)|jump(?:ed|ing)?|added|ris(?:e|es))\b/i;
const DOWN =
  /\b(?:down|fell|fallen|falling|drop(?:ped|ping|s)?|declin(?:ed|ing|es?)|lost|losing|lower|slipp(?:ed|ing)|decreas(?:ed|ing|es?)|sank|slid|dipped|shed)\b/i;
const FLAT = /\b(?:flat|unchanged|little changed|barely moved|steady|sideways)\b/i;

/** Whether `text` says a move in the direction of `change` (up, down, or flat under 1 %). */
export function saysDirection(text: string, change: number): boolean {
  if (Math.abs(change) < 1 && FLAT.test(text)) return true;
  return change > 0 ? UP.test(text) : change < 0 ? DOWN.test(text) : FLAT.test(text);
}

/** Where `text` first names the coin by name, ticker or id (whole words, any case); -1 if never. */
export function coinMentionAt(
  text: string,
  coin: { id: string; symbol: string; name: string },
): number {
  const folded = fold(text);
  const at = [coin.name, coin.symbol, coin.id.replace(/-/g, " ")].map((n) => {
    const escaped = fold(n).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return folded.search(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "u"));
  });
  const found = at.filter((i) => i >= 0);
  return found.length > 0 ? Math.min(...found) : -1;
}

/** Phrases no answer may contain, whatever was asked (eval classes A2, A5 and A7). */
const HEDGE = String.raw`(?<!\b(?:whether|if|when|not tell you|not say|can't say|cannot say|can't tell you|cannot tell you)\s)`;
const RECOMMENDATION = [
  new RegExp(`${HEDGE}\\byou should (?:buy|sell|short|invest|hold|get in|get out|dump)\\b`, "i"),
  /\bI (?:would |'d )?(?:recommend|suggest|advise) (?:buying|selling|shorting|holding|you (?:buy|sell))\b/i,
  /\b(?:strong|good|great) (?:buy|sell)\b(?!\s*(?:or|\?))/i,
  new RegExp(`${HEDGE}(?<!\\b(?:to|or) )\\b(?:buy|sell) (?:it |now|today|the dip)\\b`, "i"),
  new RegExp(
    `${HEDGE}\\b(?:now|it|this) is (?:a |the )?(?:good|great|perfect) (?:time|moment|entry) to (?:buy|sell|invest)\\b`,
    "i",
  ),
];

/** The first recommendation to buy, sell or hold in `text`, or null (eval class A5). */
export function recommendationIn(text: string): string | null {
  for (const pattern of RECOMMENDATION) {
    const m = pattern.exec(text);
    if (m) return m[0];
  }
  return null;
}

/** A not-financial-advice framing (eval class A5). */
export const ADVICE_FRAMING =
  /\bnot (?:financial|investment) advice\b|\b(?:can(?:'|no)?t|cannot|don'?t|do not|won'?t|will not) (?:give|offer|provide)(?: you)?(?: personal)? (?:financial|investment) advice\b|\bno (?:financial|investment) advice\b|\bnot a (?:financial|investment) (?:adviser|advisor|recommendation)\b/i;
/** A risk the data shows: volatility, a drawdown, the distance below the all-time high. */
export const RISK_WORDS =
  /\brisk|\bvolatil|\bdrawdown|\bbelow (?:its|the) (?:all-time high|ath|peak|high)|\bfrom (?:its|the) (?:all-time high|ath|peak)|\bswings?\b/i;
/** A polite refusal: what is out of scope, and what Max does instead. */
export const DECLINE =
  /\boutside\b|\bbeyond\b|\bcan(?:'|no)?t\b|\bcannot\b|\bunable\b|\bnot able\b|\bonly (?:help|answer|cover|talk|discuss)|\bI (?:don'?t|do not) (?:cover|answer|handle|do)\b|\bstick to\b|\bnot something I\b/i;
/** Max's own field, named when it declines. */
export const OWN_FIELD = /\bcrypto|\btokens?\b|\bcoins?\b|\bmarket\b/i;
/** The text says price history is missing for a coin (eval class A2). */
export const HISTORY_MISSING =
  /(?:\b(?:no|not|without|lacks?|missing|unavailable)|n't)\b[^.]{0,80}\b(?:histor(?:y|ical)|candles|chart|daily (?:prices|closes))\b|\b(?:histor(?:y|ical)|candles|chart|daily (?:prices|closes))\b[^.]{0,80}\b(?:not available|unavailable|missing|not (?:in|part of|covered|included)|isn't|doesn't|does not|is not)\b/i;
/** The text says the offline data does not cover a coin and live data would. */
export const NOT_COVERED =
  /(?:\bnot|n't|\bno)\b[^.]{0,60}\b(?:cover|covered|include[sd]?|in (?:the|my|our) (?:offline )?(?:data|snapshot)|data (?:for|on))\b/i;
/** Live data would answer it (the COINGECKO_API_KEY setting). */
export const LIVE_DATA = /COINGECKO_API_KEY|\blive (?:data|market data|coingecko)\b/i;

/** The addresses of articles an answer links: `/p/{slug}`, absolute or relative, in order. */
export function citedSlugs(text: string): string[] {
  return [...text.matchAll(/\/p\/([a-z0-9][a-z0-9-]*)/g)].map((m) => m[1]!);
}

/**
 * Whether the answer pastes the question back as a topic (eval class A6): the whole question
 * (four words or more) inside the answer, or "says about how/what/…".
 */
export function echoesQuestion(answer: string, question: string): boolean {
  const words = (s: string) =>
    fold(s)
      .replace(/[^\p{L}\p{N}\s]/gu, " ")
      .split(/\s+/)
      .filter(Boolean)
      .join(" ");
  // The Sources list names articles and their sections, which may be questions themselves
  // ("What is Wrapped Ether"), as may link texts.
  const prose = answer.split(/^\W*Sources\W*$/im)[0]!.replace(/\[[^\]]*\]\([^)]*\)/g, " ");
  const q = words(question);
  if (q.split(" ").length >= 4 && words(prose).includes(q)) return true;
  return /\babout (?:(?:how|what|why|when|where|which|who) )?(?:do|does|did|is|are|was|were|can|could|should|would|will) (?:i|you|we|it)\b/i.test(
    prose,
  );
}
