// Date and text formatting rules of the spec (§3, §5, §9), one place for web and tests.

// Formatters are built once: creating an Intl.DateTimeFormat per call is costly on every render.
const cardDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const joinedDate = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** Article card date: month and day, en-US ("Mar 18"), spec §9. Dates are shown in UTC. */
export function formatCardDate(iso: string): string {
  return cardDate.format(new Date(iso));
}

/** Footer "Most Popular" date: short month and day ("Mar 18"), spec §2. */
export const formatShortMonthDay = formatCardDate;

/** Comment and article dates: day, short month, year, en-GB ("18 Mar 2024"), spec §9. */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** Joined date: en-GB, 2-digit day, short month, year ("03 Mar 2024"), spec §2 Account. */
export function formatJoinedDate(iso: string): string {
  return joinedDate.format(new Date(iso));
}

/**
 * Shortens text to at most `max` characters (default 45, spec §5) on a word boundary and adds
 * an ellipsis when anything was cut. A single word longer than `max` is cut hard.
 */
export function truncateTitle(text: string, max = 45): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  // When the cut falls right after a whole word, keep that word; else go back to the last space.
  const endsOnWord = clean[max - 1] === " ";
  const lastSpace = room.lastIndexOf(" ");
  const cut = endsOnWord || lastSpace <= 0 ? room : room.slice(0, lastSpace);
  return `${cut.replace(/[\s,.;:–-]+$/, "")}…`;
}

// Market figures (issue #5, Max's stats card and chart): US dollars, en-US, built once like the
// date formatters above. Prices span $0.00001 to $100,000, so small prices keep significant digits.
const usdPrice = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usdSmallPrice = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumSignificantDigits: 2,
  maximumSignificantDigits: 4,
});
const usdCompact = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 2,
});
const signedPercent = new Intl.NumberFormat("en-US", {
  style: "percent",
  signDisplay: "exceptZero",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const dateTimeUtc = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** A price in USD: cents from $1 up ("$64,012.50"), four significant digits below ("$0.0001234"). */
export function formatUsdPrice(usd: number): string {
  return Math.abs(usd) >= 1 ? usdPrice.format(usd) : usdSmallPrice.format(usd);
}

/** A large USD amount, compact ("$1.23T", "$45.6M"): market caps and volumes. */
export function formatUsdCompact(usd: number): string {
  return usdCompact.format(usd);
}

/** A change given in percent points, signed, two decimals ("+3.21%", "-0.50%", "0.00%"). */
export function formatSignedPercent(percent: number): string {
  return signedPercent.format(percent / 100);
}

/** An as-of time in UTC, en-GB ("22 Nov 2026, 07:03 UTC"): when market figures were true. */
export function formatDateTimeUtc(iso: string): string {
  return `${dateTimeUtc.format(new Date(iso))} UTC`;
}
