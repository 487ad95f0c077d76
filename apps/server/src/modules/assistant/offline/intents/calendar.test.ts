// Calendar periods read from questions (issue #12, held-out class), at a fixed clock.
import { describe, expect, it } from "vitest";
import { calendarRange } from "./calendar.ts";
import { parsePeriod } from "./periods.ts";

const NOW = new Date("2026-05-20T12:00:00Z");
const range = (q: string) => {
  const r = calendarRange(q, NOW);
  return r && { from: new Date(r.from).toISOString().slice(0, 10), to: r.to, label: r.label };
};

describe("calendarRange", () => {
  it("reads years, seasons, quarters and months as UTC ranges cut at now", () => {
    expect(range("how did polkadot do in 2025")).toEqual({
      from: "2025-01-01",
      to: Date.UTC(2026, 0, 1),
      label: "2025",
    });
    expect(range("ADA during the summer of 2025")).toEqual({
      from: "2025-06-01",
      to: Date.UTC(2025, 8, 1),
      label: "the summer of 2025",
    });
    expect(range("BTC in Q1 2025")?.to).toBe(Date.UTC(2025, 3, 1));
    expect(range("ETH in March")).toEqual({
      from: "2026-03-01",
      to: Date.UTC(2026, 3, 1),
      label: "March 2026",
    });
    expect(range("ETH in June")?.label).toBe("June 2025");
    expect(range("SOL in May")?.to).toBe(NOW.getTime());
  });

  it("reads relative years from the clock, and 'since' periods to now", () => {
    expect(range("bitcoin year to date")?.label).toBe("2026");
    expect(range("how did DOT do last year")?.label).toBe("2025");
    expect(range("since March 2025")).toEqual({
      from: "2025-03-01",
      to: NOW.getTime(),
      label: "the period since 1 Mar 2025",
    });
  });

  it("leaves rolling periods, amounts and verbs alone", () => {
    expect(range("how did ETH do over the last year")).toBeNull();
    expect(range("will ETH reach $2025")).toBeNull();
    expect(range("may I see the BTC price")).toBeNull();
  });
});

describe("parsePeriod with a calendar period", () => {
  it("asks for the days back to the period's start, or the whole history past 365", () => {
    expect(parsePeriod("how has SOL done since January", NOW)).toEqual({ days: 140, strong: true });
    expect(parsePeriod("how did polkadot do in 2025", NOW)).toEqual({ days: "max", strong: true });
    expect(parsePeriod("since 2020", NOW)).toEqual({ days: "max", strong: true });
  });
});
