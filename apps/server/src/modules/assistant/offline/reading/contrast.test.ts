// The two sides of a "difference between A and B" question (offline/reading/contrast.ts,
// docs/product/max.md#max-research): what the research search is given to explain side by side.
import { describe, expect, it } from "vitest";
import { tokenize } from "../../../../text/words.ts";
import { contrastOf } from "./contrast.ts";

const sides = (text: string) => contrastOf(text, tokenize(text));

describe("the sides of a contrast", () => {
  it.each([
    [
      "What's the difference between proof of stake and proof of work?",
      ["proof of stake", "proof of work"],
    ],
    ["history expiry vs state expiry", ["history expiry", "state expiry"]],
    ["EMTs versus ARTs under MiCA", ["EMTs", "ARTs"]],
    ["How is a sidechain different from a rollup?", ["sidechain", "rollup"]],
    ["how does pooled staking compare with solo staking", ["pooled staking", "solo staking"]],
    [
      "compare rebasing and reward-bearing liquid staking tokens",
      ["rebasing tokens", "reward-bearing liquid staking tokens"],
    ],
    ["ERC-4337 vs EIP-7702 - which one do wallets use?", ["ERC-4337", "EIP-7702"]],
    // A lone adjective takes the other side's noun, and so does a stand-in ("ones").
    ["optimistic vs zk rollups", ["optimistic rollups", "zk rollups"]],
    [
      "fiat-backed stablecoins vs crypto-backed ones, which is safer?",
      ["fiat-backed stablecoins", "crypto-backed stablecoins"],
    ],
  ])("reads %j as the contrast of %j", (text, expected) => {
    expect(sides(text)).toEqual(expected);
  });

  it.each([
    "how does cosmos ibc move tokens between chains",
    "ETH price between May and July",
    "What is the difference?",
    "How do rollups work?",
    "why do bridges keep getting hacked",
  ])("reads no contrast in %j", (text) => {
    expect(sides(text)).toBeNull();
  });
});
