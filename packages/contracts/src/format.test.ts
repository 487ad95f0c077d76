// Market figures and dates as the stats card, the chart and Max's answers show them.
import { describe, expect, it } from "vitest";
import {
  formatDateTimeUtc,
  formatLongDate,
  formatSignedPercent,
  formatUsdCompact,
  formatUsdPrice,
} from "./format.ts";

describe("market figures", () => {
  it("shows cents from $1 up and for zero, significant digits below", () => {
    expect(formatUsdPrice(64012.5)).toBe("$64,012.50");
    expect(formatUsdPrice(0)).toBe("$0.00");
    expect(formatUsdPrice(0.5)).toBe("$0.50");
    expect(formatUsdPrice(0.0000009048)).toBe("$0.0000009048");
  });

  it("shows large amounts compact and changes signed", () => {
    expect(formatUsdCompact(326_410_000_000)).toBe("$326.41B");
    expect(formatSignedPercent(2.45)).toBe("+2.45%");
    expect(formatSignedPercent(-0.31)).toBe("-0.31%");
    expect(formatSignedPercent(0)).toBe("0.00%");
  });
});

describe("dates in UTC", () => {
  it("shows a day and an instant in en-GB, and an unparseable value as given", () => {
    expect(formatLongDate("2024-03-08T23:30:00.000Z")).toBe("8 Mar 2024");
    expect(formatDateTimeUtc("2023-01-08T16:49:00Z")).toBe("8 Jan 2023, 16:49 UTC");
    expect(formatDateTimeUtc(Date.UTC(2026, 10, 22, 7, 3))).toBe("22 Nov 2026, 07:03 UTC");
    expect(formatDateTimeUtc("soon")).toBe("soon");
  });
});
