// The eval reads answers as a reader does: figures however they are formatted, dates in any common
// form, the first sentence after a heading, and no false alarm on a hedged "whether you should buy".
import { describe, expect, it } from "vitest";
import {
  citedSlugs,
  echoesQuestion,
  namesDate,
  openingOf,
  recommendationIn,
  saysDirection,
  writesFigure,
} from "./text-checks.ts";

const NOW = new Date("2026-11-24T12:00:00Z");

describe("writesFigure", () => {
  it("finds a figure written with separators, a dollar sign or a scale word", () => {
    expect(writesFigure("Ethereum is at $2,312.67 today.", 2312.67)).toBe(true);
    expect(writesFigure("about $2.31K", 2312.67)).toBe(true);
    expect(writesFigure("a market cap of $1.57T", 1_569_962_020_102)).toBe(true);
    expect(writesFigure("a market cap of 1.57 trillion dollars", 1_569_962_020_102)).toBe(true);
    expect(writesFigure("PEPE trades at $0.00000394", 3.94e-6)).toBe(true);
  });

  it("refuses a figure off by more than its written rounding", () => {
    expect(writesFigure("about $2.4K", 2312.67)).toBe(false);
    expect(writesFigure("Ethereum is at $2,321.67", 2312.67)).toBe(false);
    expect(writesFigure("a market cap of $1.6T", 1_569_962_020_102)).toBe(true);
    expect(writesFigure("a market cap of $2T", 1_569_962_020_102)).toBe(false);
  });

  it("reads percentages only with a % sign, and their size whatever the sign", () => {
    expect(writesFigure("down 0.74% this week", -0.7396, true)).toBe(true);
    expect(writesFigure("a change of −0.7%", -0.7396, true)).toBe(true);
    expect(writesFigure("1.33 percentage points better", 1.329, true)).toBe(true);
    expect(writesFigure("down 0.74 this week", -0.7396, true)).toBe(false);
    expect(writesFigure("up 2% this week", 2.35, true)).toBe(false);
    expect(writesFigure("priced at 2.35%", 2.35)).toBe(false);
  });
});

describe("namesDate", () => {
  it("accepts the day in the forms readers write", () => {
    for (const text of ["as of 3 May 2026", "on May 3, 2026", "(2026-05-03)", "3rd May 2026"]) {
      expect(namesDate(text, "2026-05-03T07:43:48Z", NOW), text).toBe(true);
    }
    expect(namesDate("history ends 2 Sept 2025", "2025-09-02T00:00:00Z", NOW)).toBe(true);
  });

  it("needs the year when it is not this year's, and the right day", () => {
    expect(namesDate("as of 3 May", "2026-05-03T07:43:48Z", NOW)).toBe(true);
    expect(namesDate("ends 2 Sept", "2025-09-02T00:00:00Z", NOW)).toBe(false);
    expect(namesDate("as of 13 May 2026", "2026-05-03T07:43:48Z", NOW)).toBe(false);
  });
});

describe("openingOf", () => {
  it("skips headings and title lines to the first sentence", () => {
    const answer =
      "## Ethereum\n\n**Ethereum (ETH)**\n\nEthereum is down 0.74% this week. It ranks #2.";
    expect(openingOf(answer)).toEqual({ sentence: "Ethereum is down 0.74% this week." });
  });

  it("keeps an abbreviation inside the sentence", () => {
    expect(openingOf("Bitcoin vs. Ethereum: one BTC buys 33.9 ETH. More below.")).toEqual({
      sentence: "Bitcoin vs. Ethereum: one BTC buys 33.9 ETH.",
    });
  });

  it("finds no sentence in an answer that opens with a list of stats", () => {
    expect(openingOf("- **Price:** $2,312.67\n- **24 h change:** +0.49%")).toEqual({
      sentence: null,
      opensWith: "a list",
    });
  });
});

describe("the phrases an answer must or must not hold", () => {
  it("tells a recommendation from a hedge", () => {
    expect(recommendationIn("You should buy now, before it rises.")).toBe("You should buy");
    expect(recommendationIn("It looks like a strong buy.")).toBe("strong buy");
    expect(recommendationIn("I can't tell you whether you should buy or sell.")).toBeNull();
    expect(
      recommendationIn("I can't say whether to buy it; this is not financial advice."),
    ).toBeNull();
  });

  it("reads the direction of a move in words", () => {
    expect(saysDirection("Ethereum fell 0.74%", -0.74)).toBe(true);
    expect(saysDirection("Ethereum rose 0.74%", -0.74)).toBe(false);
    expect(saysDirection("Bitcoin moved sideways (-0.93%)", -0.93)).toBe(true);
  });

  it("finds the articles cited and a question pasted back as a topic", () => {
    const answer =
      "Rollups batch transactions [1].\n\n1. [Scaling](/p/scaling), [ZK](https://x.test/p/zk)";
    expect(citedSlugs(answer)).toEqual(["scaling", "zk"]);
    expect(
      echoesQuestion("Here is what our research says about how do I stake", "How do I stake?"),
    ).toBe(true);
    expect(
      echoesQuestion("1. [What is Wrapped Ether (WETH)](/p/wrapped-eth)", "What is wrapped ether?"),
    ).toBe(false);
  });
});
