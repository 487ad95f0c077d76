// The editor's term options as an editor meets them (docs/product/studio.md#studio-terms).
import { describe, expect, it } from "vitest";
import { TERMS_MAX } from "../article-form";
import { SHOWN_TERMS, termOptions } from "./term-options";

const inUse = [
  { name: "DeFi", slug: "defi", articleCount: 12 },
  { name: "Security", slug: "security", articleCount: 7 },
  { name: "Decentralised identity", slug: "decentralised-identity", articleCount: 2 },
];

describe("term options", () => {
  it("offers the terms in use holding what is typed, most used first, none chosen twice", () => {
    expect(termOptions(inUse, [], "de")).toEqual([
      { name: "DeFi", articleCount: 12 },
      { name: "Decentralised identity", articleCount: 2 },
      { name: "de", articleCount: null },
    ]);
    expect(termOptions(inUse, ["defi"], "").map((o) => o.name)).toEqual([
      "Security",
      "Decentralised identity",
    ]);
  });

  it("offers a new term only when no term has that name, in any case", () => {
    expect(termOptions(inUse, [], "defi")).toEqual([{ name: "DeFi", articleCount: 12 }]);
    expect(termOptions(inUse, [], " Restaking ")).toEqual([
      { name: "Restaking", articleCount: null },
    ]);
    expect(termOptions(inUse, ["Restaking"], "restaking")).toEqual([]);
  });

  it(`lists at most ${SHOWN_TERMS} terms in use`, () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      name: `Tag ${i}`,
      slug: `tag-${i}`,
      articleCount: 20 - i,
    }));
    expect(termOptions(many, [], "tag")).toHaveLength(SHOWN_TERMS + 1);
  });

  it(`offers nothing once ${TERMS_MAX} terms are chosen, since the API takes no more`, () => {
    const chosen = Array.from({ length: TERMS_MAX }, (_, i) => `Tag ${i}`);
    expect(termOptions(inUse, chosen, "")).toEqual([]);
    expect(termOptions(inUse, chosen, "restaking")).toEqual([]);
    expect(termOptions(inUse, chosen.slice(1), "restaking")).toHaveLength(1);
  });
});
