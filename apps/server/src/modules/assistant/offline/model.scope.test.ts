// Max's offline answers to questions the market data cannot answer as asked (the eval's
// market-total case, docs/product/max.md#max-eval): a price in a currency other than the US dollar,
// and figures of the whole market.
import { formatUsdCompact } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { ask, firstLine, followUp, snapshotToken, tokenData, usd } from "./test-tools.ts";

const bitcoin = snapshotToken("bitcoin");
const uniswap = snapshotToken("uniswap");

describe("offline model: a price asked in another currency", () => {
  it.each([
    ["What's the price of uniswap in euros?", uniswap, "euros"],
    ["uniswap price in EUR", uniswap, "euros"],
    ["how much is BTC in £?", bitcoin, "pounds sterling"],
    ["bitcoin in yen", bitcoin, "yen"],
    ["What's one bitcoin worth in CHF?", bitcoin, "Swiss francs"],
  ])("says first that the data is in US dollars only: %s", async (question, coin, currency) => {
    const line = firstLine((await ask(question)).text);
    expect(line).toMatch(
      new RegExp(`^The market data is in US dollars only and has no exchange rate to ${currency}`),
    );
    expect(line).toContain(usd(coin.priceUsd ?? NaN));
    expect(line).not.toMatch(/[€£¥]|\b(?:EUR|GBP|JPY|CHF)\s?\d/);
  });

  it("says CoinGecko quotes USD here when the data is live", async () => {
    const live = (query: string) =>
      tokenData(query, { source: "coingecko", asOf: new Date().toISOString() });
    const line = firstLine((await ask("uniswap price in euros", { getTokenData: live })).text);
    expect(line).toMatch(/^CoinGecko quotes prices here in US dollars only/);
    expect(line).toContain(usd(uniswap.priceUsd ?? NaN));
  });

  it("answers a follow-up that only names the currency for the previous coin", async () => {
    const result = followUp("uniswap price", "Uniswap is at $3.23.", "and in euros?");
    const line = firstLine(await result.text);
    expect(line).toMatch(/^The market data is in US dollars only/);
    expect(line).toContain(usd(uniswap.priceUsd ?? NaN));
  });

  it("still answers a price in another coin as a ratio", async () => {
    expect(firstLine((await ask("price of ETH in BTC")).text)).toMatch(
      /1 ETH = \*\*[\d.]+ BTC\*\*/,
    );
  });
});

describe("offline model: figures of the whole market", () => {
  it.each([
    "How much of the total market is bitcoin?",
    "bitcoin dominance",
    "What is BTC's market share?",
  ])(
    "says the data has no total-market figure, then the coin's market cap and rank: %s",
    async (question) => {
      const line = firstLine((await ask(question)).text);
      expect(line).toMatch(/^The market data has no total-market figure/);
      expect(line).toContain(formatUsdCompact(bitcoin.marketCapUsd ?? NaN));
      expect(line).toContain("rank #1");
      expect(line).not.toMatch(/\d%/);
    },
  );

  it.each(["total crypto market cap", "What's the whole crypto market worth?"])(
    "says so without a coin, calling no tool and asking for none: %s",
    async (question) => {
      const { text, steps } = await ask(question);
      expect(steps.flatMap((s) => s.toolCalls)).toEqual([]);
      expect(text).toMatch(/^The market data has no total-market figure/);
      expect(text).not.toMatch(/Which coin do you mean/);
    },
  );
});
