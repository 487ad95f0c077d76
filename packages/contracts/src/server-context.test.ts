// The author page's URL key: one slug per name, readable, for names in any script.
import { describe, expect, it } from "vitest";
import { authorSlug } from "./server-context.ts";

describe("authorSlug", () => {
  it("lower-cases, drops Latin accents and joins words with one hyphen", () => {
    expect(authorSlug("Maya Okafor")).toBe("maya-okafor");
    expect(authorSlug("  José  Núñez ")).toBe("jose-nunez");
    expect(authorSlug("Élodie O'Brien-Smith")).toBe("elodie-o-brien-smith");
    expect(authorSlug("maya-okafor")).toBe("maya-okafor");
  });

  it("keeps the letters of other scripts, composed", () => {
    expect(authorSlug("李明")).toBe("李明");
    expect(authorSlug("김민준 Kim")).toBe("김민준-kim");
    expect(authorSlug("प्रिया रमन")).toBe("प्रिया-रमन");
  });

  it("is empty for a name without letters or digits (no page)", () => {
    expect(authorSlug("!!! ---")).toBe("");
  });
});
