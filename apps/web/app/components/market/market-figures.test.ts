// The token stats card and the as-of line as a reader reads them (docs/product/max.md#assistant;
// price, 24 h change in green/red, market cap, rank, volume; every figure with its as-of time and
// source).
import type { Ohlc, TokenData } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { asOfLine, ohlcSummary, tokenStatRows } from "./market-figures.ts";

const solana: TokenData = {
  id: "solana",
  symbol: "sol",
  name: "Solana",
  rank: 5,
  priceUsd: 142.1034,
  change24hPercent: 3.2149,
  change7dPercent: -4.5,
  change30dPercent: 12.25,
  marketCapUsd: 66_712_345_678,
  volume24hUsd: 2_345_678_901,
  high24hUsd: 145,
  low24hUsd: 137,
  circulatingSupply: 469_000_000,
  maxSupply: null,
  athUsd: 293.31,
  athDate: "2025-01-19T11:15:27.957Z",
  athChangePercent: -51.55,
  fdvUsd: null,
  totalSupply: null,
  atlUsd: null,
  atlDate: null,
  atlChangePercent: null,
  missing: [],
  description: "",
  homepage: null,
  categories: [],
  asOf: "2026-11-22T07:03:00.000Z",
  source: "coingecko",
  stale: false,
  ageSeconds: 0,
};

describe("token stats card", () => {
  it("shows price, signed change, compact cap and volume, and rank", () => {
    expect(tokenStatRows(solana)).toEqual([
      { label: "Price", value: "$142.10", tone: null },
      { label: "24h change", value: "+3.21%", tone: "up" },
      { label: "Market cap", value: "$66.71B", tone: null },
      { label: "Rank", value: "#5", tone: null },
      { label: "24h volume", value: "$2.35B", tone: null },
    ]);
  });
  it("keeps significant digits of small prices and marks a fall", () => {
    const rows = tokenStatRows({ ...solana, priceUsd: 0.000012345, change24hPercent: -0.5 });
    expect(rows[0]!.value).toBe("$0.00001235");
    expect(rows[1]).toEqual({ label: "24h change", value: "-0.50%", tone: "down" });
  });
  it("shows a dash, not a zero, for unknown figures", () => {
    const rows = tokenStatRows({
      ...solana,
      rank: null,
      marketCapUsd: null,
      change24hPercent: null,
    });
    expect(rows.map((r) => r.value)).toEqual(["$142.10", "–", "–", "–", "$2.35B"]);
    expect(rows[1]!.tone).toBeNull();
  });
});

describe("as-of line", () => {
  it("names the time in UTC, how long ago live figures were fetched, and the source", () => {
    expect(asOfLine(solana)).toBe(
      "As of 22 Nov 2026, 07:03 UTC · updated under a minute ago · Data provided by CoinGecko",
    );
    expect(asOfLine({ ...solana, ageSeconds: 150 })).toBe(
      "As of 22 Nov 2026, 07:03 UTC · updated 3 min ago · Data provided by CoinGecko",
    );
  });
  it("says when figures come from the offline snapshot, or CoinGecko could not refresh them", () => {
    expect(asOfLine({ ...solana, source: "snapshot" })).toBe(
      "As of 22 Nov 2026, 07:03 UTC · Data provided by CoinGecko (offline snapshot)",
    );
    expect(asOfLine({ ...solana, stale: true, ageSeconds: 7200 })).toBe(
      "As of 22 Nov 2026, 07:03 UTC · updated 2 h ago (CoinGecko unavailable since) · Data provided by CoinGecko",
    );
  });
  it("dates a page's figures without their age, so the page changes only with its data", () => {
    const { ageSeconds: _age, ...onPage } = solana;
    expect(asOfLine(onPage)).toBe("As of 22 Nov 2026, 07:03 UTC · Data provided by CoinGecko");
    expect(asOfLine({ ...onPage, stale: true })).toBe(
      "As of 22 Nov 2026, 07:03 UTC (CoinGecko unavailable since) · Data provided by CoinGecko",
    );
  });
});

describe("price history summary (the chart's caption and screen-reader text)", () => {
  const bitcoin: Ohlc = {
    id: "bitcoin",
    symbol: "btc",
    name: "Bitcoin",
    days: 30,
    closesFrom: null,
    candles: [
      { time: 1_760_000_000, open: 60_000, high: 61_000, low: 59_000, close: 60_500 },
      { time: 1_760_086_400, open: 60_500, high: 66_000, low: 60_100, close: 66_000 },
    ],
    asOf: "2026-11-22T00:00:00.000Z",
    source: "snapshot",
    stale: false,
    ageSeconds: 0,
  };
  it("gives the move from first open to last close, and the range", () => {
    expect(ohlcSummary(bitcoin)).toBe(
      "Bitcoin (BTC), 30 days: from $60,000.00 to $66,000.00 (+10.00%), low $59,000.00, high $66,000.00",
    );
  });
  it("has nothing to say without candles", () => {
    expect(ohlcSummary({ ...bitcoin, candles: [] })).toBeNull();
  });
});
