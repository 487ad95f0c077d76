// Questions about two or more coins that ask for a figure derived from their data: a ratio, a
// difference, a share, a sum, or which coin leads (issue #12 class 3).
import { MASK } from "./coins.ts";
import { changeWindow } from "./periods.ts";

/** A figure coins are compared on: a getTokenData field, a change window, or the ATH distance. */
export type CompareMetric =
  "price" | "marketCap" | "volume" | "move24h" | "move7d" | "move30d" | "fromAth";

/**
 * The derived figure asked for, over the coins in their role order: `ratio` a / b ("one a buys
 * that many b"), `difference` a − b, `share` b / a × 100 (b as a share of a), `sum` of all,
 * `winner` the coin with the largest (`best: "max"`) or smallest figure.
 */
export interface DerivedAsk {
  kind: "ratio" | "difference" | "share" | "sum" | "winner";
  metric: CompareMetric;
  best: "max" | "min";
  /** The roles run against the order the coins are named ("how many SOL for one ETH": ETH, SOL). */
  reversed: boolean;
  /** The question names one coin and points back at earlier ones ("how many of those …"). */
  usesPrevious: boolean;
}

const C = MASK;
/** "How many SOL for one ETH", "how much ETH is one BTC": the first coin named is the unit. */
const HOW_MANY = new RegExp(
  `\\bhow\\s+(?:many|much)\\s+(?:of\\s+)?(?:${C}|those|these|them|it)\\b.*\\b(?:one|1|a|an|each|single|per)\\s+${C}\\b`,
);
const RATIO = new RegExp(
  `\\bratio\\b|\\bhow\\s+many\\s+times\\b|${C}\\s*/\\s*${C}|\\bin\\s+(?:terms\\s+of\\s+)?${C}(?:\\s+terms)?\\b|\\bpriced\\s+in\\s+${C}\\b|\\bexchange\\s+rate\\b`,
);
const SHARE = /\b(?:share|percentage|percent|proportion|fraction)\s+of\b|%\s+of\b/;
/** "B as a percentage of A", "B is what share of A": the part is named first. */
const SHARE_PART_FIRST = new RegExp(
  `${C}.{0,40}\\b(?:as\\s+an?|is\\s+what|what)\\s+(?:share|percentage|percent|proportion|fraction)\\s+of\\s+${C}`,
);
const DIFFERENCE =
  /\bdifference\b|\bhow\s+much\s+(?:more|less|bigger|larger|higher|lower|smaller|cheaper|pricier)\b|\bby\s+how\s+(?:much|many)\b|\bgap\b|\bhow\s+many\s+(?:more\s+)?(?:points|percentage\s+points)\b/;
const SUM = /\b(?:combined|together|sum|total|added\s+up)\b/;
const WHICH = new RegExp(`\\b(?:which|who|what\\s+coin)\\b|${C},?\\s+or\\s+${C}\\b`);
const COMPARATIVE =
  /\b(?:better|worse|more|less|bigger|larger|smaller|higher|lower|pricier|cheaper|further|farther|closer|most|least|best|worst|stronger|weaker|outperform\w*|underperform\w*|expensive)\b/;
const SMALLEST_WINS =
  /\b(?:worse|less|smaller|lower|cheaper|closer|least|worst|weaker|underperform\w*)\b/;
const POINTS_BACK = /\b(?:those|these|them|it|that\s+one)\b/;

/** The metric by its words, checked in order; moves take their window (24 h when none is named). */
const METRIC_WORDS: ReadonlyArray<[RegExp, CompareMetric | "move"]> = [
  [/\b(?:ath|all[\s-]time\s+high|peak|record\s+high)\b/, "fromAth"],
  [/\bmarket\s*caps?\b|\bmcap\b|\bcapitali[sz]ation\b|\bvaluation\b/, "marketCap"],
  [/\bvolumes?\b|\btraded\b/, "volume"],
  [
    /\b(?:did|done|doing|gained|gain|gains|up|down|performed|perform|performing|performance|outperform\w*|underperform\w*|beat|points|moved|rose|fell|dropped|better|worse)\b/,
    "move",
  ],
  [
    /\b(?:price|prices|pricier|cheaper|expensive|cost|costs|worth|buy|buys|equal|equals|per|get)\b/,
    "price",
  ],
  [/\b(?:bigger|larger|smaller|size)\b/, "marketCap"],
];

/** The metric a comparison names (CompareMetric), the price when none. */
export function compareMetric(text: string): CompareMetric {
  for (const [pattern, metric] of METRIC_WORDS) {
    if (!pattern.test(text)) continue;
    if (metric !== "move") return metric;
    const window = changeWindow(text) ?? "24h";
    return `move${window}` as CompareMetric;
  }
  return changeWindow(text) ? (`move${changeWindow(text)}` as CompareMetric) : "price";
}

/** The kind of derived figure and whether its roles run against the order of naming. */
function kindOf(text: string): Pick<DerivedAsk, "kind" | "reversed"> | null {
  if (HOW_MANY.test(text)) return { kind: "ratio", reversed: true };
  if (RATIO.test(text)) return { kind: "ratio", reversed: false };
  if (SHARE.test(text)) return { kind: "share", reversed: SHARE_PART_FIRST.test(text) };
  if (DIFFERENCE.test(text)) return { kind: "difference", reversed: false };
  if (SUM.test(text)) return { kind: "sum", reversed: false };
  if (WHICH.test(text) && COMPARATIVE.test(text)) return { kind: "winner", reversed: false };
  return null;
}

/**
 * The derived figure a comparison asks for, read from the folded question with its coins masked
 * (coins.ts maskMentions): "how many SOL for one ETH" (ratio, reversed), "ETH/BTC ratio", "how
 * many times bigger", "what share of BTC's market cap is ETH's", "price difference", "how much
 * larger", "combined market cap", "which did better this week". Null when it asks for none.
 * The caller applies it only when two or more coins are in play.
 */
export function derivedAsk(masked: string): DerivedAsk | null {
  const kind = kindOf(masked);
  if (!kind) return null;
  const coinsNamed = masked.split(C).length - 1;
  return {
    ...kind,
    metric: compareMetric(masked),
    best: SMALLEST_WINS.test(masked) ? "min" : "max",
    usesPrevious: coinsNamed < 2 && POINTS_BACK.test(masked),
  };
}
