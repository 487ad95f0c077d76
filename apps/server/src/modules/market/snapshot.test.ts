// The offline snapshot as Max's tools see it with no CoinGecko key: coin lookups that forgive
// tickers and misspellings, dated figures, OHLC periods counted back from the last candle.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isMarketError, type Ohlc, type TokenData } from "@pragmatist/contracts";
import { repoRoot } from "../../config.ts";
import { testConfig } from "../../testing/db.ts";
import { createMarketService } from "./market.service.ts";
import { loadSnapshot, SNAPSHOT_FILE } from "./snapshot.ts";

const captures = path.join(repoRoot, "../shared/data/coingecko");
const markets = JSON.parse(readFileSync(path.join(captures, "markets.json"), "utf8")) as Array<{
  id: string;
  current_price: number;
  last_updated: string;
}>;

const market = createMarketService({ coinGecko: testConfig().coinGecko });
const DAY = 86_400;

async function token(query: string): Promise<TokenData> {
  const result = await market.getTokenData(query);
  if (isMarketError(result)) throw new Error(`${query}: ${result.error}`);
  return result;
}

async function ohlc(query: string, days: number): Promise<Ohlc> {
  const result = await market.getOhlc(query, days);
  if (isMarketError(result)) throw new Error(`${query}: ${result.error}`);
  return result;
}

describe("market data from the offline snapshot", () => {
  it("serves when no CoinGecko key is configured, with the attribution and dates inside", () => {
    expect(testConfig().coinGecko).toBeNull();
    const snapshot = loadSnapshot();
    expect(snapshot.attribution).toBe("Data provided by CoinGecko");
    expect(statSync(SNAPSHOT_FILE).size).toBeLessThan(150 * 1024);
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

  it("gives a coin's figures as captured, dated and sourced", async () => {
    const btc = await token("btc");
    const captured = markets.find((m) => m.id === "bitcoin");
    expect(btc).toMatchObject({
      id: "bitcoin",
      symbol: "btc",
      name: "Bitcoin",
      rank: 1,
      priceUsd: captured?.current_price,
      asOf: captured?.last_updated,
      source: "snapshot",
      stale: false,
      homepage: "http://www.bitcoin.org",
      categories: ["Cryptocurrency"],
    });
    expect(btc.asOf.startsWith("2023-01-08")).toBe(true);
    expect(btc.description).toMatch(/^Bitcoin is the first successful internet money.*Nakamoto\.$/);
    expect(btc.description).not.toContain("<a");
  });

  it("knows trending coins outside the top 100, as of the trending capture", async () => {
    const qubic = await token("Qubic");
    expect(qubic).toMatchObject({ id: "qubic-network", rank: 368, marketCapUsd: 104127324 });
    expect(qubic.asOf.startsWith("2025-04-07")).toBe(true);
    expect(qubic.volume24hUsd).toBeNull();
  });

  it("answers 'No results found' with the query for a coin it does not know", async () => {
    expect(await market.getTokenData("zzqx unknown coin")).toEqual({
      error: "No results found",
      query: "zzqx unknown coin",
    });
    expect(await market.getTokenData("   ")).toEqual({ error: "No results found", query: "   " });
  });

  it("counts OHLC days back from the last candle, snapped to CoinGecko's periods", async () => {
    const month = await ohlc("BTC", 30);
    expect(month).toMatchObject({ id: "bitcoin", days: 30, source: "snapshot", stale: false });
    expect(month.asOf.startsWith("2024-12-31")).toBe(true);
    expect(month.candles).toHaveLength(30);
    const last = month.candles.at(-1);
    expect(new Date((last?.time ?? 0) * 1000).toISOString()).toBe("2024-12-31T00:00:00.000Z");
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
  });

  it("answers 'No results found' for a coin with no candles in the snapshot", async () => {
    expect(await market.getOhlc("cardano", 30)).toEqual({
      error: "No results found",
      query: "cardano",
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
