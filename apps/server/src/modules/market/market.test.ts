// Max's market data from CoinGecko: the official client against a loopback server that speaks
// CoinGecko's paths with real captured responses; the calls made, what they map to, caching and
// the Redis-shared cache (refreshing in the background: market.refresh.test.ts).
import { describe, expect, it } from "vitest";
import type { NewTokens, Ohlc, TokenData, TrendingTokens } from "@pragmatist/contracts";
import { testConfig } from "../../testing/db.ts";
import { capture } from "../../testing/fake-coingecko.ts";
import { hasCoinGeckoCaptures, needs, noteSkipped } from "../../testing/shared-data.ts";
import { createMarketService } from "./market.service.ts";
import { liveMarketSuite, ok, redisPrefix, START } from "./market.testing.ts";

const live = liveMarketSuite();
const liveMarket = (plan: "demo" | "pro" = "demo") => live.market({ plan });

// The loopback CoinGecko answers with the real captures, so every test here needs them.
noteSkipped(hasCoinGeckoCaptures, "market data from a loopback CoinGecko", "coingecko");
const CAPTURES = needs("coingecko");

describe.skipIf(!hasCoinGeckoCaptures)(`market data from CoinGecko ${CAPTURES}`, () => {
  it("looks a coin up with the old client's calls and maps details and markets", async () => {
    const market = liveMarket("demo");
    const btc = ok<TokenData>(await market.getTokenData("Bitcoin"));

    expect(live.coingecko.last("/search")?.query.get("query")).toBe("bitcoin");
    expect(live.coingecko.last("/search")?.headers["x-cg-demo-api-key"]).toBe("test-demo-key");
    expect(Object.fromEntries(live.coingecko.last("/coins/bitcoin")?.query ?? [])).toMatchObject({
      localization: "false",
      tickers: "false",
      community_data: "true",
      sparkline: "false",
    });
    expect(Object.fromEntries(live.coingecko.last("/coins/markets")?.query ?? [])).toEqual({
      vs_currency: "usd",
      order: "market_cap_desc",
      per_page: "100",
      page: "1",
      ids: "bitcoin",
      price_change_percentage: "24h,7d,30d",
    });

    const row = (
      capture("coins-markets-usd-2026-05-03.json") as { data: Array<Record<string, unknown>> }
    ).data[0];
    expect(btc).toMatchObject({
      id: "bitcoin",
      symbol: "btc",
      name: "Bitcoin",
      rank: 1,
      priceUsd: row?.current_price,
      change24hPercent: row?.price_change_percentage_24h,
      change7dPercent: row?.price_change_percentage_7d_in_currency,
      change30dPercent: row?.price_change_percentage_30d_in_currency,
      athDate: row?.ath_date,
      athChangePercent: row?.ath_change_percentage,
      missing: [],
      marketCapUsd: row?.market_cap,
      volume24hUsd: row?.total_volume,
      maxSupply: 21_000_000,
      athUsd: row?.ath,
      homepage: "http://www.bitcoin.org",
      categories: ["Cryptocurrency"],
      asOf: row?.last_updated,
      source: "coingecko",
      stale: false,
      ageSeconds: 0,
    });
    expect(btc.description).toMatch(/^Bitcoin is the first successful internet money/);

    live.advance(30);
    expect(ok(await market.getTokenData("bitcoin"))).toMatchObject({ ageSeconds: 30 });
    expect(live.coingecko.requests).toHaveLength(3);
  });

  it("answers 'No results found' when the search finds no coin", async () => {
    const market = liveMarket();
    expect(await market.getTokenData("qqzx nothing")).toEqual({
      error: "No results found",
      query: "qqzx nothing",
      source: "coingecko",
    });
    expect(await market.getOhlc("qqzx nothing", 7)).toMatchObject({ error: "No results found" });
    expect(live.coingecko.count("/coins/markets")).toBe(0);
  });

  it("ranks the market from one /coins/markets page: top by volume, losers, the coin at a rank", async () => {
    const market = liveMarket();
    const rows = capture("coins-markets-usd-2026-05-03.json") as {
      data: Array<{
        id: string;
        total_volume: number;
        price_change_percentage_7d_in_currency: number;
      }>;
    };
    const page = rows.data.slice(0, 250);
    const byVolume = ok(await market.getMarket({ by: "volume", order: "desc", limit: 3, from: 1 }));
    const volumes = [...page].sort((a, b) => b.total_volume - a.total_volume);
    expect(byVolume.coins.map((c) => c.id)).toEqual(volumes.slice(0, 3).map((r) => r.id));
    expect(byVolume).toMatchObject({ universe: 250, source: "coingecko", stale: false });
    const losers = ok(await market.getMarket({ by: "change7d", order: "asc", limit: 1, from: 1 }));
    const worst = Math.min(...page.map((r) => r.price_change_percentage_7d_in_currency));
    expect(losers.coins[0]?.change7dPercent).toBe(worst);
    const second = ok(
      await market.getMarket({ by: "marketCap", order: "desc", limit: 1, from: 2 }),
    );
    expect(second.coins).toMatchObject([{ position: 2, id: "ethereum", rank: 2 }]);
    const asked = live.coingecko.requests.filter((r) => r.path === "/coins/markets");
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0]!.query)).toMatchObject({
      order: "market_cap_desc",
      per_page: "250",
      price_change_percentage: "24h,7d,30d",
      sparkline: "true",
    });
  });

  it("lists the Market Data table's coins from getMarket's call, with sparklines; unknown id: no results", async () => {
    const market = liveMarket();
    await market.getMarket({ by: "volume", order: "desc", limit: 3, from: 1 });
    const listed = ok(await market.listCoins());
    expect(live.coingecko.count("/coins/markets")).toBe(1);
    expect(listed).toMatchObject({ source: "coingecko", asOf: "2026-05-03T07:45:26.833Z" });
    expect(listed.coins[0]).toMatchObject({ id: "bitcoin", fdvUsd: 1569962020102 });
    expect(listed.coins[0]?.sparkline7d).toEqual([78428 * 0.99, 78428]);
    expect(await market.getCoin("no-such-coin")).toMatchObject({ error: "No results found" });
  });

  it("maps trending searches in CoinGecko's order, dated at the fetch", async () => {
    const trending = ok<TrendingTokens>(await liveMarket().getTrendingTokens());
    expect(trending.tokens).toHaveLength(15);
    expect(trending.tokens[0]).toEqual({
      id: "qubic-network",
      symbol: "QUBIC",
      name: "Qubic",
      rank: 368,
      priceUsd: 9.04766669820536e-7,
      change24hPercent: -6.386464466210091,
      marketCapUsd: 104_127_324,
    });
    expect(trending).toMatchObject({ asOf: START.toISOString(), source: "coingecko" });
  });

  it("lists new coins newest first on a paid key, and from the dated snapshot on a demo key", async () => {
    const pro = liveMarket("pro");
    const listed = ok<NewTokens>(await pro.getNewTokens());
    expect(live.coingecko.last("/coins/list/new")?.headers["x-cg-pro-api-key"]).toBe(
      "test-pro-key",
    );
    expect(listed.tokens[0]).toEqual({
      id: "upside-down-cat",
      symbol: "USDC",
      name: "UpSide Down Cat",
      activatedAt: "2026-05-14T05:38:48.000Z",
    });
    expect(listed.source).toBe("coingecko");
    expect(pro.knownCoins()).toContainEqual({
      id: "upside-down-cat",
      symbol: "USDC",
      name: "UpSide Down Cat",
    });

    live.coingecko.reset();
    const demo = ok<NewTokens>(await liveMarket("demo").getNewTokens());
    expect(demo.source).toBe("snapshot");
    expect(demo.asOf.startsWith("2026-05")).toBe(true);
    expect(live.coingecko.count("/coins/list/new")).toBe(0);
  });

  it("asks for OHLC over an allowed period and gives candles by their open time", async () => {
    const demo = liveMarket("demo");
    const day = ok<Ohlc>(await demo.getOhlc("btc", 1));
    expect(Object.fromEntries(live.coingecko.last("/coins/bitcoin/ohlc")?.query ?? [])).toEqual({
      vs_currency: "usd",
      days: "1",
    });
    // The capture's rows are stamped at their close; 30-minute candles for one day.
    expect(day).toMatchObject({ id: "bitcoin", symbol: "BTC", name: "Bitcoin", days: 1 });
    expect(day.candles).toEqual([
      { time: 1779199200 - 1800, open: 76769, high: 76889, low: 76744, close: 76818 },
      { time: 1779201000 - 1800, open: 76712, high: 76712, low: 76321, close: 76422 },
    ]);
    expect(day.asOf).toBe(START.toISOString());

    expect(ok(await demo.getOhlc("bitcoin", 10)).days).toBe(14);
    expect(live.coingecko.last("/coins/bitcoin/ohlc")?.query.get("days")).toBe("14");

    const pro = ok<Ohlc>(await liveMarket("pro").getOhlc("bitcoin", 30));
    expect(live.coingecko.last("/coins/bitcoin/ohlc")?.query.get("interval")).toBe("daily");
    expect(pro.candles[0]?.time).toBe(1779199200 - 86_400);
  });

  it("retries a 429 that asks for a short wait, then serves the cache without asking again", async () => {
    const market = liveMarket();
    live.coingecko.script("/search/trending", { status: 429, headers: { "retry-after": "1" } });
    expect(ok(await market.getTrendingTokens()).stale).toBe(false);
    expect(live.coingecko.count("/search/trending")).toBe(2);

    live.advance(599);
    expect(ok(await market.getTrendingTokens()).ageSeconds).toBe(599);
    expect(live.coingecko.count("/search/trending")).toBe(2);
  });

  it("fails with the fetch error when CoinGecko cannot be reached", async () => {
    const config = testConfig({
      COINGECKO_API_KEY: "test-demo-key",
      COINGECKO_BASE_URL: "http://127.0.0.1:9/api/v3",
    });
    const market = createMarketService({ coinGecko: config.coinGecko, now: live.now });
    expect(await market.getTokenData("bitcoin")).toEqual({
      error: "An error occurred while fetching data",
      source: "coingecko",
    });
    await market.close();
  });
});

describe.runIf(process.env.REDIS_URL && hasCoinGeckoCaptures)(
  `market data cache in Redis ${CAPTURES}`,
  () => {
    const shared = { redisUrl: process.env.REDIS_URL, cacheKeyPrefix: redisPrefix() };

    it("is shared by two service instances (processes), back-off included", async () => {
      const a = live.market(shared);
      const b = live.market(shared);
      const first = ok(await a.getTrendingTokens());
      live.advance(5);
      expect(ok(await b.getTrendingTokens())).toEqual({ ...first, ageSeconds: 5 });
      expect(live.coingecko.count("/search/trending")).toBe(1);

      live.coingecko.script("/search", { status: 429, headers: { "retry-after": "120" } });
      expect(await a.getTokenData("ethereum")).toMatchObject({ error: expect.any(String) });
      expect(await b.getOhlc("solana", 30)).toMatchObject({ error: expect.any(String) });
      expect(live.coingecko.count("/search")).toBe(1);
    });
  },
);
