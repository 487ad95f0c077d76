// A listing screen (docs/product/reader.md#research-listing): its heading, the sort and chips while
// browsing, the results heading with its count and "Clear search" while searching, and the empty
// messages.
import type { TermCount } from "@pragmatist/contracts";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../lib/api-client";
import { searchPage, taprootMatches } from "../../../test/article-cards.ts";
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

function renderListing(
  params: Partial<ListingParams>,
  articles: CardView[] = [article],
  total = articles.length,
) {
  const data: ListingData = {
    params: { q: "", sort: "date", term: null, ...params },
    count: 120,
    total,
    terms: [defi],
    articles,
  };
  renderRoute(<ArticleListing listing={listings.research} data={data} />);
}

describe("ArticleListing", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

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

  it("heads a search's results with their count, and Clear search, without sort or chips", () => {
    const newsletter: CardView = { ...article, id: 2, slug: "n", label: "Market Report" };
    renderListing({ q: "restaking" }, [article, newsletter], 3);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("3 results for “restaking”");
    // Each result names its section: the card label (docs/product/reader.md#article-card).
    const cards = screen.getAllByRole("article").map((el) => el.textContent);
    expect(cards[0]).toMatch(/^Research/);
    expect(cards[1]).toMatch(/^Market Report/);
    expect(screen.getByRole("link", { name: "Clear search" }).getAttribute("href")).toBe("/");
    expect(screen.queryByLabelText("Sort by")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Categories" })).toBeNull();
  });

  it("says a single result in the singular, and a search at the result limit as a minimum", () => {
    renderListing({ q: "taproot" }, [article], 1);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("1 result for “taproot”");
    cleanup();
    renderListing({ q: "bitcoin" }, [article], 100);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(
      "100+ results for “bitcoin”",
    );
  });

  it("says when a search finds nothing", () => {
    renderListing({ q: "nothing" }, []);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("0 results for “nothing”");
    expect(screen.getByText("No articles found matching the search criteria")).toBeTruthy();
  });

  it("suggests articles of every section from the research home, each with its label", async () => {
    // This year's dates go without their year (formatCardDate).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T12:00:00.000Z"));
    vi.spyOn(api, "fuzzySearch").mockResolvedValue({
      articles: taprootMatches.map((c) => ({ id: c.id, title: "", slug: "" })),
    });
    vi.spyOn(api, "populateFuzzy").mockImplementation(async (options) =>
      searchPage(taprootMatches, options),
    );
    renderListing({});
    // The box's code is a chunk of its own: the combobox comes once it has arrived.
    fireEvent.change(await screen.findByRole("combobox", { name: "Search articles" }), {
      target: { value: "taproot" },
    });
    await screen.findByText("Bitcoin Optech Newsletter #400");
    const listbox = screen.getByRole("listbox", { name: "Suggested articles" });
    expect(
      within(listbox)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "Bitcoin Optech Newsletter #400Market Report · Apr 10",
      "Taproot, explainedResearch · Mar 18, 2024",
      "Weekly Newsletter #22: Taproot and feesNewsletter · Jun 17, 2022",
    ]);
  });

  it("says when a browsed list is empty", () => {
    renderListing({}, []);
    expect(screen.getByText("Nothing published here yet.")).toBeTruthy();
  });
});
