// A listing's loader while searching (docs/product/reader.md#listing-search): the search covers the
// whole publication on every listing, each result carries its label, and the count comes along.
import type { PublicationApi } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { searchPage, taprootMatches } from "../../../test/article-cards.ts";
import { listings } from "./listing";
import { loadListing } from "./listing.server";

/** The publication as loaders see it, answering every search with the "taproot" matches. */
const api = {
  countArticles: async () => 120,
  listTerms: async () => [],
  searchArticles: async (_query, options) => searchPage(taprootMatches, options),
} as Partial<PublicationApi> as PublicationApi;

describe("loadListing while searching", () => {
  it.each([listings.research, listings.marketReports, listings.ecosystems])(
    "finds every section's articles from $path, labelled, with their count",
    async (listing) => {
      const data = await loadListing(api, listing, new Request("http://x.test/?q=taproot"));
      expect(data.total).toBe(3);
      expect(data.articles.map((a) => [a.title, a.label])).toEqual([
        ["Bitcoin Optech Newsletter #400", "Market Report"],
        ["Taproot, explained", "Research"],
        ["Weekly Newsletter #22: Taproot and fees", "Newsletter"],
      ]);
    },
  );
});
