// The one slug rule as readers meet it in article addresses (/p/{slug}), made by the importer, the
// studio API and the editor alike.
import { describe, expect, it } from "vitest";
import { SLUG_MAX, slugFromTitle, slugify } from "./slug.ts";
import { slugSchema } from "./studio.ts";

describe("slugify", () => {
  it("folds accents, drops & and marks, and joins words with single hyphens", () => {
    const cases: [string, string][] = [
      ["NFTs & Gaming", "nfts-gaming"],
      ["Layer 2", "layer-2"],
      ["Café Research", "cafe-research"],
      ["Bitcoin’s Halving: What Changes?", "bitcoin-s-halving-what-changes"],
      ["Layer 2 — Rollups, Explained", "layer-2-rollups-explained"],
      ["Ça va? Déjà vu in DeFi", "ca-va-deja-vu-in-defi"],
      ["ETH 2.0 / PoS", "eth-2-0-pos"],
      ["  --Already-slugged--  ", "already-slugged"],
      ["!!! ???", ""],
    ];
    for (const [text, slug] of cases) expect(slugify(text)).toBe(slug);
  });
});

describe("slugFromTitle", () => {
  it("cuts a long title at a hyphen, leaving room for a -2 suffix the API still accepts", () => {
    const long = slugFromTitle("word ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX - 4);
    expect(long.endsWith("-")).toBe(false);
    expect(slugSchema.safeParse(`${long}-999`).success).toBe(true);
    expect(slugSchema.safeParse(slugFromTitle("A title, with: punctuation!")).success).toBe(true);
    expect(slugFromTitle("Staking & You: A Primer")).toBe("staking-you-a-primer");
  });
});
