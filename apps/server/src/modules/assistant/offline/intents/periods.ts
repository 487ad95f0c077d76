// Periods in a question ("last 2 weeks", "since January", "yesterday") as days counted back from now.
import { fold } from "../../assistant.prompt.ts";
import { calendarRange } from "./calendar.ts";

/** Default OHLC period when a price-history question names none (docs/product.md#max-models). */
export const DEFAULT_OHLC_DAYS = 30;
/** CoinGecko's longest OHLC period on the plans we use, and the getOhlc schema's maximum. */
const MAX_OHLC_DAYS = 365;

const DAY_MS = 86_400_000;

/** A period a question names. */
export interface Period {
  /** Days counted back from now, 1..MAX_OHLC_DAYS, or "max" for the whole history there is. */
  days: number | "max";
  /**
   * False for "24h"/"today", which also describe the current quote's 24 h change; true for a
   * period only a price history answers ("yesterday", "last 2 weeks", "since January").
   */
  strong: boolean;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  couple: 2,
  "couple of": 2,
  few: 3,
  "a few": 3,
};

/** "2 weeks", "90d", "3-month" (a number after "$" is an amount, not a period). */
const DIGITS_UNIT =
  /(?<![$\d.,])\b(\d+(?:\.\d+)?)\s*-?\s*(hours?|hrs?|h|days?|d|weeks?|wks?|w|months?|mos?|m|years?|yrs?|y)\b/;
/** "two weeks", "a month", "a couple of days": spelt numbers take only spelt units. */
const WORDS_UNIT =
  /\b(a few|couple of|couple|few|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(hours?|days?|weeks?|months?|years?)\b/;

/** Periods named by a word, checked in order: [pattern, days, strong]. */
const NAMED_PERIODS: ReadonlyArray<[RegExp, number, boolean]> = [
  [/\byesterday\b/, 1, true],
  [/\bfortnight\b/, 14, true],
  [/\bhalf\s+(?:a\s+)?year\b/, 180, true],
  [/\bquarter\b/, 90, true],
  [/\b(?:this|last|past|previous)\s+week\b/, 7, true],
  [/\b(?:this|last|past|previous)\s+month\b/, 30, true],
  [/\b(?:last|past|previous)\s+year\b/, 365, true],
  [/\btoday\b|\bintraday\b/, 1, false],
];

/**
 * The whole history ("all-time chart", "its entire price history", "since launch"): getOhlc's
 * "max" (docs/product.md#max-tools). "All-time high/low" is a figure, not a period.
 */
const WHOLE_HISTORY =
  /\ball[\s-]time\b(?!\s+(?:high|low|highs|lows)\b)|\b(?:whole|entire|full|complete)\s+(?:\S+\s+){0,2}?history\b|\ball\s+(?:the\s+|of\s+(?:the|its)\s+)?(?:\S+\s+){0,2}?history\b|\bsince\s+(?:its\s+|the\s+)?(?:launch|launched|inception|listing|genesis|creation|start|beginning|day\s+one)\b|\bmax(?:imum)?\s+(?:range|period|history)\b|\b(?:longest|maximum)\s+(?:range|period|history)\b/;

/** The 24 h, 7 d or 30 d change that getTokenData reports. */
export type ChangeWindow = "24h" | "7d" | "30d";

/**
 * Time words about how a coin is doing now, each answered by one of getTokenData's changes
 * (issue #12 class 3): checked in order, longest window first.
 */
const CHANGE_WINDOWS: ReadonlyArray<[RegExp, ChangeWindow]> = [
  [
    /\b(?:this|past|last|previous)\s+month\b|\b(?:past|last)\s+(?:30|thirty)\s*(?:days|d)\b|\b30\s*-?d\b|\bmonth\s+so\s+far\b/,
    "30d",
  ],
  [
    /\b(?:this|past|last|previous)\s+week\b|\b(?:past|last)\s+(?:7|seven)\s*(?:days|d)\b|\b7\s*-?d\b|\bweek\s+so\s+far\b|\blately\b|\brecently\b|\bthese\s+days\b|\bof\s+late\b/,
    "7d",
  ],
  [
    /\btoday\b|\b(?:since\s+)?yesterday\b|\b24\s*-?\s*h(?:ours?|rs?)?\b|\b(?:past|last)\s+day\b|\bat\s+the\s+moment\b|\bright\s+now\b|\bcurrently\b|\bintraday\b|\bas\s+we\s+speak\b|\bnow\b/,
    "24h",
  ],
];

function clampDays(days: number): number {
  return Math.min(MAX_OHLC_DAYS, Math.max(1, Math.round(days)));
}

/**
 * A calendar period (calendar.ts: "in 2025", "this year", "since March") as the days from its
 * start to now, so the history served covers it; "max" when that is past MAX_OHLC_DAYS.
 */
function calendarPeriod(question: string, now: Date): Period | null {
  const range = calendarRange(question, now);
  if (!range) return null;
  const days = Math.ceil((now.getTime() - range.from) / DAY_MS);
  return { days: days > MAX_OHLC_DAYS ? "max" : clampDays(days), strong: true };
}

/** A count and a unit ("2 weeks", "90d", "a couple of days"); hours up to 24 are not strong. */
function countedPeriod(text: string): Period | null {
  const unit = DIGITS_UNIT.exec(text) ?? WORDS_UNIT.exec(text);
  if (!unit?.[1] || !unit[2]) return null;
  const count = NUMBER_WORDS[unit[1]] ?? Number(unit[1]);
  const u = unit[2];
  if (u.startsWith("h")) return { days: clampDays(Math.ceil(count / 24)), strong: count > 24 };
  if (u.startsWith("d")) return { days: clampDays(count), strong: true };
  if (u.startsWith("w")) return { days: clampDays(count * 7), strong: true };
  if (u.startsWith("m")) return { days: clampDays(count === 12 ? 365 : count * 30), strong: true };
  return { days: clampDays(count * 365), strong: true };
}

/** A period named by a word (NAMED_PERIODS), or the whole history (WHOLE_HISTORY). */
function namedPeriod(text: string): Period | null {
  if (WHOLE_HISTORY.test(text)) return { days: "max", strong: true };
  for (const [pattern, days, strong] of NAMED_PERIODS)
    if (pattern.test(text)) return { days, strong };
  return null;
}

/**
 * The period a question names, in days counted back from `now` (docs/product.md#max-models):
 * "last 2 weeks" 14, "90 days", "3 months" 90, "past year"/"12 months" 365, a calendar period
 * ("in 2025", "this year", "since January": calendar.ts) from its first day, "yesterday"/"24h" 1,
 * "this week" 7; "max" for the whole history ("all-time chart", "since launch") and for a
 * calendar period that starts more than 365 days back (CoinGecko's OHLC maximum). Null when none
 * is named.
 */
export function parsePeriod(question: string, now: Date): Period | null {
  const text = fold(question);
  return calendarPeriod(question, now) ?? countedPeriod(text) ?? namedPeriod(text);
}

/**
 * The change window a question's time words ask about ("at the moment", "since yesterday",
 * "today" 24 h; "this week", "lately" 7 d; "this month" 30 d), or null (issue #12 class 3: these
 * ask for the coin's current data, docs/product.md#max-models).
 */
export function changeWindow(question: string): ChangeWindow | null {
  const text = fold(question);
  for (const [pattern, window] of CHANGE_WINDOWS) if (pattern.test(text)) return window;
  return null;
}
