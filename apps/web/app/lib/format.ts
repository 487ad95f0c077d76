// Date and text formatting rules of the spec (§3, §5, §9), one place for web and tests.

/** Article card date: month and day, en-US ("Mar 18"), spec §9. Dates are shown in UTC. */
export function formatCardDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** Footer "Most Popular" date: short month and day ("Mar 18"), spec §2. */
export const formatShortMonthDay = formatCardDate;

/** Comment and article dates: day, short month, year, en-GB ("18 Mar 2024"), spec §9. */
export function formatLongDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** Joined date: en-GB, 2-digit day, short month, year ("03 Mar 2024"), spec §2 Account. */
export function formatJoinedDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    day: "2-digit",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/**
 * Shortens text to at most `max` characters (default 45, spec §5) on a word boundary and adds
 * an ellipsis when anything was cut. A single word longer than `max` is cut hard.
 */
export function truncateTitle(text: string, max = 45): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(" ");
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,.;:–-]+$/, "")}…`;
}
