// The first sentences of a text, as an imported article's subtitle reads them
// (docs/product/reader.md#imported-articles).
import { describe, expect, it } from "vitest";
import { firstSentences } from "./excerpts.ts";

describe("firstSentences", () => {
  it("ends a sentence after an acronym, so the subtitle is whole sentences, not a cut run", () => {
    const text =
      "This week's newsletter describes a denial-of-service vulnerability that affected older " +
      "versions of LND. Also included are our regular sections with selected questions and " +
      "answers from the Bitcoin Stack Exchange and descriptions of notable changes.";
    expect(firstSentences(text)).toBe(
      "This week's newsletter describes a denial-of-service vulnerability that affected older versions of LND.",
    );
  });
});
