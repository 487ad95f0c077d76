// Calendar periods in a question ("in 2025", "this year", "in March", "the summer of 2025", "since
// January") as UTC date ranges (issue #12 held-out class: a named period is answered for itself).
import { fold } from "../../assistant.prompt.ts";

/** A calendar period a question names, in UTC. */
export interface CalendarRange {
  /** Epoch ms of the period's first instant. */
  from: number;
  /** Epoch ms just after the period's end (exclusive), at most `now`. */
  to: number;
  /** The period as answers name it after "in": "2025", "March 2025", "the summer of 2025". */
  label: string;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
/** A month's name or its usual abbreviation, in folded text. */
const MONTH =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
/** A year from Bitcoin's first (2009) on; amounts ("$2025", "2025%") are not years. */
const YEAR = "(?<![$\\d.,])(20[0-3]\\d)(?![\\d%k])";
/** Words that put a month without a year in a period ("in May": "may" alone is a verb). */
const BEFORE_MONTH =
  "\\b(?:in|during|for|over|through(?:out)?|of|across)\\s+(?:the\\s+month\\s+of\\s+)?";
/** Seasons as months (0-based start, length), meteorological, northern hemisphere. */
const SEASONS: Readonly<Record<string, [number, number]>> = {
  spring: [2, 3],
  summer: [5, 3],
  autumn: [8, 3],
  fall: [8, 3],
  winter: [11, 3],
};

const monthIndex = (word: string) =>
  MONTH_NAMES.findIndex((m) => word.startsWith(m.slice(0, 3).toLowerCase()));

/** `months` months from the first of `month` in `year`, cut at `now`. */
function months(
  year: number,
  month: number,
  count: number,
  label: string,
  now: Date,
): CalendarRange {
  const to = Date.UTC(year, month + count, 1);
  return { from: Date.UTC(year, month, 1), to: Math.min(to, now.getTime()), label };
}

/** The latest year in which `month` has begun by `now`. */
function latestYearOf(month: number, now: Date): number {
  const year = now.getUTCFullYear();
  return Date.UTC(year, month, 1) > now.getTime() ? year - 1 : year;
}

/** "since March", "since March 2025", "since 2024", "since the start of the year". */
function sincePeriod(text: string, now: Date): CalendarRange | null {
  const month = new RegExp(
    `\\bsince\\s+(?:the\\s+(?:start|beginning)\\s+of\\s+)?${MONTH}\\b(?:\\s+${YEAR})?`,
  ).exec(text);
  if (month?.[1]) {
    const m = monthIndex(month[1]);
    const year = month[2] ? Number(month[2]) : latestYearOf(m, now);
    const label = `the period since 1 ${MONTH_NAMES[m]?.slice(0, 3)} ${year}`;
    return { from: Date.UTC(year, m, 1), to: now.getTime(), label };
  }
  const year = new RegExp(`\\bsince\\s+(?:the\\s+(?:start|beginning)\\s+of\\s+)?${YEAR}`).exec(
    text,
  );
  if (!year?.[1]) return null;
  const y = Number(year[1]);
  return { from: Date.UTC(y, 0, 1), to: now.getTime(), label: `the period since 1 Jan ${y}` };
}

/** "this year", "year to date", "YTD", "since new year"; "last year" as the calendar year before. */
function relativeYear(text: string, now: Date): CalendarRange | null {
  const year = now.getUTCFullYear();
  if (
    /\b(?:this\s+year|year\s+to\s+date|ytd|since\s+(?:the\s+)?new\s+year|(?:start|beginning)\s+of\s+(?:the|this)\s+year)\b/.test(
      text,
    )
  ) {
    return months(year, 0, 12, String(year), now);
  }
  // "over the last year" and "in the last year" are the past 12 months (periods.ts), not a calendar year.
  if (/(?<!\bthe\s)(?<!\bpast\s)\blast\s+(?:calendar\s+)?year\b/.test(text)) {
    return months(year - 1, 0, 12, String(year - 1), now);
  }
  return null;
}

/** "the summer of 2025", "Q1 2025", "March 2025", "in March" (its latest March), "in 2025". */
function namedSpan(text: string, now: Date): CalendarRange | null {
  const season = new RegExp(`\\b(spring|summer|autumn|fall|winter)\\s+(?:of\\s+)?${YEAR}`).exec(
    text,
  );
  if (season?.[1] && season[2]) {
    const [start, count] = SEASONS[season[1]] ?? [5, 3];
    return months(Number(season[2]), start, count, `the ${season[1]} of ${season[2]}`, now);
  }
  const quarter = new RegExp(`\\bq([1-4])\\s*(?:of\\s+)?${YEAR}`).exec(text);
  if (quarter?.[1] && quarter[2]) {
    const q = Number(quarter[1]);
    return months(Number(quarter[2]), (q - 1) * 3, 3, `Q${q} ${quarter[2]}`, now);
  }
  const dated = new RegExp(`\\b${MONTH}\\s+(?:of\\s+)?${YEAR}`).exec(text);
  const bare = dated ? null : new RegExp(`${BEFORE_MONTH}${MONTH}\\b`).exec(text);
  const month = dated ?? bare;
  if (month?.[1]) {
    const m = monthIndex(month[1]);
    const year = dated?.[2] ? Number(dated[2]) : latestYearOf(m, now);
    return months(year, m, 1, `${MONTH_NAMES[m]} ${year}`, now);
  }
  const year = new RegExp(`\\b${YEAR}\\b`).exec(text);
  if (!year?.[1] || Number(year[1]) < 2009 || Number(year[1]) > now.getUTCFullYear()) return null;
  return months(Number(year[1]), 0, 12, year[1], now);
}

/**
 * The calendar period `question` names, as a UTC range cut at `now` (docs/product.md#max-models):
 * "since March [2025]"/"since 2024" (to now), "this year"/"year to date"/"YTD" (1 January of
 * `now`'s year to now), "last year" (the calendar year before; "over the last year" is the past
 * 12 months and not a calendar period), "the summer of 2025" (meteorological seasons: spring
 * March–May, summer June–August, autumn September–November, winter December–February), "Q1
 * 2025", "March 2025", "in March" (its latest March begun by `now`) and "in 2025" (years 2009 to
 * `now`'s). Null when none is named. Pure: `now` is the model's clock.
 */
export function calendarRange(question: string, now: Date): CalendarRange | null {
  const text = fold(question);
  return sincePeriod(text, now) ?? relativeYear(text, now) ?? namedSpan(text, now);
}
