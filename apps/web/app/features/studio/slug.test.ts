// The slug field follows the title until edited by hand, and is cleaned when it is left (the slug
// rule itself is tested with contracts `slugify`).
import { describe, expect, it } from "vitest";
import { openSlug, slugForTitle, slugLeft, slugTyped } from "./slug";

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
