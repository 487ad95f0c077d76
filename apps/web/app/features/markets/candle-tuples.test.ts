// A coin page's candles travel as tuples and reach the chart as the candles they were.
import { MARKET_ERRORS, type Dated, type Ohlc } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { packCandles, unpackCandles } from "./candle-tuples.ts";

const history: Dated<Ohlc> = {
  id: "bitcoin",
  symbol: "btc",
  name: "Bitcoin",
  days: 2,
  asOf: "2025-09-02T00:00:00.000Z",
  source: "snapshot",
  stale: false,
  closesFrom: "2025-09-01T00:00:00.000Z",
  candles: [
    { time: 1756598400, open: 108480.3, high: 112525.6, low: 108480.3, close: 112525.6 },
    { time: 1756684800, open: 112525.6, high: 112525.6, low: 108782, close: 108782 },
  ],
};

describe("candle tuples", () => {
  it("packs each candle as [time, open, high, low, close] and unpacks the same candles", () => {
    const packed = packCandles(history);
    expect(packed).toMatchObject({
      candles: [[1756598400, 108480.3, 112525.6, 108480.3, 112525.6], expect.any(Array)],
    });
    expect(unpackCandles(packed)).toEqual(history);
  });

  it("passes a market error through both ways", () => {
    const missing = { error: MARKET_ERRORS.noHistory, query: "bitcoin" };
    expect(unpackCandles(packCandles(missing))).toEqual(missing);
  });
});
