// The slots of a clause (decision 013): the figure asked for, a derived figure across coins,
// a yes/no direction or price level, a history's high or low (market-slots.ts: rankings, currencies).
// Read from the clause's words by small vocabularies of stems and phrases (data), not patterns.
import { NUMBER_SCALES } from "../../../../text/number-scales.ts";
import type { ChangeWindow } from "./dates.ts";
import type { Token } from "../../../../text/words.ts";

/** A figure of getTokenData a clause can ask for. */
export type TokenFigure = "price" | "marketCap" | "volume" | "supply" | "rank" | "ath" | "fromAth";

/** What a price-history clause asks for first: the move over the period, or its high or low. */
export type HistoryFocus = "change" | "high" | "low";

/** What a token clause asks for first. */
export type TokenFocus =
  | { kind: "figure"; figure: TokenFigure }
  /** The change over a window; `asked` is the direction a yes/no question asks about. */
  | { kind: "move"; window: ChangeWindow; asked: "up" | "down" | null }
  /** "Is BTC above $100k?": a yes/no about the price against `level` (USD). */
  | { kind: "level"; above: boolean; level: number };

/**
 * A figure coins are compared on: a getTokenData field, a change window, the all-time high or the
 * distance below it.
 */
export type CompareMetric =
  "price" | "marketCap" | "volume" | "move24h" | "move7d" | "move30d" | "ath" | "fromAth";

/**
 * A figure derived across coins, in their role order: `ratio` a / b, `difference` a − b, `share`
 * b / a × 100, `sum` of all, `winner` the coin with the largest (`best: "max"`) or smallest figure.
 */
export interface DerivedAsk {
  kind: "ratio" | "difference" | "share" | "sum" | "winner";
  metric: CompareMetric;
  best: "max" | "min";
  /** The roles run against the order the coins are named ("how many SOL for one ETH"). */
  reversed: boolean;
}

/** The words of one clause, as the slot readers see them. */
export interface ClauseWords {
  tokens: Token[];
  /** Folded words joined by spaces, padded with a space each side, for phrase lookups. */
  words: string;
  /** Stems joined the same way. */
  stems: string;
  /** Coins the clause names. */
  coins: number;
  window: ChangeWindow | null;
}

export const has = (text: string, phrase: string) => text.includes(` ${phrase} `);
export const any = (text: string, phrases: readonly string[]) => phrases.some((p) => has(text, p));

const ATH = ["ath", "all time high", "record high", "peak", "highest price ever", "top price"];
const BELOW = ["far", "below", "from", "off", "distanc", "away", "drawdown", "short", "under"];
const FIGURE_STEMS: ReadonlyArray<[readonly string[], Exclude<TokenFigure, "ath" | "fromAth">]> = [
  // The rank first: "its position in the market cap rankings" asks the rank.
  [["rank", "posit"], "rank"],
  [["market cap", "mcap", "marketcap", "capit", "valuat", "how big"], "marketCap"],
  [["volum", "trade volum", "turnov", "how much trade"], "volume"],
  [["suppli", "circul", "in circul", "how mani exist"], "supply"],
];
const PRICE_STEMS = [
  "price",
  "cost",
  "worth",
  "valu",
  "quot",
  "trade at",
  "go for",
  "sit at",
  "how much",
];
const OVERVIEW_STEMS = [
  "stat",
  "overview",
  "tell me about",
  "info",
  "snapshot",
  "data",
  "number",
  "latest on",
  "summari",
];
const MOVE_STEMS = [
  "do",
  "done",
  "did",
  "move",
  "chang",
  "perform",
  "gain",
  "lose",
  "lost",
  "drop",
  "rise",
  "rose",
  "fall",
  "fell",
  "pump",
  "dump",
  "fare",
  "been",
  "up",
  "down",
  "green",
  "red",
  "ralli",
  "crash",
  "outperform",
  "underperform",
  "beat",
  "better",
  "wors",
  "look",
];
const UP_STEMS = [
  "up",
  "gain",
  "rise",
  "rose",
  "pump",
  "green",
  "higher",
  "climb",
  "ralli",
  "moon",
];
const DOWN_STEMS = [
  "down",
  "drop",
  "fall",
  "fell",
  "lose",
  "lost",
  "dump",
  "red",
  "lower",
  "crash",
  "declin",
  "dip",
];
const YES_NO = new Set(["is", "are", "was", "were", "did", "does", "do", "has", "have", "had"]);
const LEVEL_WORDS: Readonly<Record<string, boolean>> = {
  above: true,
  over: true,
  beyond: true,
  below: false,
  under: false,
};
/** A price level's scale words: NUMBER_SCALES, and cents as a fraction of a dollar ("10 cents"). */
const SCALE: Readonly<Record<string, number>> = { ...NUMBER_SCALES, cent: 0.01, cents: 0.01 };

/** The number a token writes ("100,000", "1.5"), or null. */
export function numberOf(token: Token | undefined): number | null {
  if (!token) return null;
  const n = Number(token.norm.replaceAll(",", ""));
  return Number.isFinite(n) && token.norm !== "" ? n : null;
}

/** "100k", "1.5bn": a number written with its scale letters glued on, or null. */
function scaledNumber(word: string): { value: number; unit: string } | null {
  for (const unit of Object.keys(SCALE)) {
    const digits = word.endsWith(unit) ? word.slice(0, -unit.length).replaceAll(",", "") : "";
    if (digits !== "" && Number.isFinite(Number(digits))) return { value: Number(digits), unit };
  }
  return null;
}

/** "above $100k", "under 2,000 dollars", "below 10 cents": the level a yes/no asks about. */
function levelOf(c: ClauseWords): TokenFocus | null {
  const { tokens } = c;
  if (!YES_NO.has(tokens[0]?.norm ?? "")) return null;
  for (let i = 0; i < tokens.length; i += 1) {
    const word = tokens[i]!.norm;
    const than =
      (word === "more" || word === "less" || word === "higher" || word === "lower") &&
      tokens[i + 1]?.norm === "than";
    const above = than ? word === "more" || word === "higher" : LEVEL_WORDS[word];
    if (above === undefined) continue;
    const at = i + (than ? 2 : 1);
    const glued = scaledNumber(tokens[at]?.norm ?? "");
    const unit = glued ? glued.unit : (tokens[at + 1]?.norm ?? "");
    const base = glued ? glued.value : numberOf(tokens[at]);
    if (base === null || base <= 0 || unitIsTime(unit)) continue;
    return { kind: "level", above, level: base * (SCALE[unit] ?? 1) };
  }
  return null;
}

const unitIsTime = (unit: string) =>
  ["day", "days", "week", "weeks", "month", "months", "year", "years", "hours", "percent"].includes(
    unit,
  );

/** The direction a yes/no question asks about ("did it go up?"), or null ("up or down?"). */
function askedDirection(c: ClauseWords): "up" | "down" | null {
  if (!YES_NO.has(c.tokens[0]?.norm ?? "")) return null;
  const up = any(c.stems, UP_STEMS);
  const down = any(c.stems, DOWN_STEMS);
  return up === down ? null : up ? "up" : "down";
}

/**
 * What a token clause asks for first (docs/product/max.md#max-answers): a yes/no about a price
 * level, the distance from or the all-time high itself, market cap, volume, supply, rank, the move
 * over the window its time words name, the price; `overview` when it asks for the coin in general.
 */
export function tokenFigure(c: ClauseWords): TokenFocus | { kind: "overview" } | null {
  const level = levelOf(c);
  if (level) return level;
  if (any(c.words, ATH) || any(c.stems, ATH)) {
    return { kind: "figure", figure: any(c.stems, BELOW) ? "fromAth" : "ath" };
  }
  for (const [stems, figure] of FIGURE_STEMS) {
    if (any(c.stems, stems)) return { kind: "figure", figure };
  }
  const moves = any(c.stems, MOVE_STEMS);
  if (moves && (c.window || !any(c.stems, PRICE_STEMS))) {
    return { kind: "move", window: c.window ?? "24h", asked: askedDirection(c) };
  }
  if (any(c.stems, PRICE_STEMS)) return { kind: "figure", figure: "price" };
  if (c.window) return { kind: "move", window: c.window, asked: askedDirection(c) };
  return any(c.stems, OVERVIEW_STEMS) ? { kind: "overview" } : null;
}

/** The metric a comparison names, the price when none. */
export function compareMetric(c: ClauseWords): CompareMetric {
  // "compare the all time highs": the highs; "which is further below its ATH": the distance.
  if (any(c.words, ATH) || any(c.stems, ATH)) return any(c.stems, BELOW) ? "fromAth" : "ath";
  const figure = FIGURE_STEMS.find(([stems]) => any(c.stems, stems))?.[1];
  if (figure === "marketCap" || figure === "volume") return figure;
  if (any(c.stems, ["bigger", "larger", "smaller", "size"])) return "marketCap";
  if (any(c.stems, MOVE_STEMS) || c.window) return `move${c.window ?? periodWord(c) ?? "24h"}`;
  return "price";
}

/** "the better month", "which did more this week": the window a bare period word names. */
function periodWord(c: ClauseWords): ChangeWindow | null {
  if (has(c.words, "month")) return "30d";
  if (has(c.words, "week")) return "7d";
  return has(c.words, "day") ? "24h" : null;
}

const SMALLEST_WINS = [
  "wors",
  "less",
  "smaller",
  "lower",
  "cheaper",
  "closer",
  "least",
  "worst",
  "weaker",
  "underperform",
];
const COMPARATIVES = [
  "better",
  "more",
  "bigger",
  "larger",
  "higher",
  "pricier",
  "further",
  "farther",
  "most",
  "best",
  "stronger",
  "outperform",
  "expens",
  ...SMALLEST_WINS,
];

/**
 * The derived figure a comparison asks for: "how many SOL for one ETH" (ratio, roles reversed),
 * "ratio", "how many times", "share of", "difference", "how much more", "combined", "which did
 * better". Null when it asks for none.
 */
export function derivedAsk(c: ClauseWords): DerivedAsk | null {
  const kind = derivedKind(c);
  if (!kind) return null;
  // "How many SOL for one ETH (right now)?" asks a price ratio whatever time words come with it.
  const unitRatio =
    kind.kind === "ratio" &&
    (has(c.words, "how many") || has(c.words, "how much")) &&
    !has(c.words, "how many times");
  return {
    ...kind,
    metric: unitRatio ? "price" : compareMetric(c),
    best: any(c.stems, SMALLEST_WINS) ? "min" : "max",
  };
}

/** "for one", "equal 1", "would a": the unit coin of "how many SOL for one ETH". */
const UNIT_PHRASES = [
  "for",
  "per",
  "in",
  "equal",
  "equals",
  "is",
  "would",
  "does",
  "can",
  "buy with",
  "get with",
  "for each",
].flatMap((before) =>
  ["one", "1", "a", "an", "single", "a single"].map((unit) => `${before} ${unit}`),
);

function derivedKind(c: ClauseWords): Pick<DerivedAsk, "kind" | "reversed"> | null {
  const { words, stems } = c;
  const comparative = any(words, [
    "how much more",
    "how much less",
    "how much bigger",
    "how much larger",
    "how much higher",
    "how much lower",
    "how much cheaper",
  ]);
  const unit = any(words, UNIT_PHRASES);
  const asksCount = (has(words, "how many") || has(words, "how much")) && !comparative;
  if (asksCount && unit && !has(words, "how many times")) {
    return { kind: "ratio", reversed: true };
  }
  // "If I swapped 1 BTC into ether, how many ETH would that be?": the first coin is the unit.
  if (asksCount && any(stems, ["into", "swap", "convert", "exchang", "trade"])) {
    return { kind: "ratio", reversed: false };
  }
  if (any(stems, ["ratio", "how mani time", "in term of", "exchang rate", "price in"])) {
    return { kind: "ratio", reversed: false };
  }
  if (
    any(words, ["share of", "percentage of", "percent of", "proportion of", "fraction of", "% of"])
  ) {
    const partFirst = any(words, [
      "as a percentage of",
      "as a share of",
      "is what share of",
      "is what percentage of",
    ]);
    return { kind: "share", reversed: partFirst };
  }
  if (
    any(stems, [
      "differ",
      "how much more",
      "how much bigger",
      "how much larger",
      "how much higher",
      "how much lower",
      "how much cheaper",
      "by how much",
      "gap",
      "how mani point",
    ])
  ) {
    return { kind: "difference", reversed: false };
  }
  if (any(stems, ["combin", "togeth", "sum", "ad up"])) return { kind: "sum", reversed: false };
  if ((any(words, ["which", "who", "what coin"]) || has(words, "or")) && any(stems, COMPARATIVES)) {
    return { kind: "winner", reversed: false };
  }
  return null;
}

/** What a price-history clause asks for first: the move over the period, or its high or low. */
export function historyFocus(c: ClauseWords): HistoryFocus {
  if (any(c.words, ["all time high", "all time low"])) return "change";
  if (any(c.stems, ["highest", "peak", "top price", "high"])) return "high";
  if (any(c.stems, ["lowest", "bottom", "low"])) return "low";
  return "change";
}
