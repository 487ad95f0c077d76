// What decision 013's reading must do together: in one conversation, as a fresh `npm start` wires
// Max (offline model and snapshot), a two-part question, a market-wide question, a staked token, an
// absolute date range, an explainer found by paraphrase and a follow-up on "the last one" of a list
// are each answered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMaxEval, type MaxEvalApp } from "../../../testing/max-eval.ts";

let app: MaxEvalApp;
let member: number;
/** The answer to "why did Ethereum stop mining?" in the conversation. */
let explainerText = "";
beforeAll(async () => {
  app = await openMaxEval("sqlite", { chunkDelayMs: 0 });
  member = await app.target.newMember();
}, 120_000);
afterAll(async () => {
  await app.close();
});

/** Asks the next question of the one conversation: the calls made and the answer's text. */
async function ask(question: string) {
  const calls: string[] = [];
  let text = "";
  for await (const chunk of await app.target.chat(member, question)) {
    if (chunk.type === "tool-input-available") {
      calls.push(`${chunk.toolName} ${JSON.stringify(chunk.input)}`);
    }
    if (chunk.type === "text-delta") text += chunk.delta;
  }
  return { calls, text };
}

describe("one conversation with Max (decision 013)", () => {
  it("answers each kind of question in turn, in the light of the ones before", async () => {
    const twoParts = await ask("What's the price of BTC and how do rollups work?");
    expect(twoParts.calls).toEqual([
      'getTokenData {"query":"bitcoin"}',
      'searchResearch {"query":"rollups"}',
    ]);
    expect(twoParts.text).toMatch(/^### What's the price of BTC\n\nAs of 3 May 2026/);
    expect(twoParts.text).toContain("### How do rollups work?");

    const market = await ask("top 5 coins by volume");
    expect(market.calls).toEqual(['getMarket {"by":"volume","order":"desc","limit":5,"from":1}']);
    expect(market.text).toMatch(/^As of 3 May 2026, the 5 largest coins by 24 h trading volume/);

    const staked = await ask("what's stETH trading at?");
    expect(staked.calls).toEqual(['getTokenData {"query":"stETH"}']);
    expect(staked.text).toMatch(/not covered by the offline market data/);
    expect(staked.text).not.toMatch(/\$\d/);

    const range = await ask("how did solana do between January and March 2025?");
    // Only the period's candles come back: the chart shows January to March 2025.
    expect(range.calls).toEqual([
      'getOhlc {"query":"solana","days":"max","from":"2025-01-01","to":"2025-04-01"}',
    ]);
    expect(range.text).toMatch(/\(1 Jan 2025 – 31 Mar 2025\)/);

    const explainer = await ask("why did Ethereum stop mining?");
    expect(explainer.calls).toHaveLength(1);
    expect(explainer.calls[0]).toMatch(/^searchResearch /);
    explainerText = explainer.text;

    await ask("list the trending coins");
    const last = await ask("give me stats on the last one");
    expect(last.calls).toEqual(['getTokenData {"query":"spx6900"}']);
    expect(last.text).toMatch(/^As of 3 May 2026, \*\*SPX6900 \(SPX\)\*\*/);
  });

  // Found by paraphrase: "stop mining" names the Merge, in the demo library (a newsletter on the
  // Merge) as in the imported ethereum.org articles.
  it("explains why Ethereum stopped mining: proof of stake", () => {
    expect(explainerText).toMatch(/proof-of-stake|proof of stake/i);
  });
});
