// The time a message asks about (eval class R6, docs/product/max.md#eval-classes, decision 013):
// dates and ranges by chrono-node ("on 1 April", "between January and March 2025", "from mid-March
// to now"), and our own rules for what chrono does not model: the 24 h / 7 d / 30 d changes the
// market data reports, windows counted back from now ("last 90 days", "six weeks"), years,
// quarters, seasons and the whole history.
import * as chrono from "chrono-node";
import { type Token, tokenize } from "../../../../text/words.ts";

/** The 24 h, 7 d or 30 d change that getTokenData reports. */
export type ChangeWindow = "24h" | "7d" | "30d";

/** A calendar period a message names, in UTC. */
export interface CalendarRange {
  /** Epoch ms of the period's first instant. */
  from: number;
  /** Epoch ms just after the period's end (exclusive), at most `now`. */
  to: number;
  /** The period as answers name it after "in": "2025", "March 2025", "Q1 2025". */
  label: string;
}

/** What a message says about time. */
export interface TimeAsk {
  /** The current change its time words ask about ("today" 24 h, "this week" 7 d), if any. */
  window: ChangeWindow | null;
  /** Days of history counted back from now ("last 90 days"), "max" for the whole history. */
  days: number | "max" | null;
  /** A calendar period ("in 2025", "Q1 2025", "on 1 April", "since March"), if any. */
  range: CalendarRange | null;
}

/** A day in milliseconds. */
export const DAY_MS = 86_400_000;
/** CoinGecko's longest OHLC period on the plans we use (getOhlc's maximum). */
const MAX_OHLC_DAYS = 365;
const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
const MONTH_NAMES =
  "January February March April May June July August September October November December".split(
    " ",
  );

/** Word sequences naming a current change, longest window first. */
const WINDOWS: ReadonlyArray<[string[], ChangeWindow]> = [
  [
    [
      "this month",
      "past month",
      "last month",
      "30 days",
      "30d",
      "month so far",
      "on the month",
      "monthly",
    ],
    "30d",
  ],
  [
    [
      "this week",
      "past week",
      "last week",
      "7 days",
      "7d",
      "7 day",
      "lately",
      "recently",
      "these days",
      "on the week",
      "weekly",
    ],
    "7d",
  ],
  [
    [
      "today",
      "on the day",
      "daily",
      "now",
      "currently",
      "at the moment",
      "24h",
      "24 hours",
      "past day",
      "yesterday",
      "intraday",
    ],
    "24h",
  ],
];
/** Units of a counted window, in days. */
const UNITS: Readonly<Record<string, number>> = {
  hour: 1 / 24,
  day: 1,
  d: 1,
  week: 7,
  w: 7,
  wk: 7,
  month: 30,
  mo: 30,
  m: 30,
  year: 365,
  yr: 365,
  y: 365,
};
/** Counts written as words that compromise leaves as they are. */
const COUNT_WORDS: Readonly<Record<string, number>> = { couple: 2, few: 3, several: 3 };
/** Words naming a fixed window. */
const NAMED_DAYS: Readonly<Record<string, number>> = {
  fortnight: 14,
  quarter: 90,
};
/** Meteorological seasons (northern hemisphere): first month (0-based), three months long. */
const SEASONS: Readonly<Record<string, number>> = {
  spring: 2,
  summer: 5,
  autumn: 8,
  fall: 8,
  winter: 11,
};
/** Words of a high, which the market data's all-time high answers. */
const HIGH_WORDS = new Set(["high", "highest", "peak", "ath", "record"]);
/** Words that ask for the whole history; "all time" too, but not "all-time high". */
const WHOLE_HISTORY = new Set(["inception", "launch", "genesis", "listing", "max"]);

/** Whether the folded words `phrase` occur in `words` (space-joined folded tokens, padded). */
const has = (words: string, phrase: string) => words.includes(` ${phrase} `);

/** The unit of "90d", "6-week", "weeks": its days, or null. */
function unitDays(word: string): number | null {
  const singular = word.endsWith("s") && word.length > 2 ? word.slice(0, -1) : word;
  return UNITS[singular] ?? null;
}

/** "last 90 days", "six weeks" (digits already), "90d", "a fortnight": days counted back. */
function countedDays(tokens: Token[]): number | null {
  for (let i = 0; i < tokens.length; i += 1) {
    const word = tokens[i]!.norm;
    const named = NAMED_DAYS[word];
    if (named) return named;
    const glued = Number.parseFloat(word);
    if (Number.isFinite(glued) && String(glued) !== word) {
      const days = unitDays(word.slice(String(glued).length).replace("-", ""));
      if (days) return glued * days;
    }
    const skip = tokens[i + 1]?.norm === "of" ? 1 : 0;
    const next = tokens[i + 1 + skip]?.norm ?? "";
    const count = COUNT_WORDS[word] ?? Number(word);
    const days = unitDays(next);
    // Twelve months are a year (365 days), not 360.
    if (days === 30 && count % 12 === 0) return (count / 12) * 365;
    if (days && Number.isFinite(count) && word !== "") return count * days;
    if (days && (word === "a" || word === "an" || word === "one") && days >= 7) return days;
    if (days === 365 && (word === "past" || word === "last") && tokens[i - 1]?.norm === "the") {
      return 365;
    }
  }
  return null;
}

function clampDays(days: number): number {
  return Math.min(MAX_OHLC_DAYS, Math.max(1, Math.ceil(days)));
}

/** `count` months from the first of `month` in `year`, cut at `now`. */
function months(year: number, month: number, count: number, label: string, now: Date) {
  const to = Date.UTC(year, month + count, 1);
  return { from: Date.UTC(year, month, 1), to: Math.min(to, now.getTime()), label };
}

/** The year a month or season without one means: its latest start before `now`. */
function latestYear(month: number, now: Date): number {
  const year = now.getUTCFullYear();
  return Date.UTC(year, month, 1) > now.getTime() ? year - 1 : year;
}

/** "in 2025", "Q1 2025", "summer 2025", "last summer", "this year", "YTD", "last year". */
function namedRange(tokens: Token[], words: string, now: Date): CalendarRange | null {
  const year = now.getUTCFullYear();
  const years = tokens.map((t) => Number(t.norm)).filter((y) => y >= 2009 && y <= year);
  for (let i = 0; i < tokens.length; i += 1) {
    const word = tokens[i]!.norm;
    const season = SEASONS[word];
    if (season !== undefined) {
      // Without a year: the latest season of that name that has ended ("last summer").
      const latest = latestYear(season, now);
      const ended = Date.UTC(latest, season + 3, 1) <= now.getTime() ? latest : latest - 1;
      const chosen = years[0] ?? ended;
      return months(chosen, season, 3, `the ${word} of ${chosen}`, now);
    }
    // "Q2 2025", and "the 2nd quarter of 2025" (compromise writes ordinals as digits).
    const ordinal = word === "quarter" ? Number.parseInt(tokens[i - 1]?.norm ?? "", 10) : NaN;
    const quarter = word.length === 2 && word[0] === "q" ? Number(word[1]) : ordinal;
    if (quarter >= 1 && quarter <= 4 && years[0]) {
      return months(years[0], (quarter - 1) * 3, 3, `Q${quarter} ${years[0]}`, now);
    }
    // "the first 90 days of 2025": from the year's start.
    if ((word === "first" || word === "1st") && years[0]) {
      const days = countedDays(tokens.slice(i + 1, i + 3));
      if (days) {
        const from = Date.UTC(years[0], 0, 1);
        const to = Math.min(from + days * DAY_MS, now.getTime());
        return { from, to, label: `the first ${days} days of ${years[0]}` };
      }
    }
  }
  if (has(words, "this year") || has(words, "ytd") || has(words, "year to date")) {
    return months(year, 0, 12, String(year), now);
  }
  if (has(words, "last year") && !has(words, "the last year") && !has(words, "past year")) {
    return months(year - 1, 0, 12, String(year - 1), now);
  }
  return years.length === 1 ? months(years[0]!, 0, 12, String(years[0]), now) : null;
}

/** A chrono date given without a year and past `now`: the same day a year earlier. */
function pastDate(component: chrono.ParsedComponents, now: Date): Date {
  const date = component.date();
  if (component.isCertain("year") || date.getTime() <= now.getTime()) return date;
  return new Date(Date.UTC(date.getUTCFullYear() - 1, date.getUTCMonth(), date.getUTCDate()));
}

/** The first instant of a chrono date's day (or month, when no day was given), UTC. */
function startOf(component: chrono.ParsedComponents, now: Date, year?: number): number {
  const past = pastDate(component, now);
  const d = year === undefined ? past : new Date(Date.UTC(year, past.getUTCMonth(), 1));
  const day = component.isCertain("day") ? d.getUTCDate() : 1;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), day);
}

/** Just after a chrono date's day (or month, when no day was given), UTC, at most `now`. */
function endOf(component: chrono.ParsedComponents, now: Date): number {
  const d = pastDate(component, now);
  const end = component.isCertain("day")
    ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)
    : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return Math.min(end, now.getTime());
}

/** "1 Mar 2025" for a day, "March 2025" for a month. */
const label = (at: number, day: boolean) => {
  const d = new Date(at);
  const month = day ? MONTHS[d.getUTCMonth()] : MONTH_NAMES[d.getUTCMonth()];
  return `${day ? `${d.getUTCDate()} ` : ""}${month} ${d.getUTCFullYear()}`;
};

/** Month names and their abbreviations, folded, as a calendar date writes them. */
export const MONTH_WORDS = new Set([
  ...MONTHS.map((m) => m.toLowerCase()),
  ..."january february march april june july august september sept october november december".split(
    " ",
  ),
]);

/**
 * A calendar result of chrono's: a date written with a month's name or in digits ("1 April",
 * "2024-03-01"), not a relative phrase such as "this month" or "2 weeks ago".
 */
function isCalendar(result: chrono.ParsedResult): boolean {
  if ([...result.tags()].includes("result/relativeDate")) return false;
  const words = result.text.toLowerCase().split(" ");
  const named = words.some((w) => MONTH_WORDS.has(w.replace("mid-", "")) || /\d/.test(w));
  return result.start.isCertain("month") && named;
}

/**
 * Dates and ranges chrono reads: "between January and March 2025" (the first month takes the
 * second's year), "from mid-March to now", "1 July 2024 to 30 September 2024", "on 1 April", "May
 * 2025", "since March" (to now). Dates without a year are the latest such date before `now`.
 */
function chronoRange(text: string, words: string, now: Date): CalendarRange | null {
  // chrono reads "may to july 2023" as a range, but not "between may and july 2023" (May is a modal).
  const ranged = text.replace(/\bbetween\s+(\p{L}+(?:\s+\d{4})?)\s+and\s+/giu, "$1 to ");
  const found = chrono.parse(ranged, now).filter(isCalendar);
  const [first, second] = found;
  if (!first) return null;
  const day = first.start.isCertain("day");
  if (first.end) {
    // "between October and December 2023": the start takes the end's year.
    const endYear = first.end.isCertain("year") && !first.start.isCertain("year");
    const from = startOf(
      first.start,
      now,
      endYear ? (first.end.get("year") ?? undefined) : undefined,
    );
    const to = endOf(first.end, now);
    return {
      from,
      to,
      label: `${label(from, day)} to ${label(to - 1, first.end.isCertain("day"))}`,
    };
  }
  if (second && !second.end) {
    // "between January and March 2025": the first month takes the second's year.
    const year =
      second.start.isCertain("year") && !first.start.isCertain("year")
        ? (second.start.get("year") ?? undefined)
        : undefined;
    const from = startOf(first.start, now, year);
    const to = endOf(second.start, now);
    return {
      from,
      to,
      label: `${label(from, day)} to ${label(to - 1, second.start.isCertain("day"))}`,
    };
  }
  const from = startOf(first.start, now);
  if (has(words, "since") || has(words, "from")) {
    return { from, to: now.getTime(), label: `the period since ${label(from, true)}` };
  }
  return { from, to: endOf(first.start, now), label: label(from, day) };
}

/**
 * What `tokens` (of `text`, spelled numbers as digits) say about time, at `now`: the change window
 * of "today" / "this week" / "this month", the days of a counted window ("last 90 days", "six
 * weeks", "a fortnight"), "max" for the whole history ("all time", "since launch", "ever"), and a
 * calendar period (chronoRange, then years, quarters, seasons, "this year", "last year"). A
 * calendar period also sets `days` to reach back to its start ("max" past CoinGecko's 365).
 */
export function readTime(text: string, tokens: Token[], now: Date): TimeAsk {
  // "May '25": a two-digit year after an apostrophe is this century's.
  const apostrophe = text.indexOf("'2");
  if (apostrophe >= 0 && /^'2\d\b/.test(text.slice(apostrophe))) {
    const full = `${text.slice(0, apostrophe)}20${text.slice(apostrophe + 1)}`;
    return readTime(full, tokenize(full), now);
  }
  const words = ` ${tokens.map((t) => t.norm).join(" ")} `;
  const range = chronoRange(text, words, now) ?? namedRange(tokens, words, now);
  const spoken = WINDOWS.find(([phrases]) => phrases.some((p) => has(words, p)))?.[1] ?? null;
  const window = range ? null : spoken;
  const whole = tokens.some((t) => ["whole", "entire", "full", "complete", "all"].includes(t.norm));
  // Stems, so "the all time highs of BNB and Solana" is the figure, not the whole history.
  const stems = ` ${tokens.map((t) => t.stem).join(" ")} `;
  const allTime =
    (has(words, "all time") && !has(stems, "all time high") && !has(stems, "all time low")) ||
    tokens.some((t) => WHOLE_HISTORY.has(t.norm)) ||
    // "the lowest price ever": the whole history ("highest ever" is the all-time high).
    (tokens.some((t) => t.norm === "ever") && !tokens.some((t) => HIGH_WORDS.has(t.norm))) ||
    (whole && has(words, "history"));
  let days: number | "max" | null = allTime ? "max" : null;
  if (range) {
    const back = Math.ceil((now.getTime() - range.from) / DAY_MS);
    days = back > MAX_OHLC_DAYS ? "max" : clampDays(back);
  } else if (!allTime) {
    const counted = countedDays(tokens);
    days = counted === null ? null : clampDays(counted);
  }
  return { window, days, range };
}
