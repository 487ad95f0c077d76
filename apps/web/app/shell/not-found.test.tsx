// The 404 screen's suggestions (docs/product/site.md#not-found): each names its section, the
// heading counts what the reader's search found, and a link leads to all of it.
import { cleanup, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../test/route-test-kit.tsx";
import { NotFound } from "./not-found";
import type { NotFoundData } from "./not-found-data";

const suggestions: NotFoundData["suggestions"] = [
  { title: "Bitcoin Optech Newsletter #400", slug: "optech-400", label: "Market Report" },
  { title: "Staking, explained", slug: "staking", label: "Research" },
];

function renderNotFound(query: string, total: number) {
  renderRoute(<NotFound data={{ siteName: "Site", query, suggestions, total }} />, {
    path: "*",
    at: "/p/missing",
  });
}

describe("NotFound", () => {
  it("counts the reader's search results, labels each, and links to all when not all show", () => {
    renderNotFound("staking", 7);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("7 results for “staking”");
    const items = within(screen.getByRole("list")).getAllByRole("link");
    expect(items.map((a) => a.textContent)).toEqual([
      "Bitcoin Optech Newsletter #400Market Report",
      "Staking, explainedResearch",
    ]);
    expect(screen.getByRole("link", { name: "See all 7 results" }).getAttribute("href")).toBe(
      "/?q=staking",
    );
    // When every result is shown there is nothing more to see; without a search, no count.
    cleanup();
    renderNotFound("staking", 2);
    expect(screen.queryByRole("link", { name: /See all/ })).toBeNull();
    cleanup();
    renderNotFound("", 2);
    expect(screen.getByText("Perhaps you were looking for")).toBeTruthy();
  });
});
