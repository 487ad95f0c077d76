// Market figures and dates as readers see them (docs/product/limits.md#formats; Max's stats
// card and answers), one rule for the web and the server; free of zod so browser bundles stay
// small.

/**
 * A value made by `make` on the first call and reused on every later one. Intl formatters are
 * built so, once and only when something is formatted: creating one per call is costly on every
 * render, and the first `Intl.DateTimeFormat` of a browser page costs 80 to 260 ms (the locale
 * and time-zone data it loads; docs/architecture.md#what-a-readers-phone-pays), which a page that
 * formats nothing while it hydrates should not pay at load.
 */
export function builtOnFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

// Prices span $0.00001 to $100,000, so small prices keep significant digits.
const usdPrice = builtOnFirstUse(
  () =>
    new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);
const usdSmallPrice = builtOnFirstUse(
  () =>
    new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumSignificantDigits: 2,
      maximumSignificantDigits: 4,
    }),
);
const usdCompact = builtOnFirstUse(
  () =>
    new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      notation: "compact",
      maximumFractionDigits: 2,
    }),
);
const signedPercent = builtOnFirstUse(
  () =>
    new Intl.NumberFormat("en-US", {
      style: "percent",
      signDisplay: "exceptZero",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);
const longDate = builtOnFirstUse(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }),
);
const dateTimeUtc = builtOnFirstUse(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "UTC",
    }),
);

/**
 * A price in USD: cents from $1 up, and for zero ("$64,012.50", "$0.00"); two to four significant
 * digits below ("$0.50", "$0.0000009048").
 */
export function formatUsdPrice(usd: number): string {
  const abs = Math.abs(usd);
  return abs >= 1 || abs === 0 ? usdPrice().format(usd) : usdSmallPrice().format(usd);
}

/** A large USD amount, compact ("$1.23T", "$45.6M"): market caps and volumes. */
export function formatUsdCompact(usd: number): string {
  return usdCompact().format(usd);
}

/** A change given in percent points, signed, two decimals ("+3.21%", "-0.50%", "0.00%"). */
export function formatSignedPercent(percent: number): string {
  return signedPercent().format(percent / 100);
}

/** `at` (ISO 8601 or epoch ms) as a Date, or null when it names no instant. */
function instant(at: string | number): Date | null {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date: day, short month, year, en-GB, in UTC ("18 Mar 2024"), as comment and article dates are
 * shown (docs/product/limits.md#formats). An unparseable value is shown as given.
 */
export function formatLongDate(at: string | number): string {
  const date = instant(at);
  return date ? longDate().format(date) : String(at);
}

/**
 * An instant in UTC, en-GB, 24-hour ("22 Nov 2026, 07:03 UTC"): when market figures were true
 * (docs/product/limits.md#formats; the studio shows ISO 8601 instead, web `formatIsoDateTimeUtc`).
 * An unparseable value is shown as given.
 */
export function formatDateTimeUtc(at: string | number): string {
  const date = instant(at);
  return date ? `${dateTimeUtc().format(date)} UTC` : String(at);
}

/** An adult's silent reading speed used for reading times (words a minute). */
const WORDS_PER_MINUTE = 230;

/** The words of a plain text: its runs of characters between white space. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * Reading time in whole minutes (at least 1) of `words` words (`wordCount` of a plain text), at
 * 230 words a minute: what the article's cards and page show, and what the editor shows while
 * writing.
 */
export function readingTimeMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
