// Live market data refreshed in the background (docs/product/markets.md#live-refresh), against a
// loopback CoinGecko with the real captures: readers never wait, failures keep the last data with
// its age, the plan's call budget holds, and processes sharing Redis refresh once.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it, vi } from "vitest";
import { MARKET_ERRORS } from "@pragmatist/contracts";
import { hasCoinGeckoCaptures, needs } from "../../testing/shared-data.ts";
import type { MarketService } from "./market.service.ts";
import { liveMarketSuite, ok, redisPrefix } from "./market.testing.ts";

const live = liveMarketSuite();
/** Refresh rounds every 20 ms instead of every 2 s. */
const FAST = { refreshTickMs: 20 };
const settled = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: 5000, interval: 20 });
const count = (path: string) => live.coingecko.count(path);
const pending = { error: MARKET_ERRORS.pending, source: "coingecko" };
/** Waits until `market`'s list is a fresh one (fetched at the test clock's now), and gives it. */
const freshList = (market: MarketService) =>
  settled(async () => {
    const list = ok(await market.listCoins());
    expect(list).toMatchObject({ stale: false, ageSeconds: 0 });
    return list;
  });
/**
 * Waits until the refresher's first round is stored: the list (read as a page reads it) and
 * trending (asked for, then given the round's moment to store it; reading it as Max does would
 * fetch it when not yet stored).
 */
const warm = async (market: MarketService) => {
  await settled(() => expect([count("/coins/markets"), count("/search/trending")]).toEqual([1, 1]));
  await freshList(market);
  await sleep(200);
};

describe.skipIf(!hasCoinGeckoCaptures)(
  `market data refreshed in the background ${needs("coingecko")}`,
  () => {
    it("keeps the markets list and trending fresh without a reader asking", async () => {
      const market = live.market(FAST);
      expect(await market.listCoins()).toMatchObject(pending);
      market.start();
      await warm(market);

      live.advance(90); // past the list's 60 s, within trending's 600 s
      await freshList(market);
      expect([count("/coins/markets"), count("/search/trending")]).toEqual([2, 1]);
    });

    it("serves the last data when CoinGecko fails, stale with its age, and asks again a minute later", async () => {
      const market = live.market(FAST);
      market.start();
      const first = await freshList(market);

      live.coingecko.script("/coins/markets", { status: 500 }, { status: 500 });
      live.advance(120);
      await settled(() => expect(count("/coins/markets")).toBe(3)); // the refresh and its one retry
      await settled(async () =>
        expect(ok(await market.listCoins())).toEqual({ ...first, stale: true, ageSeconds: 120 }),
      );
      const ranked = ok(
        await market.getMarket({ by: "marketCap", order: "desc", limit: 1, from: 1 }),
      );
      expect(ranked).toMatchObject({ stale: true, ageSeconds: 120 });
      await sleep(200);
      expect(count("/coins/markets")).toBe(3);

      live.advance(60);
      await freshList(market);
      expect(count("/coins/markets")).toBe(4);
    });

    it("after a 429 with a long wait sends nothing until it ends, serving the last data", async () => {
      const market = live.market(FAST);
      market.start();
      await warm(market);

      live.coingecko.script("/search/trending", { status: 429, headers: { "retry-after": "120" } });
      live.advance(660);
      await settled(() => expect(count("/search/trending")).toBe(2));
      await settled(async () =>
        expect(ok(await market.getTrendingTokens())).toMatchObject({
          stale: true,
          ageSeconds: 660,
        }),
      );
      const sent = live.coingecko.requests.length;
      live.advance(60);
      await sleep(200);
      expect(await market.getTokenData("bitcoin")).toMatchObject({
        error: MARKET_ERRORS.fetchFailed,
      });
      expect(live.coingecko.requests).toHaveLength(sent);

      live.advance(61);
      await settled(() => expect(count("/search/trending")).toBe(3));
      await settled(async () =>
        expect(ok(await market.getTrendingTokens())).toMatchObject({ stale: false, ageSeconds: 0 }),
      );
    });

    it("answers a reader at once while CoinGecko hangs: cached data at any age, or pending", async () => {
      const market = live.market({ ...FAST, callBudgetMs: 3000 });
      market.start();
      await warm(market);
      expect(await market.getCoinHistory("bitcoin", 7)).toMatchObject(pending);
      ok(await market.getCoin("bitcoin")); // asks for its description
      await settled(async () => ok(await market.getCoinHistory("bitcoin", 7)));
      await settled(() => expect(count("/coins/bitcoin")).toBe(1));

      for (const path of [
        "/coins/markets",
        "/search/trending",
        "/coins/bitcoin/ohlc",
        "/coins/bitcoin",
      ]) {
        live.coingecko.script(path, { status: "hang" }, { status: "hang" });
      }
      live.advance(3600);
      const started = performance.now();
      const answers = await Promise.all([
        market.listCoins(),
        market.getCoin("bitcoin"),
        market.getCoinHistory("bitcoin", 7),
        market.getMarket({ by: "volume", order: "desc", limit: 3, from: 1 }),
        market.getTrendingTokens(),
        market.getCoinHistory("ethereum", 30),
      ]);
      expect(performance.now() - started).toBeLessThan(1000); // a wait would last 3 s
      for (const answer of answers.slice(0, 5)) expect(answer).toMatchObject({ ageSeconds: 3600 });
      expect(ok(answers[1]!)).toMatchObject({ id: "bitcoin", priceUsd: 78428 });
      expect(ok(answers[1]!).description).toMatch(
        /^Bitcoin is the first successful internet money/,
      );
      expect(answers[5]).toMatchObject(pending);
    });

    it("stays within the plan's calls a minute, keeping a third for what nothing has cached", async () => {
      const market = live.market({ ...FAST, callsPerMinute: 6 });
      market.start();
      await warm(market);
      expect(live.coingecko.requests).toHaveLength(2); // the list and trending
      const coins = ok(await market.listCoins()).coins.slice(1, 7);
      for (const coin of coins)
        expect(await market.getCoinHistory(coin.id, 90)).toMatchObject(pending);
      await settled(() => expect(live.coingecko.requests).toHaveLength(4));
      await sleep(300);
      expect(live.coingecko.requests).toHaveLength(4); // 2 of the 6 charts: 2 calls are kept

      ok(await market.getTokenData("bitcoin")); // Max's first question: its search and description
      expect(live.coingecko.requests).toHaveLength(6);
      expect(await market.getTokenData("solana")).toMatchObject({
        error: MARKET_ERRORS.fetchFailed,
      });
      await sleep(100);
      expect(live.coingecko.requests).toHaveLength(6);
    });
  },
);

describe.runIf(process.env.REDIS_URL && hasCoinGeckoCaptures)(
  `market data refreshed by one of several processes sharing Redis ${needs("coingecko")}`,
  () => {
    it("makes one refresh for two service instances; the other takes over when it stops", async () => {
      const shared = { ...FAST, redisUrl: process.env.REDIS_URL, cacheKeyPrefix: redisPrefix() };
      const [a, b] = [live.market(shared), live.market(shared)];
      a.start();
      b.start();
      await warm(a);
      expect([count("/coins/markets"), count("/search/trending")]).toEqual([1, 1]);
      expect(await b.getCoinHistory("bitcoin", 7)).toMatchObject(pending);
      const history = await settled(async () => ok(await a.getCoinHistory("bitcoin", 7)));
      expect(history).toMatchObject({ id: "bitcoin", days: 7 });
      expect(ok(await a.listCoins())).toEqual(ok(await b.listCoins()));

      live.advance(61);
      await freshList(b);
      await sleep(300);
      expect([count("/coins/markets"), count("/coins/bitcoin/ohlc")]).toEqual([2, 1]);

      await a.close();
      live.advance(61);
      await freshList(b);
      expect(count("/coins/markets")).toBe(3);
    });
  },
);
