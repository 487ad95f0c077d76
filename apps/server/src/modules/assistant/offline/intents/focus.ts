// What a question about one coin asks for first: a figure, a move over a window, or a yes/no about
// a price level, so the answer's first sentence can answer it (issue #12 class 4).
import { NUMBER_SCALES } from "../../../../text/number-scales.ts";
import { fold } from "../../assistant.prompt.ts";
import { type ChangeWindow, changeWindow } from "./periods.ts";

/** A figure of getTokenData a question can ask for. */
export type TokenFigure = "price" | "marketCap" | "volume" | "supply" | "rank" | "ath" | "fromAth";

/** What a token question asks for first. */
export type TokenFocus =
  | { kind: "figure"; figure: TokenFigure }
  /** The change over a window; `asked` is the direction a yes/no question asks about. */
  | { kind: "move"; window: ChangeWindow; asked: "up" | "down" | null }
  /** "Is BTC above $100k?": a yes/no about the price against `level` (USD). */
  | { kind: "level"; above: boolean; level: number };

/** Figures by the words that ask for them, checked in order (the distance from the high first). */
const FIGURE_WORDS: ReadonlyArray<[RegExp, TokenFigure]> = [
  [
    /\b(?:far|distance|away|below|under|down|off|short|drawdown)\b.{0,30}\b(?:ath|all[\s-]time\s+high|peak|record(?:\s+high)?|high)\b|\bfrom\s+(?:its|the)\s+(?:ath|all[\s-]time\s+high|peak)\b/,
    "fromAth",
  ],
  [/\b(?:ath|all[\s-]time\s+high|record\s+high|highest\s+(?:price\s+)?ever|peak\s+price)\b/, "ath"],
  [/\bmarket\s*caps?\b|\bmcap\b|\bcapitali[sz]ation\b|\bvaluation\b/, "marketCap"],
  [/\bvolumes?\b|\bturnover\b|\bhow\s+much\b.{0,30}\btraded\b/, "volume"],
  [
    /\bsupply\b|\bin\s+circulation\b|\bcirculating\b|\bhow\s+many\b.{0,30}\b(?:exist|are\s+there|mined)\b/,
    "supply",
  ],
  [/\branks?\b|\branking\b|\branked\b|\bposition\b|\bplace\b/, "rank"],
];

/** Words of a move: how a coin is doing or what it did. */
const MOVE_WORDS =
  /\b(?:doing|done|did|move|moved|moving|moves|change|changed|perform|performed|performing|performance|gain|gained|gains|lose|lost|losing|drop|dropped|rise|rose|risen|fall|fell|fallen|pump|pumped|dump|dumped|fared|been|up|down|green|red)\b/;
/** Words of the price itself. */
const PRICE_WORDS =
  /\b(?:price|prices|cost|costs|worth|value|trading\s+at|quote|how\s+much|going\s+for|stats|overview|data|info|snapshot)\b/;
const ASKS_UP =
  /\b(?:up|gain|gained|rise|rose|risen|pump|pumped|green|higher|climb|climbed|rally|rallied)\b/;
const ASKS_DOWN =
  /\b(?:down|drop|dropped|fall|fell|fallen|lose|lost|dump|dumped|red|lower|crash|crashed|decline|declined|dip|dipped)\b/;
/** A yes/no question: it opens with a verb ("is", "did", "has" …). */
const YES_NO = /^\s*(?:and\s+)?(?:is|are|was|were|did|does|do|has|have|had)\b/;
/** "above $100k", "under 2,000 dollars": a level the price is asked against. */
const LEVEL =
  /\b(above|over|below|under|more\s+than|less\s+than|higher\s+than|lower\s+than|beyond)\s+\$?\s?(\d[\d,]*(?:\.\d+)?)\s*(k|thousand|m|mn|million|b|bn|billion|cents?)?\b(?!\s*(?:days?|weeks?|months?|years?|hours?|%|percent))/;
/** A level's scale words: NUMBER_SCALES, and cents as a fraction of a dollar ("10 cents"). */
const LEVEL_SCALES: Readonly<Record<string, number>> = {
  ...NUMBER_SCALES,
  cent: 0.01,
  cents: 0.01,
};

/** The level a yes/no question asks the price against, or null. */
function levelFocus(text: string): TokenFocus | null {
  if (!YES_NO.test(text) && !/\?\s*$/.test(text)) return null;
  const m = LEVEL.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const level = Number(m[2].replace(/,/g, "")) * (LEVEL_SCALES[m[3] ?? ""] ?? 1);
  if (!Number.isFinite(level) || level <= 0) return null;
  return { kind: "level", above: !/below|under|less|lower/.test(m[1]), level };
}

/** The direction a yes/no question asks about ("did it go up?"), or null ("up or down?"). */
function askedDirection(text: string): "up" | "down" | null {
  if (!YES_NO.test(text)) return null;
  const up = ASKS_UP.test(text);
  const down = ASKS_DOWN.test(text);
  return up === down ? null : up ? "up" : "down";
}

/**
 * What a question about a coin asks for first (issue #12 class 4, docs/product.md#max-answers):
 * a yes/no about a price level ("is BTC above $100k?"), a figure by its words (distance from the
 * all-time high, the high itself, market cap, volume, supply, rank), or the move over the window
 * its time words name ("how is ETH doing this week?" 7 d; "did SOL go up today?" 24 h, with the
 * direction asked). Null when it asks for nothing in particular (the price then answers).
 */
export function tokenFocus(question: string): TokenFocus | null {
  const text = fold(question);
  const level = levelFocus(text);
  if (level) return level;
  for (const [pattern, figure] of FIGURE_WORDS) {
    if (pattern.test(text)) return { kind: "figure", figure };
  }
  const window = changeWindow(question);
  const moves = MOVE_WORDS.test(text);
  if (moves && (window || !PRICE_WORDS.test(text))) {
    return { kind: "move", window: window ?? "24h", asked: askedDirection(text) };
  }
  if (PRICE_WORDS.test(text)) return { kind: "figure", figure: "price" };
  return window ? { kind: "move", window, asked: askedDirection(text) } : null;
}

/** What a price-history question asks for first: the move over the period, or its high or low. */
export type HistoryFocus = "change" | "high" | "low";

/**
 * The figure a price-history question asks for first (issue #12 class 4): the period's high
 * ("highest price", "peak"), its low ("lowest", "bottom"), else the move over it. The all-time
 * high is a market figure, not a period's high.
 */
export function historyFocus(question: string): HistoryFocus {
  const text = fold(question).replace(/\ball[\s-]time\s+(?:high|low)s?\b/g, "");
  if (/\b(?:highest|peak|top\s+price|high)\b/.test(text)) return "high";
  if (/\b(?:lowest|bottom|low)\b/.test(text)) return "low";
  return "change";
}
