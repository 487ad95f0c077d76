// The Market Data pages on live data (docs/product/markets.md#live-refresh): the built web app
// with a CoinGecko key on a loopback CoinGecko, refreshed by the server's background refresh;
// the pages date their figures, stay the same page while the data does, and keep the last figures
// when CoinGecko fails.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { parsePage, textOf } from "../distribution/page-head.testing.ts";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { hasCoinGeckoCaptures, needs } from "../../testing/shared-data.ts";
import { ensureWebBuild } from "../../testing/web-build.ts";
import { liveMarketSuite, START } from "./market.testing.ts";

const live = liveMarketSuite();
let now = START;
const clock = { now: () => now };

describe.skipIf(!hasCoinGeckoCaptures)(
  `Market Data pages on live data ${needs("coingecko")}`,
  () => {
    beforeAll(() => ensureWebBuild(), 180_000);
    const ctx = withTestApp(engines[0]!, () => ({
      config: { COINGECKO_API_KEY: "test-demo-key", COINGECKO_BASE_URL: live.coingecko.baseUrl },
      clock,
      web: "build",
    }));
    const text = async (url: string) => {
      const res = await ctx.app.inject({ url });
      return { status: res.statusCode, text: textOf(parsePage(res.statusCode, res.body).body) };
    };
    const settled = <T>(check: () => Promise<T>) =>
      vi.waitFor(check, { timeout: 10_000, interval: 50 });

    it("dates the figures, keeps the page while they stay, then keeps the last ones when CoinGecko fails", async () => {
      const table = await settled(async () => {
        const page = await text("/markets");
        expect(page.status).toBe(200);
        return page.text;
      });
      expect(table).toMatch(/As of [^·]+ UTC · Data provided by CoinGecko/);

      const coin = await text("/markets/bitcoin");
      expect(coin.status).toBe(200);
      // A minute on with the same data: the same page, byte for byte (its age is not on it).
      const etag = async () => (await ctx.app.inject({ url: "/markets/bitcoin" })).headers.etag;
      const before = await etag();
      now = new Date(START.getTime() + 60_000);
      expect(await etag()).toBe(before);
      for (const shown of [
        "$78,428.00",
        "UTC · Data provided by CoinGecko",
        "The price history is on its way from CoinGecko: it shows here within a minute.",
        "Bitcoin is the first successful internet money",
      ]) {
        expect(coin.text).toContain(shown);
      }

      live.coingecko.script("/coins/markets", { status: 500 }, { status: 500 });
      now = new Date(START.getTime() + 180_000);
      const failed = await settled(async () => {
        const page = await text("/markets/bitcoin");
        expect(page.text).toContain("(CoinGecko unavailable since)");
        return page.text;
      });
      expect(failed).toContain("$78,428.00");
      expect(failed).toMatch(/As of [^·]+ UTC \(CoinGecko unavailable since\)/);
      expect((await text("/markets/no-such-coin")).status).toBe(404);
      expect(live.coingecko.count("/coins/no-such-coin")).toBe(0);
    });
  },
);
