// The Sources list under a research answer (docs/product/max.md#max-research): numbered as cited,
// linking to the article, with the section the passage came from.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { ResearchSources } from "./research-sources.tsx";

describe("ResearchSources", () => {
  it("names the section each passage came from, after the article's link", async () => {
    renderRoute(
      <ResearchSources
        sources={[
          {
            n: 1,
            title: "Optimistic Rollups",
            url: "/p/scaling-optimistic-rollups",
            publishDate: "2024-05-07T00:00:00.000Z",
            section: "What is an optimistic rollup?",
          },
          {
            n: 2,
            title: "Maximal extractable value (MEV)",
            url: "/p/mev",
            publishDate: "2024-02-07T00:00:00.000Z",
            section: null,
          },
        ]}
      />,
    );
    const items = await screen.findAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "[1]Optimistic Rollups › What is an optimistic rollup? · 7 May 2024",
      "[2]Maximal extractable value (MEV) · 7 Feb 2024",
    ]);
    expect(screen.getByRole("link", { name: "Optimistic Rollups" }).getAttribute("href")).toBe(
      "/p/scaling-optimistic-rollups",
    );
  });
});
