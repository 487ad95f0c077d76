// A price history cut to a calendar period (getOhlc's `from` and `to`): the candles of the period
// only, or the history unchanged when the period holds none.
import type { Ohlc } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { withinPeriod } from "./ohlc-period.ts";

const at = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const candle = (day: string) => ({ time: at(day), open: 1, high: 2, low: 0.5, close: 1.5 });
const history: Ohlc = {
  id: "solana",
  symbol: "sol",
  name: "Solana",
  days: 4,
  candles: ["2025-03-30", "2025-03-31", "2025-04-01", "2025-04-02"].map(candle),
  closesFrom: null,
  asOf: "2025-04-02T00:00:00.000Z",
  source: "snapshot",
  stale: false,
  ageSeconds: 0,
};

describe("a price history within a period", () => {
  it("keeps the candles from `from` up to, not including, `to`, and counts them", () => {
    const march = withinPeriod(history, "2025-03-01", "2025-04-01");
    expect(march).toMatchObject({ days: 2, candles: [candle("2025-03-30"), candle("2025-03-31")] });
  });

  it("leaves the history whole without a period, or when the period holds no candle", () => {
    expect(withinPeriod(history, undefined, undefined)).toBe(history);
    expect(withinPeriod(history, "2019-01-01", "2020-01-01")).toBe(history);
  });
});
