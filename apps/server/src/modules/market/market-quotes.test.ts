// The figures an article's "Coins in this article" lists (docs/product/reader.md#article-coins):
// the market service's, dated, from the one cached markets call live, and never a failed page when
// CoinGecko is down.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../testing/db.ts";
import { startFakeCoinGecko } from "../../testing/fake-coingecko.ts";
import { hasCoinGeckoCaptures, needs, noteSkipped } from "../../testing/shared-data.ts";
import { createMarketPages } from "./market-pages.service.ts";
import { createMarketService, type MarketService } from "./market.service.ts";

describe("an article's coins, offline", () => {
  const pages = createMarketPages(createMarketService({ coinGecko: null }));

  it("are the snapshot's figures, dated by its capture; an older capture's coin by its own", async () => {
    const quotes = await pages.quoteCoins(["bitcoin", "matic-network", "no-such-coin"]);
    expect(quotes).toEqual([
      {
        id: "bitcoin",
        symbol: "btc",
        name: "Bitcoin",
        priceUsd: 78428,
        change24hPercent: expect.any(Number),
        freshness: {
          asOf: "2026-05-03T07:45:46.127Z",
          source: "snapshot",
          stale: false,
          ageSeconds: 0,
        },
      },
      expect.objectContaining({
        id: "matic-network",
        name: "Polygon",
        freshness: expect.objectContaining({ asOf: expect.stringMatching(/^2025-09-02/) }),
      }),
    ]);
  });
});

noteSkipped(hasCoinGeckoCaptures, "an article's coins from a loopback CoinGecko", "coingecko");

describe.skipIf(!hasCoinGeckoCaptures)(`an article's coins, live ${needs("coingecko")}`, () => {
  let coingecko: Awaited<ReturnType<typeof startFakeCoinGecko>>;
  let market: MarketService;
  beforeAll(async () => {
    coingecko = await startFakeCoinGecko();
    const config = testConfig({
      COINGECKO_API_KEY: "test-demo-key",
      COINGECKO_BASE_URL: coingecko.baseUrl,
    });
    market = createMarketService({
      coinGecko: config.coinGecko,
      cacheKeyPrefix: `test:${randomBytes(6).toString("hex")}:`,
    });
  });
  afterAll(async () => {
    await market.close();
    await coingecko.close();
  });

  it("come from the markets call the table makes; down with nothing cached, without figures", async () => {
    const pages = createMarketPages(market);
    coingecko.script("/coins/markets", { status: 500 }, { status: 500 });
    const down = await pages.quoteCoins(["bitcoin", "ethereum"]);
    expect(down.map((q) => [q.id, q.priceUsd, q.freshness])).toEqual([
      ["bitcoin", null, null],
      ["ethereum", null, null],
    ]);
    // No coin was asked for on its own.
    expect(coingecko.count("/coins/bitcoin")).toBe(0);

    const [bitcoin, ethereum] = await pages.quoteCoins(["bitcoin", "ethereum"]);
    await pages.findTable({});
    expect(coingecko.count("/coins/markets")).toBe(3);
    expect(bitcoin).toMatchObject({ priceUsd: 78428, freshness: { source: "coingecko" } });
    expect(ethereum?.freshness?.asOf).toBe(bitcoin?.freshness?.asOf);
  });
});
