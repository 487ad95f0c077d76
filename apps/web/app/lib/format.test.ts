// The display rules for dates and titles (docs/product/limits.md#formats,
// docs/product/site.md#footer), as readers see them.
import { describe, expect, it } from "vitest";
import {
  formatCardDate,
  formatIsoDateTimeUtc,
  formatJoinedDate,
  formatLongDate,
  truncateTitle,
} from "./format.ts";

describe("dates", () => {
  it("shows card dates as short month and day (en-US), in UTC, with the year when not this year", () => {
    const now = new Date("2024-11-29T12:00:00.000Z");
    expect(formatCardDate("2024-03-08T23:30:00.000Z", now)).toBe("Mar 8");
    expect(formatCardDate("2023-12-31T23:30:00.000Z", now)).toBe("Dec 31, 2023");
    expect(formatCardDate("2022-06-01T00:00:00.000Z", now)).toBe("Jun 1, 2022");
  });
  it("shows comment and article dates as day, short month, year (en-GB)", () => {
    expect(formatLongDate("2024-03-08T00:00:00.000Z")).toBe("8 Mar 2024");
  });
  it("shows the joined date with a 2-digit day (en-GB)", () => {
    expect(formatJoinedDate("2024-03-08T00:00:00.000Z")).toBe("08 Mar 2024");
  });
  it("shows the studio's instants as ISO 8601 date and 24-hour time, in UTC", () => {
    expect(formatIsoDateTimeUtc("2026-11-24T14:05:59.900Z")).toBe("2026-11-24 14:05 UTC");
    expect(formatIsoDateTimeUtc("2026-11-24T23:05:00+02:00")).toBe("2026-11-24 21:05 UTC");
    expect(formatIsoDateTimeUtc("soon")).toBe("soon");
  });
});

describe("truncateTitle (45 characters, word boundary, ellipsis)", () => {
  it("keeps a short title as it is", () => {
    expect(truncateTitle("Weekly Market Report: ETF flows")).toBe(
      "Weekly Market Report: ETF flows",
    );
  });
  it("cuts a long title on a word boundary and adds an ellipsis", () => {
    const cut = truncateTitle(
      "Daily Market Wrap: Low fees, neutral funding and DeFi lending rates",
    );
    expect(cut).toBe("Daily Market Wrap: Low fees, neutral funding…");
    expect(cut.length).toBeLessThanOrEqual(45);
  });
  it("cuts a single very long word hard", () => {
    expect(truncateTitle("x".repeat(60))).toHaveLength(45);
  });
});
