// The coin gazetteer's reading of prose (docs/product/reader.md#article-coins): what an article's
// words count as a coin, over the offline snapshot's coins as articles are read. Max's reading of
// questions with the same gazetteer is tested in assistant/offline/reading/reading.test.ts.
import { describe, expect, it } from "vitest";
import { createGazetteer } from "./coin-gazetteer.service.ts";
import { createSnapshotSource, loadSnapshot } from "./snapshot.ts";

const gazetteer = createGazetteer(createSnapshotSource(loadSnapshot()).knownCoins());
/** The coins a passage names, as "id:words". */
const named = (text: string) => gazetteer.findInProse(text).map((m) => `${m.coin.id}:${m.text}`);

describe("coins in an article's prose", () => {
  it.each([
    "Prices held near their highs while funding stayed near neutral.",
    "Near neutral funding is the usual state of a quiet market.",
    "The flow of funds into the pools slowed over the week.",
    "Flows through exchange-traded funds were modestly positive.",
    "Follow the link in the footer to read the full report.",
    "A cat walked across the keyboard and sent the transaction.",
    "Link your wallet, then sign the message.",
  ])("an English word in plain prose is no coin: %s", (text) => {
    expect(named(text)).toEqual([]);
  });

  it("an English-word coin counts where the text shows it is the coin", () => {
    expect(named("We bought more $NEAR this week.")).toEqual(["near:$NEAR"]);
    expect(named("Validators on NEAR Protocol earn fees.")).toEqual(["near:NEAR Protocol"]);
    expect(named("Sharding on Near Protocol is live.")).toEqual(["near:Near Protocol"]);
    expect(named("NEAR traded at $2.10 after the upgrade.")).toEqual(["near:NEAR"]);
    expect(named("LINK rallied while the market cooled.")).toEqual(["chainlink:LINK"]);
    // The ticker in capitals, but nothing about a market: it could be shouting.
    expect(named("Do NOT skip the backup, and keep it NEAR you.")).toEqual([]);
  });

  it("a coin's own name or ticker counts in any position, a ticker only in capitals", () => {
    expect(named("Solana validators vote every slot; bitcoin miners do not.")).toEqual([
      "solana:Solana",
      "bitcoin:bitcoin",
    ]);
    expect(named("Fees are paid in ETH, or in BTC on the other chain.")).toEqual([
      "ethereum:ETH",
      "bitcoin:BTC",
    ]);
    expect(named("the eth_call method and a btc address")).toEqual([]);
  });

  it("a name inside a person's or a product's name is not the coin", () => {
    expect(named("Wei is named after Wei Dai, creator of b-money.")).toEqual([]);
    expect(named("HWI adds support for the Ledger Nano Gen5 device.")).toEqual([]);
    expect(named("On the mailing list, Pol Espinasa posted a draft.")).toEqual([]);
    expect(named("Binance listed the token on Monday.")).toEqual([]);
  });

  it("words of the field, plurals of tickers and acronyms of lesser coins are no coins", () => {
    expect(named("An NFT marketplace charged a royalty.")).toEqual([]);
    expect(named("US regulators and two DEXes disagreed.")).toEqual([]);
    expect(named("Nodes behind a home router NAT accept no inbound connections.")).toEqual([]);
  });

  it("a staked, wrapped or bridged variant is another asset, not its base coin", () => {
    expect(named("Holders of stETH and wrapped bitcoin were paid.")).toEqual([]);
  });

  it("says where each mention stands, the dollar sign included", () => {
    const [m] = gazetteer.findInProse("Then $NEAR fell.");
    expect(m).toMatchObject({ text: "$NEAR", from: 5, to: 10 });
  });
});
