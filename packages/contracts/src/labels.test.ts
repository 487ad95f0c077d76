// The card label rule (docs/product.md#article-card) as readers see it on cards.
import { describe, expect, it } from "vitest";
import { articleLabel } from "./labels.ts";

describe("articleLabel", () => {
  it("labels articles without newsletter words as Research", () => {
    expect(articleLabel("Restaking risk layers", "How slashing stacks up", "2024-01-01")).toBe(
      "Research",
    );
    expect(articleLabel("Sundial designs", "Newsworthy governance", "2024-01-01")).toBe("Research");
  });
  it("labels newsletter words before the 2022-10-29 cut-off as Newsletter", () => {
    expect(articleLabel("Weekly Newsletter #1", "", "2022-01-21")).toBe("Newsletter");
    expect(articleLabel("Notes", "What happened on Friday", "2022-10-29")).toBe("Newsletter");
  });
  it("labels newsletter words after the cut-off as Market Report", () => {
    expect(articleLabel("Daily Market Wrap", "", "2022-10-30")).toBe("Market Report");
    expect(articleLabel("Markets", "This week in flows", "2026-05-01T10:00:00.000Z")).toBe(
      "Market Report",
    );
  });
});
