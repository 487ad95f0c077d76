// The words a 404's address is searched by (docs/product/site.md#not-found): what a reader meant,
// never the numbers of the address (docs/product/reader.md#article-card).
import { describe, expect, it } from "vitest";
import { wordsOf } from "./suggestions.server.ts";

describe("wordsOf", () => {
  it("keeps the words of the last part of the address", () => {
    expect(wordsOf("/p/bitcoin-etf-flowz")).toBe("bitcoin etf flowz");
    expect(wordsOf("/p/Proof_of%20Stake.html")).toBe("Proof of Stake");
  });

  it("leaves out numbers and single letters, so /nope-404 is searched by nope alone", () => {
    expect(wordsOf("/nope-404")).toBe("nope");
    expect(wordsOf("/p/2024-03-18-a-l2")).toBe("l2");
    expect(wordsOf("/404")).toBe("");
  });
});
