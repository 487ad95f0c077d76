// Max's offline answers date their figures honestly and never call a coin in the data unknown
// (eval classes A1 and A2, docs/product/max.md#eval-classes), through the AI SDK's streamText loop
// over the offline snapshot.
import { MARKET_ERRORS } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { NOW, answerFrom, snapshot } from "./test-kit.ts";
import {
  ask,
  candles,
  day,
  firstLine,
  moved,
  ohlcData,
  snapshotToken,
  tokenData,
  usd,
} from "./test-tools.ts";

describe("offline model: honest dates (eval class A1)", () => {
  const bitcoin = snapshotToken("bitcoin");

  it("names the data's date in the first sentence when it is more than a day old, not when fresh", async () => {
    const old = await ask("What's the price of Bitcoin?");
    expect(
      firstLine(old.text).startsWith(
        `As of ${day(bitcoin.asOf)}, **Bitcoin (BTC)** is at **${usd(bitcoin.priceUsd ?? NaN)}**, ${moved(bitcoin.change24hPercent ?? NaN)} in the last 24 hours`,
      ),
    ).toBe(true);
    const freshAsOf = new Date(NOW.getTime() - 3_600_000).toISOString();
    const fresh = await ask("What's the price of Bitcoin?", {
      getTokenData: (q) => tokenData(q, { asOf: freshAsOf, source: "coingecko" }),
    });
    expect(firstLine(fresh.text)).toMatch(/^\*\*Bitcoin \(BTC\)\*\* is at /);
  });

  it("says in the first sentence where a price history ends when it is older than a day", async () => {
    const last = candles("ethereum", 90).at(-1);
    if (!last) throw new Error("no candles");
    const { text } = await ask("How did ETH do over the last 90 days?");
    expect(firstLine(text)).toMatch(
      new RegExp(
        `^Price history here ends ${day(last.time * 1000)}: over the 90 days to then, \\*\\*Ethereum \\(ETH\\)\\*\\* (rose|fell) `,
      ),
    );
  });

  it("dates a comparison once and says which coin's figures are from another day", async () => {
    const kusama = snapshotToken("kusama");
    const { text } = await ask("Compare Bitcoin and Kusama");
    expect(firstLine(text)).toMatch(new RegExp(`^As of ${day(bitcoin.asOf)}, `));
    expect(firstLine(text)).toContain(
      `Not all figures are from the same day: Bitcoin's are from ${day(bitcoin.asOf)}, Kusama's are from ${day(kusama.asOf)}.`,
    );
  });

  it("says why one coin shows two prices: the history's last close and the later market price", async () => {
    const history = ohlcData("bitcoin", 30);
    if ("error" in history) throw new Error("no bitcoin history");
    const last = history.candles.at(-1);
    const { text } = await answerFrom("Bitcoin price and chart", [
      ["getTokenData", { query: "bitcoin" }, tokenData("bitcoin")],
      ["getOhlc", { query: "bitcoin", days: 30 }, history],
    ]);
    expect(text).toContain(usd(bitcoin.priceUsd ?? NaN));
    expect(text).toContain(usd(last?.close ?? NaN));
    expect(text).toContain(
      `Bitcoin shows two prices from different days: its last close in this history, on ${day((last?.time ?? 0) * 1000)}, and its price of ${day(bitcoin.asOf)} in the market data.`,
    );
  });

  it("dates the trending list in its first sentence and says it is older than the prices", async () => {
    const list = snapshot.trending();
    const { text } = await ask("what's trending?");
    expect(firstLine(text)).toMatch(
      new RegExp(
        `^As of ${day(list.asOf)}, the date of the latest trending list here, the most searched coins on CoinGecko were led by \\*\\*${list.tokens[0]?.name}`,
      ),
    );
    expect(firstLine(text)).toContain(
      `The list is older than the prices: coins still in the markets capture of ${day(bitcoin.asOf)} are priced from it`,
    );
  });
});

describe("offline model: a coin in the data is never unknown (eval class A2)", () => {
  it("answers a coin without price history from its market data, saying the history is missing", async () => {
    const xrp = snapshotToken("ripple");
    const { text, steps } = await ask("Show me XRP's price history for the last 90 days");
    expect(steps.flatMap((s) => s.toolCalls.map((c) => [c.toolName, c.input]))).toEqual([
      ["getOhlc", { query: "ripple", days: 90 }],
      ["getTokenData", { query: "ripple" }],
    ]);
    expect(firstLine(text)).toBe(
      `There is no price history for **XRP (XRP)** in the data, so I can't show that period; the nearest figure the market data has is its 30-day change: as of ${day(xrp.asOf)}, it is **${moved(xrp.change30dPercent ?? NaN)}** over the past 30 days, at ${usd(xrp.priceUsd ?? NaN)}.`,
    );
    expect(text).not.toMatch(/no coin matching|no results/i);
  });

  it("says which figures the data lacks for a coin, and answers with what it has", async () => {
    const kusama = snapshotToken("kusama");
    const { text } = await ask("Kusama market cap");
    expect(firstLine(text)).toBe(
      `The data has no market cap for Kusama; as of ${day(kusama.asOf)}, **Kusama (KSM)** is at **${usd(kusama.priceUsd ?? NaN)}**, ${moved(kusama.change24hPercent ?? NaN)} in the last 24 hours.`,
    );
    const lacks = /^Not in the data for Kusama: (.+)\.$/m.exec(text)?.[1] ?? "";
    for (const figure of kusama.missing) expect(lacks).toContain(figure);
  });

  it("says a coin known only by name has no market figures yet", async () => {
    const { text, steps } = await ask("UpSide Down Cat price");
    expect(steps[0]?.toolCalls[0]?.input).toEqual({ query: "upside-down-cat" });
    expect(text).toMatch(
      /\*\*UpSide Down Cat \(USDC\)\*\* is in the data by name only: it has no market figures or price history yet\./,
    );
  });

  it("says when the coin shown is the data's closest guess at a name it does not hold", async () => {
    const { text } = await ask("What's the price of Wobblecoin?", {
      getTokenData: () => tokenData("solana"),
    });
    expect(firstLine(text)).toBe(
      "“Wobblecoin” is not a name or ticker in the offline data; the closest coin it holds is **Solana (SOL)**, shown here in case you meant it. If you meant another coin, the offline data does not cover it; live data (a COINGECKO_API_KEY on the server) would.",
    );
  });

  it("with live data, says CoinGecko lists no such coin instead of pointing to live data", async () => {
    const { text } = await ask("What's the price of Zzyzx?", {
      getTokenData: (query) => ({ error: MARKET_ERRORS.noResults, query, source: "coingecko" }),
    });
    expect(text).toMatch(/^CoinGecko lists nothing under “Zzyzx”\./);
    expect(text).not.toContain("COINGECKO_API_KEY");
  });
});
