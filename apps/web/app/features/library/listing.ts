// The three article listings (research home, ecosystems, market reports): what each lists, how its
// URL reads (?q, ?sort, ?category | ?ecosystem), and how the browser fetches further pages.
import {
  articleLabel,
  type ArticleCard,
  type ArticleLabel,
  type ArticleType,
  type Media,
  newsTypes,
  SEARCH_RESULT_LIMIT,
  type TermCount,
} from "@pragmatist/contracts";
import { api } from "../../lib/api-client";

/**
 * Page size of every listing: research, ecosystems and reports (docs/product/limits.md#constants).
 */
export const LISTING_PAGE_SIZE = 10;
/** Suggestions dropdown: page 1, page size 20 (docs/product/limits.md#constants). */
export const SUGGESTION_PAGE_SIZE = 20;
/**
 * Cards per page of an author or category page (docs/product/reader.md#category-pages): whole rows
 * of 2, 3 or 4 columns.
 */
export const ARCHIVE_PAGE_SIZE = 12;

/** What one listing screen lists, how it is titled, and which chips and tabs it shows. */
export interface ListingDefinition {
  path: "/" | "/ecosystems" | "/market-reports";
  /** Visible heading of the screen. */
  title: string;
  intro: string;
  /**
   * Article types listed while browsing; none means every type. The search box always searches
   * the whole publication (docs/product/reader.md#listing-search).
   */
  types?: ArticleType[];
  /** Only articles with at least one ecosystem. */
  withEcosystem?: boolean;
  /** The chips above the grid: which terms and which URL parameter selects one. */
  terms?: { kind: "category" | "ecosystem"; param: "category" | "ecosystem"; label: string };
  /**
   * Mobile tabs Categories / Ecosystems (docs/product/reader.md#listing-chips: hidden on the
   * market-reports path).
   */
  mobileTabs: boolean;
}

/**
 * The three listings (docs/product/reader.md#research-listing): Research (`/`, type Research,
 * category chips), Ecosystems (`/ecosystems`, articles with an ecosystem, ecosystem chips) and
 * Market Reports (`/market-reports`, type News, no chips and no mobile tabs).
 */
export const listings = {
  research: {
    path: "/",
    title: "Research",
    intro: "Independent analysis of protocols, markets and infrastructure, with sources.",
    types: ["Research"],
    terms: { kind: "category", param: "category", label: "Categories" },
    mobileTabs: true,
  },
  ecosystems: {
    path: "/ecosystems",
    title: "Ecosystems",
    intro: "Research and reports grouped by the networks they cover.",
    withEcosystem: true,
    terms: { kind: "ecosystem", param: "ecosystem", label: "Ecosystems" },
    mobileTabs: true,
  },
  marketReports: {
    path: "/market-reports",
    title: "Market Reports",
    intro: "Newsletters and weekly market reports: what moved, and why it matters.",
    types: [...newsTypes],
    mobileTabs: false,
  },
} satisfies Record<string, ListingDefinition>;

/** What a listing URL asks for. */
export interface ListingParams {
  /** Search text (`?q=`), trimmed; empty when not searching. */
  q: string;
  /**
   * `?sort=popular` sorts by clicks (docs/product/reader.md#listing-sort); anything else is date.
   */
  sort: "date" | "popular";
  /** The selected category or ecosystem slug, or null for all. */
  term: string | null;
}

/** Reads a listing's parameters from its URL. Unknown values fall back to the defaults. */
export function parseListingParams(url: URL, listing: ListingDefinition): ListingParams {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const sort = url.searchParams.get("sort") === "popular" ? "popular" : "date";
  const raw = listing.terms ? url.searchParams.get(listing.terms.param) : null;
  const term = raw && /^[a-z0-9][a-z0-9-]{0,79}$/i.test(raw) ? raw.toLowerCase() : null;
  return { q, sort, term };
}

/**
 * What one card shows (docs/architecture.md#look-and-feel: thumbnail, label, title, date, reading
 * time), kept small for SSR.
 */
export interface CardView {
  id: number;
  title: string;
  slug: string;
  publishDate: string;
  label: ArticleLabel;
  readingTimeMinutes: number;
  thumbnail: Media | null;
}

/** What a listing route's loader returns (see listing.server.ts). */
export interface ListingData {
  params: ListingParams;
  /** Total articles readers can find, for "Search our database of N articles". */
  count: number;
  /** Articles the search (`params.q`) found, at most SEARCH_RESULT_LIMIT; 0 when not searching. */
  total: number;
  terms: TermCount[];
  /** Page 1 (server-rendered); the browser fetches the rest while scrolling. */
  articles: CardView[];
}

/**
 * Maps a contract card to the card view, applying the label rule
 * (docs/product/reader.md#article-card).
 */
export function toCardView(card: ArticleCard): CardView {
  const a = card.attributes;
  return {
    id: card.id,
    title: a.title,
    slug: a.slug,
    publishDate: a.publishDate,
    label: articleLabel(a),
    readingTimeMinutes: a.readingTimeMinutes,
    thumbnail: a.thumbnailUrl,
  };
}

/**
 * Fetches page `page` (1-based) of a listing in the browser: `GET /api/articles/params` when
 * browsing, or the ranked ids of `GET /api/fuzzy-search/search` through populate-fuzzy when
 * searching (every type: docs/product/reader.md#listing-search). `searchIds` caches the ranked ids
 * of the current search between pages.
 */
export async function fetchListingPage(
  listing: ListingDefinition,
  params: ListingParams,
  page: number,
  signal: AbortSignal,
  searchIds: { current: number[] | null },
): Promise<CardView[]> {
  if (params.q) {
    searchIds.current ??= (await api.fuzzySearch(params.q, signal)).articles.map((a) => a.id);
    const res = await api.populateFuzzy(
      { ids: searchIds.current, page, pageSize: LISTING_PAGE_SIZE },
      signal,
    );
    return res.data.map(toCardView);
  }
  const term = params.term ? [params.term] : undefined;
  const res = await api.listArticles(
    {
      types: listing.types,
      withEcosystem: listing.withEcosystem,
      categories: listing.terms?.kind === "category" ? term : undefined,
      ecosystems: listing.terms?.kind === "ecosystem" ? term : undefined,
      sortedByClicks: params.sort === "popular",
      page,
      pageSize: LISTING_PAGE_SIZE,
    },
    signal,
  );
  return res.data.map(toCardView);
}

/**
 * The suggestions for `q` in the browser (docs/product/reader.md#listing-search): the ranked ids of
 * `GET /api/fuzzy-search/search`, then their cards through populate-fuzzy, page 1 of
 * SUGGESTION_PAGE_SIZE, of every type.
 * @throws ApiError on a refused request; an AbortError when `signal` aborts.
 */
export async function fetchSuggestions(q: string, signal: AbortSignal): Promise<CardView[]> {
  const { articles } = await api.fuzzySearch(q, signal);
  const page = await api.populateFuzzy(
    { ids: articles.map((a) => a.id), page: 1, pageSize: SUGGESTION_PAGE_SIZE },
    signal,
  );
  return page.data.map(toCardView);
}

/** A listing URL with some parameters changed; null or "" removes a parameter. */
export function listingHref(
  path: string,
  current: URLSearchParams,
  changes: Record<string, string | null>,
): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, value);
  }
  const qs = next.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The archive pages of a term (docs/product/reader.md#category-pages, #tag-pages): where the
 * pages of each kind are (`/categories/{slug}`, `/tags/{slug}`), the word above the heading and
 * the name as headings and titles show it (a tag as "#tag", as the article page shows its tags).
 */
export const termArchives = {
  category: { base: "categories", eyebrow: "Category", shown: (name: string) => name },
  tag: { base: "tags", eyebrow: "Tag", shown: (name: string) => `#${name}` },
} as const;

/** A kind of term with archive pages. */
export type ArchiveTermKind = keyof typeof termArchives;

/** A page of a term's archive, as its loader returns it (`loadTermArchive`). */
export interface TermArchive {
  kind: ArchiveTermKind;
  /** The canonical path of its first page, e.g. `/tags/mempool`. */
  path: string;
  term: { name: string; slug: string };
  list: ArchivePage;
}

/**
 * One page of an author's or a category's articles (docs/product/reader.md#category-pages), with
 * real page links.
 */
export interface ArchivePage {
  articles: CardView[];
  /** 1-based. */
  page: number;
  pageCount: number;
  /** Articles in the whole list. */
  total: number;
}

/** "1 article", "12 articles". */
export function articlesCount(n: number): string {
  return n === 1 ? "1 article" : `${n} articles`;
}

/**
 * A search's count as its heading says it (docs/product/reader.md#listing-search): "1 result",
 * "3 results", and "100+ results" when the search reached SEARCH_RESULT_LIMIT (it may have more).
 */
export function resultsCount(n: number): string {
  if (n >= SEARCH_RESULT_LIMIT) return `${SEARCH_RESULT_LIMIT}+ results`;
  return n === 1 ? "1 result" : `${n} results`;
}

/** The address of page `page` of a paginated list at `path`: page 1 has no `?page=`. */
export function pagePath(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}
