// Server side of a listing: the first page, the article count and the chips, for the route loader.
import type { ArticleQuery, PublicationApi } from "@pragmatist/contracts";
import {
  ARCHIVE_PAGE_SIZE,
  type ArchivePage,
  LISTING_PAGE_SIZE,
  type ListingData,
  type ListingDefinition,
  parseListingParams,
  type TermArchive,
  termArchives,
  toCardView,
} from "./listing";

/**
 * Loads what a listing route renders from `request`'s URL
 * (docs/product/reader.md#research-listing). Searching covers the whole publication, whatever the
 * listing lists, and ignores the sort and the chip: results come in rank order, with their number
 * (docs/product/reader.md#listing-search).
 */
export async function loadListing(
  api: PublicationApi,
  listing: ListingDefinition,
  request: Request,
): Promise<ListingData> {
  const params = parseListingParams(new URL(request.url), listing);
  const term = params.term ? [params.term] : undefined;
  const firstPage = params.q
    ? api.searchArticles(params.q, { page: 1, pageSize: LISTING_PAGE_SIZE })
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
  const total = params.q ? page.meta.pagination.total : 0;
  return { params, count, total, terms, articles: page.data.map(toCardView) };
}

/**
 * The page number a URL asks for: `?page=N` with N a whole number from 1 to 1,000,000 written
 * without leading zeros; 1 when absent. Null for anything else (the page answers 404).
 */
export function pageNumberOf(url: URL): number | null {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  if (!/^[1-9][0-9]{0,6}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= 1_000_000 ? page : null;
}

/**
 * Page `page` of the published, not future-dated articles matching `filter`, newest first
 * (docs/product/reader.md#category-pages, #author-pages: ARCHIVE_PAGE_SIZE cards a page).
 * @returns null when the page is past the end, so the route can answer 404.
 */
export async function loadArchivePage(
  api: PublicationApi,
  filter: ArticleQuery["filter"],
  page: number,
): Promise<ArchivePage | null> {
  const res = await api.listArticles({ page, pageSize: ARCHIVE_PAGE_SIZE, sort: "date", filter });
  const { pageCount, total } = res.meta.pagination;
  if (page > pageCount) return null;
  return { articles: res.data.map(toCardView), page, pageCount, total };
}

/**
 * A page of the archive of the category or tag `slug` (compared in lower case) at `url`
 * (`?page=N`): the term, among those in use by published articles (`PublicationApi.listTerms`),
 * and its page of articles, newest first (docs/product/reader.md#category-pages, #tag-pages).
 * @returns null for an unknown term, a malformed page number or a page past the end (the route
 * answers 404).
 */
export async function loadTermArchive(
  api: PublicationApi,
  kind: TermArchive["kind"],
  slug: string,
  url: URL,
): Promise<TermArchive | null> {
  const page = pageNumberOf(url);
  const wanted = slug.toLowerCase();
  const term = page === null ? null : (await api.listTerms(kind)).find((t) => t.slug === wanted);
  if (!term || page === null) return null;
  const filter = kind === "category" ? { categories: [term.slug] } : { tags: [term.slug] };
  const list = await loadArchivePage(api, filter, page);
  if (!list) return null;
  const path = `/${termArchives[kind].base}/${encodeURIComponent(term.slug)}`;
  return { kind, path, term: { name: term.name, slug: term.slug }, list };
}
