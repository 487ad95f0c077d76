// The passage an article gives for a research query (docs/product.md#max-research): the prose
// that answers it, as plain text.
import { describe, expect, it } from "vitest";
import { analyse } from "./assistant.research-passage.ts";
import { researchTopic } from "./assistant.research-topic.ts";

/** The passage of an untitled article with body `markdown` for `query`. */
function passageFor(markdown: string, query: string): string {
  const article = { title: "", subTitle: "", content: markdown };
  return analyse(article, researchTopic(query).terms).passage.text;
}

describe("analyse", () => {
  it("quotes the prose paragraph that answers the query, as plain text", () => {
    const markdown = [
      "# Scaling",
      "Blocks are **small** on purpose.",
      "| Layer | Fees |\n|---|---|\n| L1 | high |",
      "**Rollups** execute transactions off chain and post their data to Ethereum, so rollups scale it.",
    ].join("\n\n");
    expect(passageFor(markdown, "how do rollups scale ethereum")).toBe(
      "Rollups execute transactions off chain and post their data to Ethereum, so rollups scale it.",
    );
    // No paragraph mentions the query: the article's opening prose, still without markup.
    const fallback = passageFor(markdown, "zzz unrelated");
    expect(fallback.startsWith("Blocks are small on purpose. Rollups execute")).toBe(true);
    expect(fallback).not.toMatch(/[*|#]/);
  });
});
