// Max's offline answers give the figure asked for first (eval classes A3–A5,
// docs/product/max.md#eval-classes): derived figures across coins with their inputs, moves named by
// time words, yes/no answers, the whole history, and advice requests framed with the risks the data
// shows. Expected figures come from the snapshot.
import { formatSignedPercent, formatUsdCompact } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { ask, candles, day, firstLine, followUp, moved, snapshotToken, usd } from "./test-tools.ts";

/** The number a pattern's first group captures in `text` ("27.54", "1,234"). */
const numberIn = (text: string, pattern: RegExp) =>
  Number((pattern.exec(text)?.[1] ?? "NaN").replace(/,/g, ""));
/** True when `written` rounds `exact` to within 0.1 %. */
const near = (written: number, exact: number) => Math.abs(written / exact - 1) < 0.001;

const bitcoin = snapshotToken("bitcoin");
const ethereum = snapshotToken("ethereum");
const solana = snapshotToken("solana");
const price = (t: typeof bitcoin) => t.priceUsd ?? NaN;

describe("offline model: derived figures across coins (eval class A3)", () => {
  it("answers how many ETH one BTC buys first, with both prices", async () => {
    const { text, steps } = await ask("How many ETH is one BTC?");
    expect(steps[0]?.toolCalls.map((c) => c.input)).toEqual([
      { query: "bitcoin" },
      { query: "ethereum" },
    ]);
    const line = firstLine(text);
    expect(line).toMatch(
      new RegExp(`^As of ${day(bitcoin.asOf)}, 1 BTC = \\*\\*[\\d,.]+ ETH\\*\\*`),
    );
    expect(
      near(numberIn(line, /1 BTC = \*\*([\d,.]+) ETH/), price(bitcoin) / price(ethereum)),
    ).toBe(true);
    expect(line).toContain(
      `Bitcoin at ${usd(price(bitcoin))} ÷ Ethereum at ${usd(price(ethereum))}`,
    );
  });

  it("answers a follow-up ratio that points back at the previous coin", async () => {
    const result = followUp(
      "solana stats",
      "Solana is at $83.97.",
      "how many of those for one ETH?",
    );
    const line = firstLine(await result.text);
    expect(near(numberIn(line, /1 ETH = \*\*([\d,.]+) SOL/), price(ethereum) / price(solana))).toBe(
      true,
    );
  });

  it("answers a price difference, a share of market cap and a combined market cap with their inputs", async () => {
    const bnb = snapshotToken("binancecoin");
    const difference = firstLine(
      (await ask("What's the price difference between BNB and SOL?")).text,
    );
    expect(
      near(numberIn(difference, /costs \*\*\$([\d,.]+) more\*\*/), price(bnb) - price(solana)),
    ).toBe(true);
    expect(difference).toContain(`${usd(price(bnb))} − ${usd(price(solana))}`);
    const cap = (t: typeof bitcoin) => t.marketCapUsd ?? NaN;
    const share = firstLine((await ask("What share of Bitcoin's market cap is Ethereum's?")).text);
    expect(share).toContain(
      `Ethereum's market cap is **${((cap(ethereum) / cap(bitcoin)) * 100).toFixed(2)}%** of Bitcoin's: ${formatUsdCompact(cap(ethereum))} ÷ ${formatUsdCompact(cap(bitcoin))}.`,
    );
    const sum = firstLine((await ask("combined market cap of BTC and ETH")).text);
    expect(sum).toContain(`**${formatUsdCompact(cap(bitcoin) + cap(ethereum))}**`);
  });

  it("compares coins on the figure the question names, not their prices", async () => {
    const tron = snapshotToken("tron");
    const stellar = snapshotToken("stellar");
    const line = firstLine((await ask("Tron vs Stellar market cap")).text);
    expect(line).toContain(formatUsdCompact(tron.marketCapUsd ?? NaN));
    expect(line).toContain(formatUsdCompact(stellar.marketCapUsd ?? NaN));
    expect(line).not.toContain(usd(price(tron)));
  });

  it("names which coin did better over the window the question names", async () => {
    const [better, worse] = [solana, ethereum].sort(
      (a, b) => (b.change7dPercent ?? 0) - (a.change7dPercent ?? 0),
    );
    if (!better || !worse) throw new Error("missing coins");
    const { text } = await ask("Which did better this week, Solana or Ethereum?");
    expect(firstLine(text)).toBe(
      `As of ${day(solana.asOf)}, **${better.name}** did better over the past 7 days: ${moved(better.change7dPercent ?? NaN)}, against ${worse.name}'s ${moved(worse.change7dPercent ?? NaN)}.`,
    );
  });

  it("serves the whole history for 'whole price history' and says which range that was", async () => {
    const all = candles("bitcoin", "max");
    const [first, last] = [all[0], all.at(-1)];
    if (!first || !last) throw new Error("no candles");
    const { text, steps } = await ask("Show me the whole price history of bitcoin");
    expect(steps[0]?.toolCalls[0]?.input).toEqual({ query: "bitcoin", days: "max" });
    expect(firstLine(text)).toMatch(
      new RegExp(
        `^Bitcoin's whole price history here runs from ${day(first.time * 1000)} to ${day(last.time * 1000)} \\(${all.length} days\\): it (rose|fell) `,
      ),
    );
  });
});

describe("offline model: the first sentence answers the question (eval class A4)", () => {
  it("answers a time-worded question with the move over that window, from current data", async () => {
    const { text, steps } = await ask("How is Solana doing this week?");
    expect(steps[0]?.toolCalls[0]?.toolName).toBe("getTokenData");
    expect(firstLine(text)).toBe(
      `As of ${day(solana.asOf)}, **Solana (SOL)** is **${moved(solana.change7dPercent ?? NaN)}** over the past 7 days, at ${usd(price(solana))}.`,
    );
  });

  it("says yes or no to a question about a move's direction or a price level", async () => {
    const tron = snapshotToken("tron");
    const up = (tron.change24hPercent ?? 0) > 0;
    const rose = firstLine((await ask("Did Tron go up today?")).text);
    expect(
      rose.startsWith(`${up ? "Yes" : "No"}: as of ${day(tron.asOf)}, **TRON (TRX)** is`),
    ).toBe(true);
    const fell = firstLine((await ask("Did Tron drop today?")).text);
    expect(fell.startsWith(`${up ? "No" : "Yes"}: `)).toBe(true);
    const above = price(bitcoin) > 100_000;
    const level = firstLine((await ask("Is BTC above $100k?")).text);
    const gap = (Math.abs(price(bitcoin) / 100_000 - 1) * 100).toFixed(2);
    expect(level).toBe(
      `${above ? "Yes" : "No"}: as of ${day(bitcoin.asOf)}, **Bitcoin (BTC)** is at **${usd(price(bitcoin))}**, ${gap}% ${above ? "above" : "below"} $100,000.00.`,
    );
    // A level in cents is a fraction of a dollar.
    const hedera = snapshotToken("hedera-hashgraph");
    const cents = firstLine((await ask("is hedera below 10 cents")).text);
    expect(cents.startsWith(`${price(hedera) < 0.1 ? "Yes" : "No"}: `)).toBe(true);
    expect(cents).toMatch(/ (?:above|below) \$0\.10\.$/);
  });

  it("answers a one-coin follow-up with what the previous question asked, and nothing else with it", async () => {
    const same = followUp("How's bitcoin doing this week?", "Bitcoin is up.", "and ethereum?");
    expect(firstLine(await same.text)).toBe(
      `As of ${day(ethereum.asOf)}, **Ethereum (ETH)** is **${moved(ethereum.change7dPercent ?? NaN)}** over the past 7 days, at ${usd(price(ethereum))}.`,
    );
    const other = followUp(
      "How is Solana doing this week?",
      "Solana is down.",
      "How many ETH is one BTC?",
    );
    const text = await other.text;
    // The ratio with its inputs, each price said once (the cards carry the rest).
    expect(text).toContain(
      `Bitcoin at ${usd(price(bitcoin))} ÷ Ethereum at ${usd(price(ethereum))}`,
    );
    expect(text.split(usd(price(bitcoin))).length - 1).toBe(1);
    expect(text).not.toContain("over the past 7 days");
  });

  it("answers the distance from the all-time high, the highs of two coins and the market cap first", async () => {
    const high = firstLine((await ask("How far is ETH from its all-time high?")).text);
    expect(high).toBe(
      `As of ${day(ethereum.asOf)}, **Ethereum (ETH)** is **${(-(ethereum.athChangePercent ?? NaN)).toFixed(2)}% below** its all-time high of ${usd(ethereum.athUsd ?? NaN)} (${day(ethereum.athDate ?? "")}), at ${usd(price(ethereum))}.`,
    );
    // Two coins' highs compared: the highs themselves with their days, from market data.
    const { text, steps } = await ask("compare the all-time highs of ETH and SOL");
    expect(steps[0]?.toolCalls.map((c) => c.toolName)).toEqual(["getTokenData", "getTokenData"]);
    expect(firstLine(text)).toBe(
      `As of ${day(ethereum.asOf)}, **Ethereum (ETH)** peaked at ${usd(ethereum.athUsd ?? NaN)} on ${day(ethereum.athDate ?? "")} and **Solana (SOL)** peaked at ${usd(solana.athUsd ?? NaN)} on ${day(solana.athDate ?? "")}.`,
    );
    const cap = firstLine((await ask("What's Ethereum's market cap?")).text);
    expect(
      cap.startsWith(
        `As of ${day(ethereum.asOf)}, Ethereum's market cap is **${formatUsdCompact(ethereum.marketCapUsd ?? NaN)}** (rank #${ethereum.rank})`,
      ),
    ).toBe(true);
  });
});

describe("offline model: advice and forecasts (eval class A5)", () => {
  it.each(["Should I buy bitcoin now?", "Will bitcoin go up next week?"])(
    "%s gets the facts, a not-financial-advice framing and the data's risks, never a recommendation",
    async (question) => {
      const { text, steps } = await ask(question);
      expect(steps[0]?.toolCalls.map((c) => c.input)).toEqual([{ query: "bitcoin" }]);
      expect(firstLine(text)).toBe(
        "I can't tell you whether to buy or sell Bitcoin, or where its price goes next: that would be financial advice, and nobody knows. Here are the facts and the risks the data shows.",
      );
      expect(text).toContain(
        `As of ${day(bitcoin.asOf)}, **Bitcoin (BTC)** is at **${usd(price(bitcoin))}**`,
      );
      const changes = [bitcoin.change24hPercent, bitcoin.change7dPercent, bitcoin.change30dPercent];
      for (const change of changes) expect(text).toContain(formatSignedPercent(change ?? NaN));
      expect(text).toMatch(/\*\*Volatility:\*\* Bitcoin moved /);
      expect(text).toContain(
        `**Drawdown:** it trades ${(-(bitcoin.athChangePercent ?? NaN)).toFixed(2)}% below its all-time high`,
      );
      expect(text).toContain("_This is not financial advice._");
      expect(text).not.toMatch(
        /\byou should (?:buy|sell)|\bI (?:would )?recommend\b|\bgood (?:buy|time to buy)\b/i,
      );
    },
  );
});
