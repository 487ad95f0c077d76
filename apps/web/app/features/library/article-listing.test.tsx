// A listing screen (docs/product.md#research-listing): its heading, the sort and chips while
// browsing, the results heading and "Clear search" while searching, and the empty messages.
import type { TermCount } from "@pragmatist/contracts";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { ArticleListing } from "./article-listing";
import { type CardView, type ListingData, type ListingParams, listings } from "./listing";

const article: CardView = {
  id: 1,
  title: "Restaking, explained",
  slug: "restaking",
  publishDate: "2024-03-18T00:00:00.000Z",
  label: "Research",
  readingTimeMinutes: 6,
  thumbnail: null,
};
const defi: TermCount = { name: "DeFi", slug: "defi", articleCount: 4 } as TermCount;

function renderListing(params: Partial<ListingParams>, articles: CardView[] = [article]) {
  const data: ListingData = {
    params: { q: "", sort: "date", term: null, ...params },
    count: 120,
    terms: [defi],
    articles,
  };
  renderRoute(<ArticleListing listing={listings.research} data={data} />);
}

describe("ArticleListing", () => {
  it("browses with a sort, the chips and a hidden heading", () => {
    renderListing({});
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Research");
    expect(screen.getByLabelText("Sort by")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Categories" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Latest research");
    expect(screen.getByText("Restaking, explained")).toBeTruthy();
  });

  it("names the selected chip's articles", () => {
    renderListing({ term: "defi" });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("DeFi articles");
  });

  it("shows the search's results heading and Clear search, without sort or chips", () => {
    renderListing({ q: "restaking" });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(
      "Search results for “restaking”",
    );
    expect(screen.getByRole("link", { name: "Clear search" }).getAttribute("href")).toBe("/");
    expect(screen.queryByLabelText("Sort by")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Categories" })).toBeNull();
  });

  it("says when a search finds nothing", () => {
    renderListing({ q: "nothing" }, []);
    expect(screen.getByText("No research found matching the search criteria")).toBeTruthy();
  });

  it("says when a browsed list is empty", () => {
    renderListing({}, []);
    expect(screen.getByText("Nothing published here yet.")).toBeTruthy();
  });
});
