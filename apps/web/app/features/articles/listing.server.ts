// Server side of a listing: the first page, the article count and the chips, for the route loader.
import type { PublicationApi } from "@pragmatist/contracts";
import {
  LISTING_PAGE_SIZE,
  type ListingData,
  type ListingDefinition,
  parseListingParams,
  searchTypeOf,
  toCardView,
} from "./listing";

/**
 * Loads what a listing route renders from `request`'s URL (spec §2 "Research listing").
 * Searching ignores the sort and the chip: results come in rank order.
 */
export async function loadListing(
  api: PublicationApi,
  listing: ListingDefinition,
  request: Request,
): Promise<ListingData> {
  const params = parseListingParams(new URL(request.url), listing);
  const term = params.term ? [params.term] : undefined;
  const firstPage = params.q
    ? api.searchArticles(params.q, {
        page: 1,
        pageSize: LISTING_PAGE_SIZE,
        ...(searchTypeOf(listing) ? { type: searchTypeOf(listing) } : {}),
      })
    : api.listArticles({
        page: 1,
        pageSize: LISTING_PAGE_SIZE,
        sort: params.sort === "popular" ? "clicks" : "date",
        filter: {
          ...(listing.types ? { types: listing.types } : {}),
          ...(listing.withEcosystem ? { hasEcosystem: true } : {}),
          ...(term && listing.terms?.kind === "category" ? { categories: term } : {}),
          ...(term && listing.terms?.kind === "ecosystem" ? { ecosystems: term } : {}),
        },
      });
  const [count, terms, page] = await Promise.all([
    api.countArticles(),
    listing.terms ? api.listTerms(listing.terms.kind) : Promise.resolve([]),
    firstPage,
  ]);
  return { params, count, terms, articles: page.data.map(toCardView) };
}
