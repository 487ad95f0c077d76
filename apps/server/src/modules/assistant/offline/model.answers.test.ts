// Max's offline model end to end through the AI SDK's streamText loop: the answers it writes from
// tools returning contract-shaped results from real data.
import { MARKET_ERRORS, formatSignedPercent } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { hasSharedArticles, needs, noteSkipped } from "../../../testing/shared-data.ts";
import { SYSTEM, knownCoins, snapshot } from "./test-kit.ts";
import { ask, candles, day, followUp, snapshotToken, tokenData, usd } from "./test-tools.ts";

// The research tool of these tests answers from the shared ethereum.org articles.
noteSkipped(hasSharedArticles, "the offline model's research answers", "articles");
const withArticles = it.skipIf(!hasSharedArticles);

const utc = (iso: string) =>
  `${new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" }).format(new Date(iso))} UTC`;

describe("offline model: answers through streamText", () => {
  const solana = snapshotToken("solana");

  it("answers the market-stats chip with the figures, as-of time and source, streamed in chunks", async () => {
    const { text, chunks, steps } = await ask("Give me the key market stats for Solana");
    expect(steps.map((s) => s.finishReason)).toEqual(["tool-calls", "stop"]);
    expect(text).toContain("**Solana (SOL)**");
    // Each figure once: the opening states the price, the 24 h move and the rank; the list only
    // what the stats card beside the answer does not show.
    const price = usd(solana.priceUsd ?? NaN);
    expect(text.split(price).length - 1).toBe(1);
    const move = solana.change24hPercent ?? NaN;
    expect(text).toContain(
      `${move >= 0 ? "up" : "down"} ${Math.abs(move).toFixed(2)}% in the last 24 hours`,
    );
    expect(text).not.toContain("**24 h volume:**");
    expect(text).toContain(formatSignedPercent(solana.change7dPercent ?? NaN));
    expect(text).toContain(formatSignedPercent(solana.change30dPercent ?? NaN));
    expect(text).toContain(`ranks #${solana.rank}`);
    expect(text).toContain(`${usd(solana.athUsd ?? NaN)} on ${day(solana.athDate ?? "")}`);
    expect(text).toContain(`${(-(solana.athChangePercent ?? NaN)).toFixed(2)}% below it`);
    expect(text).toContain(`As of ${utc(solana.asOf)}`);
    expect(text).toContain("Source: offline snapshot, data provided by CoinGecko");
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.join("")).toBe(text);
    expect(text).not.toContain("PINEAPPLE");
  });

  it("says when figures are stale, and how old", async () => {
    const { text } = await ask("ETH price", {
      getTokenData: (q) => tokenData(q, { stale: true, ageSeconds: 300, source: "coingecko" }),
    });
    expect(text).toMatch(/last cached figures, 5 minutes old/);
    expect(text).toContain("Source: CoinGecko");
  });

  it("gives a coin's description to a question about the coin, not to one asking for figures", async () => {
    const described = {
      getTokenData: (q: string) =>
        tokenData(q, { description: "Litecoin is a peer-to-peer coin." }),
    };
    const about = await ask("What is Litecoin?", described);
    expect(about.text).toContain("Litecoin is a peer-to-peer coin.");
    const figures = await ask("Litecoin market cap and volume", described);
    expect(figures.text).not.toContain("peer-to-peer");
  });

  it("compares two coins from one call each", async () => {
    const { text, steps } = await ask("Compare BTC and ETH");
    expect(steps[0]?.toolCalls.map((c) => c.input)).toEqual([
      { query: "bitcoin" },
      { query: "ethereum" },
    ]);
    expect(text).toContain("**Bitcoin (BTC)**");
    expect(text).toContain("**Ethereum (ETH)**");
    expect(text).toContain("**Side by side**");
  });

  it("summarises price history: the move first with where the history ends, then high/low, trend, last candle", async () => {
    const { text, steps } = await ask("How did SOL do over the last 2 weeks?");
    expect(steps[0]?.toolCalls[0]?.input).toEqual({ query: "solana", days: 14 });
    const list = candles("solana", 14);
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) throw new Error("no candles");
    const change = (last.close / first.open - 1) * 100;
    expect(text.split("\n")[0]).toBe(
      `Price history here ends ${day(last.time * 1000)}: over the 14 days to then, **Solana (SOL)** ${change > 0 ? "rose" : "fell"} ${Math.abs(change).toFixed(2)}%, from ${usd(first.open)} to ${usd(last.close)}.`,
    );
    expect(text).toContain(
      `${usd(first.open)} → ${usd(last.close)} (${change > 0 ? "+" : "-"}${Math.abs(change).toFixed(2)}%)`,
    );
    expect(text).toContain(usd(Math.max(...list.map((c) => c.high))));
    expect(text).toContain(usd(Math.min(...list.map((c) => c.low))));
    expect(text).toMatch(/Volatility was (low|moderate|high)/);
    expect(text).toContain(`Last candle: ${utc(new Date(last.time * 1000).toISOString())}`);
    expect(text).not.toContain(usd(list[5]?.open ?? 0) + " →");
  });

  it("says which period was served when CoinGecko's fixed periods differ from the request", async () => {
    const { text } = await ask("bitcoin chart for the last 10 days");
    expect(text).toContain("this covers 14 days (you asked for 10)");
  });

  it("lists new tokens numbered and dated, warning about a ticker shared with a known coin", async () => {
    const list = snapshot.newTokens();
    const [newest, next] = list.tokens;
    if (!newest || !next) throw new Error("the snapshot lists fewer than two new tokens");
    const { text } = await ask("Give me a list of new tokens");
    expect(text).toMatch(
      new RegExp(
        `^As of ${day(list.asOf)}, the newest listings on CoinGecko were \\*\\*${newest.name}`,
      ),
    );
    expect(text).toMatch(/^1\. \*\*UpSide Down Cat \(USDC\)\*\*/m);
    expect(text).toMatch(/^2\. \*\*Chinification \(CHINIFY\)\*\*/m);
    const twin = knownCoins.find((k) => k.symbol === "usdc");
    expect(text).toContain(`Its ticker is also used by ${twin?.name}`);
    expect(text).toContain(`As of ${utc(list.asOf)}`);
  });

  it("lists trending tokens numbered with their figures, each dated when priced apart from the list", async () => {
    const list = snapshot.trending();
    const [top] = list.tokens;
    if (!top?.pricedAt || top.priceUsd === null || top.change24hPercent === null) {
      throw new Error("the snapshot's first trending coin is not priced from the markets capture");
    }
    const { text } = await ask("List the current trending tokens");
    expect(text).toContain(
      `1. **${top.name} (${top.symbol})**: $${top.priceUsd.toFixed(10).replace(/0+$/, "")}, ${formatSignedPercent(top.change24hPercent)} in 24 h, rank #${top.rank} (as of ${day(top.pricedAt)})`,
    );
    expect(text).toMatch(new RegExp(`^${list.tokens.length}\\. `, "m"));
    expect(text).toContain("Source: offline snapshot");
  });

  withArticles(
    `synthesises research with numbered inline citations and a Sources list linking to /p/{slug} ${needs("articles")}`,
    async () => {
      const { text, steps } = await ask("How do optimistic rollups work?");
      expect(steps[0]?.toolCalls[0]?.input).toEqual({ query: "optimistic rollups" });
      expect(text).toMatch(/^[^\n]+ \[1\]/);
      expect(text).toContain("**Sources**");
      expect(text).toContain(
        "1. [Optimistic Rollups](/p/scaling--optimistic-rollups), 12 Mar 2026",
      );
      expect(text).toMatch(/ \[2\]\./);
      expect(text).toMatch(/^2\. \[[^\]]+\]\(\/p\/[\w-]+\)/m);
    },
  );

  withArticles(
    `summarises the article in context from its own passages ${needs("articles")}`,
    async () => {
      const instructions = `${SYSTEM}\nArticle title: Optimistic Rollups\nArticle slug: scaling--optimistic-rollups`;
      const { text } = await ask("Summarise this article", undefined, instructions);
      expect(text).toContain("Key points of **Optimistic Rollups**");
      expect(text).toContain("(/p/scaling--optimistic-rollups)");
      expect(text).not.toContain("PINEAPPLE");
    },
  );

  it("turns the market-data errors into honest messages", async () => {
    const missing = await ask("What's the price of Zzyzx?");
    expect(missing.steps[0]?.toolCalls[0]?.input).toEqual({ query: "Zzyzx" });
    expect(missing.text).toMatch(/“Zzyzx” is not covered by the offline market data/);
    expect(missing.text).toContain("COINGECKO_API_KEY");
    expect(missing.text).not.toMatch(/found no coin|\$\d/);
    const failed = await ask("ETH price", {
      getTokenData: (query) => ({ error: MARKET_ERRORS.fetchFailed, query }),
    });
    expect(failed.text).toBe(
      "I couldn't fetch the data for “ethereum” right now. Please try again in a moment.",
    );
    const thrown = await ask("ETH price", {
      getTokenData: () => {
        throw new Error("socket hang up");
      },
    });
    expect(thrown.text).toMatch(/couldn't fetch the data for “ethereum” right now/);
    expect(thrown.text).not.toContain("socket");
  });

  it("re-runs the previous lookup for Analyze your last message and writes insights", async () => {
    const result = followUp(
      "Give me the key market stats for Solana",
      "Solana is at $13.81.",
      "Analyze your last message for valuable insights",
    );
    const text = await result.text;
    expect((await result.steps)[0]?.toolCalls[0]?.input).toEqual({ query: "solana" });
    expect(text).toContain("**Insights on Solana (SOL)**");
    expect(text).toContain(`As of ${day(solana.asOf)}, **Solana (SOL)** is at`);
    expect(text).toMatch(/Turnover:\*\* 24 h volume is \d+\.\d\d% of market cap/);
    expect(text).toMatch(/would need to rise [\d.]+% to get back there/);
  });

  withArticles(
    `suggests next research after What other research should I do? ${needs("articles")}`,
    async () => {
      const result = followUp(
        "How do optimistic rollups work?",
        "Optimistic rollups post data to Ethereum [1].",
        "What other research should I do?",
      );
      const text = await result.text;
      expect(text).toContain("**Where to go next**");
      expect(text).toContain("**Sources**");
      // A reading list with what each piece adds, not the answer just given again.
      expect(text).toMatch(/^\*\*To read next\*\* on this:\n- \[[^\]]+\]\(\/p\/[^)]+\)/);
      const plain = await ask("How do optimistic rollups work?");
      const paragraph = plain.text.split("\n\n")[0]!;
      expect(paragraph.length).toBeGreaterThan(100);
      expect(text).not.toContain(paragraph);
    },
  );
});
