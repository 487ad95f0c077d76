// The figures an article's "Coins in this article" lists (docs/product/reader.md#article-coins):
// the market service's, dated, from the one cached markets call live, and never a failed page when
// CoinGecko is down.
import { describe, expect, it, vi } from "vitest";
import { hasCoinGeckoCaptures, needs, noteSkipped } from "../../testing/shared-data.ts";
import { createMarketPages } from "./market-pages.service.ts";
import { createMarketService } from "./market.service.ts";
import { liveMarketSuite } from "./market.testing.ts";

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
  const live = liveMarketSuite();

  it("come from the markets call the table makes; down with nothing cached, without figures", async () => {
    const market = live.market();
    const pages = createMarketPages(market);
    live.coingecko.script("/coins/markets", { status: 500 }, { status: 500 });
    market.start();
    const down = await pages.quoteCoins(["bitcoin", "ethereum"]);
    expect(down.map((q) => [q.id, q.priceUsd, q.freshness])).toEqual([
      ["bitcoin", null, null],
      ["ethereum", null, null],
    ]);
    // No coin was asked for on its own.
    expect(live.coingecko.count("/coins/bitcoin")).toBe(0);

    // The background refresh gets the markets list once CoinGecko answers; the quotes and the
    // table read that one list.
    const [bitcoin, ethereum] = await vi.waitFor(
      async () => {
        const quotes = await pages.quoteCoins(["bitcoin", "ethereum"]);
        expect(quotes[0]?.priceUsd).not.toBeNull();
        return quotes;
      },
      { timeout: 10_000, interval: 50 },
    );
    const calls = live.coingecko.count("/coins/markets");
    await pages.findTable({});
    expect(live.coingecko.count("/coins/markets")).toBe(calls);
    expect(bitcoin).toMatchObject({ priceUsd: 78428, freshness: { source: "coingecko" } });
    expect(ethereum?.freshness?.asOf).toBe(bitcoin?.freshness?.asOf);
  });
});
