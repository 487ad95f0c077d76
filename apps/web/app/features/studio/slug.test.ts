// The slug field follows the title until edited by hand, and makes the slugs the server makes.
import { SLUG_MAX as CONTRACT_SLUG_MAX, slugSchema } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { openSlug, SLUG_MAX, slugForTitle, slugFromTitle, slugLeft, slugTyped } from "./slug";

describe("slugFromTitle", () => {
  it("makes the server's slugs (content.service slugify: accents folded, & and marks dropped)", () => {
    const cases: [string, string][] = [
      ["Bitcoin’s Halving: What Changes?", "bitcoin-s-halving-what-changes"],
      ["NFTs & Gaming", "nfts-gaming"],
      ["Layer 2 — Rollups, Explained", "layer-2-rollups-explained"],
      ["Ça va? Déjà vu in DeFi", "ca-va-deja-vu-in-defi"],
      ["  --Already-slugged--  ", "already-slugged"],
      ["ETH 2.0 / PoS", "eth-2-0-pos"],
    ];
    for (const [title, slug] of cases) expect(slugFromTitle(title)).toBe(slug);
  });

  it("gives a slug the API accepts, or nothing when the title has no letter or digit", () => {
    expect(SLUG_MAX).toBe(CONTRACT_SLUG_MAX);
    expect(slugFromTitle("!!! ???")).toBe("");
    const long = slugFromTitle("word ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX - 4);
    expect(long.endsWith("-")).toBe(false);
    expect(slugSchema.safeParse(long).success).toBe(true);
    expect(slugSchema.safeParse(slugFromTitle("A title, with: punctuation!")).success).toBe(true);
  });
});

describe("the slug field", () => {
  it("follows the title of a new article until it is typed by hand", () => {
    let field = openSlug(null);
    field = slugForTitle(field, "Staking");
    field = slugForTitle(field, "Staking Yields");
    expect(field).toEqual({ slug: "staking-yields", auto: true });

    field = slugTyped("yields");
    field = slugForTitle(field, "Staking Yields in 2026");
    expect(field).toEqual({ slug: "yields", auto: false });
  });

  it("cleans a hand-typed slug when left, and follows the title again when emptied", () => {
    expect(slugLeft(slugTyped("My Custom Slug!"), "Title")).toEqual({
      slug: "my-custom-slug",
      auto: false,
    });
    expect(slugLeft(slugTyped("  "), "Staking Yields")).toEqual({
      slug: "staking-yields",
      auto: true,
    });
  });

  it("keeps following for a draft whose slug is its title's, never for a published article", () => {
    expect(openSlug({ title: "On Chain", slug: "on-chain", draft: true }).auto).toBe(true);
    expect(openSlug({ title: "On Chain", slug: "on-chain-2", draft: true }).auto).toBe(false);
    expect(openSlug({ title: "On Chain", slug: "on-chain", draft: false }).auto).toBe(false);
  });
});
