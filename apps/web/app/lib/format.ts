// Date and text formatting rules (docs/product/limits.md#formats, docs/product/site.md#footer), one
// place for web and tests.
import { builtOnFirstUse } from "@pragmatist/contracts";

// Formatters are built on first use (builtOnFirstUse): not at load, and once.
const cardDate = builtOnFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    }),
);
const cardDateWithYear = builtOnFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    }),
);
const joinedDate = builtOnFirstUse(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      day: "2-digit",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }),
);

/**
 * Article card date: month and day, en-US ("Mar 18"), docs/product/limits.md#formats, with the year
 * when it is not the current one ("Mar 18, 2024": a library spanning years reads in order).
 * Dates and years are UTC; `now` is the current instant.
 */
export function formatCardDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const format = date.getUTCFullYear() === now.getUTCFullYear() ? cardDate : cardDateWithYear;
  return format().format(date);
}

/**
 * Joined date: en-GB, 2-digit day, short month, year ("03 Mar 2024"),
 * docs/product/limits.md#formats.
 */
export function formatJoinedDate(iso: string): string {
  return joinedDate().format(new Date(iso));
}

/**
 * An instant as ISO 8601 date and 24-hour time in UTC, to the minute ("2026-11-24 14:05 UTC"): how
 * the studio shows its dates (docs/product/studio.md#studio, docs/product/limits.md#formats), never
 * in a reader's locale. An unparseable value is shown as given.
 */
export function formatIsoDateTimeUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * A day as ISO 8601 in UTC ("2026-11-24"): the studio's date where the time does not matter (a
 * member's join, a subscription, a chart's day), the same format as `formatIsoDateTimeUtc`
 * without the time. An unparseable value is shown as given.
 */
export function formatIsoDateUtc(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(0, 10);
}

/**
 * Shortens text to at most `max` characters (default 45, docs/product/site.md#footer) on a word
 * boundary and adds an ellipsis when anything was cut. A single word longer than `max` is cut
 * hard.
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

// Market figures and the dates shared with the server (Max's answers): one rule, in contracts.
export {
  builtOnFirstUse,
  formatDateTimeUtc,
  formatLongDate,
  formatSignedPercent,
  formatUsdCompact,
  formatUsdPrice,
} from "@pragmatist/contracts";
