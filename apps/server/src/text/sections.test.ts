// An article's sections and sentences as Max's research passages read them
// (docs/product/max.md#max-research).
import { describe, expect, it } from "vitest";
import { markdownSections } from "./sections.ts";
import { splitSentences } from "./sentences.ts";

describe("markdownSections", () => {
  it("gives the opening, then each heading with its own prose as plain text", () => {
    const markdown = [
      "Rollups **scale** Ethereum.",
      "## What is a rollup?",
      "A rollup runs transactions [off chain](https://example.org).",
      "- Posts data to L1.\n- Inherits its security.",
      "| a | b |\n|---|---|\n| 1 | 2 |",
      "```js\nconst x = 1;\n```",
      "### Fees",
      "> Fees fell after Dencun.",
    ].join("\n\n");
    expect(markdownSections(markdown)).toEqual([
      { heading: null, depth: 0, blocks: ["Rollups scale Ethereum."] },
      {
        heading: "What is a rollup?",
        depth: 2,
        blocks: [
          "A rollup runs transactions off chain.",
          "Posts data to L1.",
          "Inherits its security.",
        ],
      },
      { heading: "Fees", depth: 3, blocks: ["Fees fell after Dencun."] },
    ]);
  });
});

describe("splitSentences", () => {
  it("splits at sentence ends but not after common abbreviations", () => {
    expect(
      splitSentences(
        "Rollups batch work, e.g. Arbitrum. Fees fell vs. 2023 levels! Why? Dr. Lee knows.",
      ),
    ).toEqual([
      "Rollups batch work, e.g. Arbitrum.",
      "Fees fell vs. 2023 levels!",
      "Why?",
      "Dr. Lee knows.",
    ]);
  });
});
