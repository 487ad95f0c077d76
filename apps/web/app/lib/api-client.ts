// Typed browser client for the publication API (docs/product/api.md#api-articles); its requests and
// their Strapi error bodies go through lib/fetch-json.ts.
import type { ArticleListResponse, ArticleType, SearchResponse } from "@pragmatist/contracts";
import { getJson, withQuery } from "./fetch-json";

/** Filters of `GET /api/articles/params` (docs/product/api.md#api-articles). */
export interface ArticleParams {
  types?: ArticleType[];
  categories?: string[];
  ecosystems?: string[];
  /** Only articles tagged with at least one ecosystem (the /ecosystems list). */
  withEcosystem?: boolean;
  sortedByClicks?: boolean;
  page: number;
  pageSize: number;
}

/**
 * The publication API calls of the browser (docs/product/api.md#api-articles, #api-search): listing
 * pages, search and counts. Each takes an optional AbortSignal and throws ApiError on a non-2xx
 * status, an AbortError when the signal aborts, and TypeError when the network fails.
 */
export const api = {
  /** `GET /api/fuzzy-search/search?query=`: ranked matches, best first. */
  fuzzySearch(query: string, signal?: AbortSignal): Promise<SearchResponse> {
    return getJson(withQuery("/api/fuzzy-search/search", { query }), signal);
  },

  /**
   * `GET /api/articles/populate-fuzzy`: the cards of `ids` in the given order, one page. An empty
   * id list answers an empty page without a request (the endpoint needs at least one id).
   */
  populateFuzzy(
    options: { ids: number[]; page: number; pageSize: number; type?: ArticleType | undefined },
    signal?: AbortSignal,
  ): Promise<ArticleListResponse> {
    const { ids, page, pageSize, type } = options;
    if (ids.length === 0) {
      return Promise.resolve({
        data: [],
        meta: { pagination: { page, pageSize, pageCount: 0, total: 0 } },
      });
    }
    return getJson(
      withQuery("/api/articles/populate-fuzzy", {
        articleIds: ids.map(String),
        page,
        pageSize,
        type,
      }),
      signal,
    );
  },

  /** `GET /api/articles/params`: a filtered, sorted page of cards. */
  listArticles(params: ArticleParams, signal?: AbortSignal): Promise<ArticleListResponse> {
    return getJson(
      withQuery("/api/articles/params", {
        types: params.types,
        categories: params.categories,
        ecosystems: params.ecosystems,
        withEcosystem: params.withEcosystem ? true : undefined,
        sortedByClicks: params.sortedByClicks ? true : undefined,
        page: params.page,
        pageSize: params.pageSize,
      }),
      signal,
    );
  },

  /** `GET /api/articles/count`. */
  async countArticles(signal?: AbortSignal): Promise<number> {
    return (await getJson<{ count: number }>("/api/articles/count", signal)).count;
  },
};
