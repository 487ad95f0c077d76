// The offline snapshot as Max's tools see it with no CoinGecko key: coin lookups that forgive
// tickers and misspellings, dated figures, OHLC periods counted back from the last candle.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isMarketError, type Ohlc, type TokenData } from "@pragmatist/contracts";
import { testConfig } from "../../testing/db.ts";
import {
  coinGeckoCaptures,
  hasCoinGeckoCaptures,
  hasSharedPrices,
  needs,
  noteSkipped,
  sharedPrices,
} from "../../testing/shared-data.ts";
import { createMarketService } from "./market.service.ts";
import { loadSnapshot, SNAPSHOT_FILE } from "./snapshot.ts";

// The snapshot is in the repository; the captures and daily prices it was built from are beside
// it (../shared/data), so only the tests comparing it with them need those.
noteSkipped(hasCoinGeckoCaptures, "the snapshot's figures compared with the capture", "coingecko");
noteSkipped(hasSharedPrices, "the snapshot's prices compared with the daily closes", "prices");
const withCapture = it.skipIf(!hasCoinGeckoCaptures);
const withPrices = it.skipIf(!hasSharedPrices);

/** The 2026-05-03 markets capture the snapshot's token data comes from (read when asked for). */
const capture = () =>
  JSON.parse(
    readFileSync(path.join(coinGeckoCaptures, "coins-markets-usd-2026-05-03.json"), "utf8"),
  ) as {
    updated: string;
    data: Array<{
      id: string;
      current_price: number;
      last_updated: string;
      ath_date: string;
      price_change_percentage_7d_in_currency: number;
    }>;
  };
const closesOf = (id: string) =>
  readFileSync(path.join(sharedPrices, `${id}.csv`), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => Number(line.split(",")[4]));

const market = createMarketService({ coinGecko: testConfig().coinGecko });
const DAY = 86_400;

/** Prices are kept to 7 significant digits (the builder's rounding). */
function expectPrice(actual: number | null | undefined, expected: number | undefined): void {
  expect(Math.abs((actual ?? 0) - (expected ?? NaN)) / (expected ?? NaN)).toBeLessThan(1e-6);
}

async function token(query: string): Promise<TokenData> {
  const result = await market.getTokenData(query);
  if (isMarketError(result)) throw new Error(`${query}: ${result.error}`);
  return result;
}

async function ohlc(query: string, days: number | "max"): Promise<Ohlc> {
  const result = await market.getOhlc(query, days);
  if (isMarketError(result)) throw new Error(`${query}: ${result.error}`);
  return result;
}

describe("market data from the offline snapshot", () => {
  it("serves when no CoinGecko key is configured, with the attribution and dates inside", () => {
    expect(testConfig().coinGecko).toBeNull();
    const snapshot = loadSnapshot();
    expect(snapshot.attribution).toBe("Data provided by CoinGecko");
    // 250 coins with 7 d / 30 d changes and ATH dates, two years of candles for four coins and
    // 2025's daily prices for 25: a budget, so the file is not allowed to grow unnoticed.
    expect(statSync(SNAPSHOT_FILE).size).toBeLessThan(500 * 1024);
  });

  withCapture(`is dated as the markets capture it was built from ${needs("coingecko")}`, () => {
    expect(loadSnapshot().asOf).toBe(new Date(capture().updated).toISOString());
  });

  it.each([
    ["etherium", "ethereum"],
    ["solanna", "solana"],
    ["SOL", "solana"],
    ["eth", "ethereum"],
    ["Bitcoin", "bitcoin"],
    ["bitcoin cash", "bitcoin-cash"],
    ["ether", "ethereum"],
    ["binance", "binancecoin"],
    ["$BNB", "binancecoin"],
    ["cardano", "cardano"],
    ["polkadott", "polkadot"],
  ])("finds %s as %s", async (query, id) => {
    expect((await token(query)).id).toBe(id);
  });

  it("ranks its coins for getMarket: the largest, the gainers, the coin at a rank, dated", async () => {
    const result = await market.getMarket({ by: "marketCap", order: "desc", limit: 3, from: 1 });
    if (isMarketError(result)) throw new Error(result.error);
    expect(result.coins.map((c) => [c.position, c.rank])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(result.source).toBe("snapshot");
    expect(result.asOf.slice(0, 10)).toBe(loadSnapshot().asOf.slice(0, 10));
    const priced = loadSnapshot().tokens.filter(
      (t) => t.marketCapUsd !== null && t.asOf.startsWith("2026-05-03"),
    );
    expect(result.universe).toBe(priced.length);
    const gainers = await market.getMarket({ by: "change7d", order: "desc", limit: 5, from: 1 });
    if (isMarketError(gainers)) throw new Error(gainers.error);
    const best = Math.max(...priced.map((t) => t.change7dPercent ?? -Infinity));
    expect(gainers.coins[0]?.change7dPercent).toBe(best);
    const moves = gainers.coins.map((c) => c.change7dPercent ?? 0);
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    const fourth = await market.getMarket({ by: "marketCap", order: "desc", limit: 1, from: 4 });
    expect(fourth).toMatchObject({ coins: [{ position: 4, rank: 4 }] });
  });

  it("gives a coin's figures dated and sourced, its description as plain text", async () => {
    const btc = await token("btc");
    expect(btc).toMatchObject({
      id: "bitcoin",
      symbol: "btc",
      name: "Bitcoin",
      rank: 1,
      source: "snapshot",
      stale: false,
      homepage: "http://www.bitcoin.org",
      categories: ["Cryptocurrency"],
      missing: [],
    });
    expect(btc.asOf.startsWith("2026-05-03")).toBe(true);
    expect(btc.description).toMatch(/^Bitcoin is the first successful internet money.*Nakamoto\.$/);
    expect(btc.description).not.toContain("<a");
  });

  withCapture(`gives a coin's figures as captured ${needs("coingecko")}`, async () => {
    const btc = await token("btc");
    const captured = capture().data.find((m) => m.id === "bitcoin");
    expect(btc).toMatchObject({
      priceUsd: captured?.current_price,
      asOf: captured?.last_updated,
      athDate: captured?.ath_date,
      change7dPercent: captured?.price_change_percentage_7d_in_currency,
    });
  });

  it("knows trending coins outside the capture, as of the trending capture, saying what is missing", async () => {
    const notcoin = await token("notcoin");
    expect(notcoin).toMatchObject({ id: "notcoin", volume24hUsd: null });
    expect(notcoin.priceUsd).toBeGreaterThan(0);
    expect(notcoin.asOf.startsWith("2025-04-07")).toBe(true);
    expect(notcoin.missing).toEqual(expect.arrayContaining(["24 h volume", "price history"]));
  });

  withPrices(
    `knows coins only in the price files, by their last price ${needs("prices")}`,
    async () => {
      const starknet = await token("starknet");
      const closes = closesOf("starknet");
      expect(starknet).toMatchObject({ id: "starknet", rank: null });
      expectPrice(starknet.priceUsd, closes.at(-1));
      expect(starknet.asOf).toBe("2025-09-02T00:00:00.000Z");
      const week = ((closes.at(-1)! - closes.at(-8)!) / closes.at(-8)!) * 100;
      expect(starknet.change7dPercent).toBeCloseTo(week, 3);
      expect(starknet.missing).toContain("market cap");
      expect(starknet.missing).not.toContain("price history");
    },
  );

  it("prices a trending coin in the capture as its token data does: one price per coin", async () => {
    const trending = await market.getTrendingTokens();
    if (isMarketError(trending)) throw new Error(trending.error);
    const listed = trending.tokens.find((t) => t.id === "bitcoin");
    const btc = await token("bitcoin");
    expect(listed).toMatchObject({ priceUsd: btc.priceUsd, pricedAt: btc.asOf });
  });

  it("does not take a misspelling that changes the first letter: helium is not celium", async () => {
    expect(await market.getTokenData("helium")).toMatchObject({ error: "No results found" });
  });

  it("answers 'No results found' with the query for a coin it does not know", async () => {
    expect(await market.getTokenData("zzqx unknown coin")).toEqual({
      error: "No results found",
      query: "zzqx unknown coin",
      source: "snapshot",
    });
    expect(await market.getTokenData("   ")).toEqual({
      error: "No results found",
      query: "   ",
      source: "snapshot",
    });
  });

  it("counts OHLC days back from the last day, snapped to CoinGecko's periods", async () => {
    const month = await ohlc("BTC", 30);
    expect(month).toMatchObject({ id: "bitcoin", days: 30, source: "snapshot", stale: false });
    expect(month.asOf).toBe("2025-09-02T00:00:00.000Z");
    expect(month.candles).toHaveLength(30);
    const last = month.candles.at(-1);
    expect(new Date((last?.time ?? 0) * 1000).toISOString()).toBe("2025-09-02T00:00:00.000Z");
    expect(month.closesFrom).toBe(new Date((month.candles[0]?.time ?? 0) * 1000).toISOString());
    month.candles
      .slice(1)
      .forEach((c, i) => expect(c.time - (month.candles[i]?.time ?? 0)).toBe(DAY));
    for (const c of month.candles) {
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
    }

    expect(await ohlc("etherium", 10)).toMatchObject({ id: "ethereum", days: 14 });
    expect((await ohlc("etherium", 10)).candles).toHaveLength(14);
    expect((await ohlc("solana", 400)).candles).toHaveLength(365);
    expect((await ohlc("bnb", 1)).candles).toHaveLength(1);
    expect((await ohlc("bnb", 0)).days).toBe(1);
    expect((await ohlc("bnb", 30)).closesFrom).toBeNull();
    expect((await ohlc("bnb", 30)).asOf).toBe("2024-12-31T00:00:00.000Z");
  });

  withPrices(`closes the last candle at the last daily price ${needs("prices")}`, async () => {
    expectPrice((await ohlc("BTC", 30)).candles.at(-1)?.close, closesOf("bitcoin").at(-1));
  });

  it("serves the whole history for 'max', saying how long it was and where closes take over", async () => {
    const all = await ohlc("ethereum", "max");
    const first = new Date((all.candles[0]?.time ?? 0) * 1000).toISOString();
    expect(first).toBe("2023-01-02T00:00:00.000Z");
    expect(all.days).toBe(all.candles.length);
    expect(all.closesFrom).toBe("2025-01-01T00:00:00.000Z");
    all.candles.slice(1).forEach((c, i) => expect(c.time - (all.candles[i]?.time ?? 0)).toBe(DAY));
    const closesOnly = await ohlc("cardano", "max");
    expect(closesOnly.closesFrom).toBe("2025-01-02T00:00:00.000Z");
    expect(closesOnly.candles).toHaveLength(244);
  });

  it("names a known coin without history instead of calling it unknown", async () => {
    expect(await market.getOhlc("dogecoin", 30)).toEqual({
      error: "No price history for this coin in the available data",
      query: "dogecoin",
      coin: { id: "dogecoin", symbol: "doge", name: "Dogecoin" },
      source: "snapshot",
    });
    expect(await market.getOhlc("nothing-like-it", 30)).toMatchObject({
      error: "No results found",
    });
  });

  it("serves trending and new coins with their own as-of dates", async () => {
    const trending = await market.getTrendingTokens();
    if (isMarketError(trending)) throw new Error(trending.error);
    expect(trending.tokens).toHaveLength(15);
    expect(trending.tokens[0]).toMatchObject({ id: "qubic-network", symbol: "QUBIC" });
    expect(trending.tokens.find((t) => t.id === "notcoin")?.pricedAt).toBeUndefined();
    expect(trending.asOf.startsWith("2025-04-07")).toBe(true);
    expect(trending.source).toBe("snapshot");

    const fresh = await market.getNewTokens();
    if (isMarketError(fresh)) throw new Error(fresh.error);
    expect(fresh.asOf.startsWith("2026-05")).toBe(true);
    expect(fresh.tokens.map((t) => t.id)).toEqual(["upside-down-cat", "chinification"]);
    expect(fresh.tokens[0]?.activatedAt).toBe("2026-05-14T05:38:48.000Z");
  });

  it("lists the coins it knows, best ranked first", () => {
    const coins = market.knownCoins();
    expect(coins.slice(0, 2).map((c) => c.id)).toEqual(["bitcoin", "ethereum"]);
    expect(coins).toContainEqual({ id: "solana", symbol: "sol", name: "Solana" });
    expect(coins.length).toBeGreaterThanOrEqual(100);
  });
});
