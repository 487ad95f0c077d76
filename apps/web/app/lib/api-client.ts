// Typed browser client for the publication API (docs/product.md#api-articles): fetch, Strapi
// error bodies.
import type {
  ArticleListResponse,
  ArticleType,
  ErrorBody,
  SearchResponse,
} from "@pragmatist/contracts";

/** A non-2xx answer from the API, carrying the Strapi error body when the server sent one. */
export class ApiError extends Error {
  readonly status: number;
  /** The Strapi error name ("ValidationError", "NotFoundError", ...), or "HttpError". */
  readonly errorName: string;
  readonly details: Record<string, unknown>;

  constructor(status: number, body: ErrorBody | null, fallback: string) {
    super(body?.error.message ?? fallback);
    this.name = "ApiError";
    this.status = status;
    this.errorName = body?.error.name ?? "HttpError";
    this.details = body?.error.details ?? {};
  }
}

type QueryValue = string | number | boolean | string[] | undefined;

/**
 * Builds `path?query` from defined values; arrays become comma-separated lists
 * (docs/product.md#api-articles).
 */
function withQuery(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(","));
    } else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Reads a failed response into an ApiError: the Strapi error body when there is one, else (not
 * JSON: a proxy page, an empty body) the status line "Request failed with status N".
 */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: ErrorBody | null = null;
  try {
    const parsed = (await res.json()) as Partial<ErrorBody>;
    if (parsed && typeof parsed.error === "object" && parsed.error) body = parsed as ErrorBody;
  } catch {
    // Not JSON: the status line will do.
  }
  return new ApiError(res.status, body, `Request failed with status ${res.status}`);
}

/**
 * GETs JSON from the API on the page's own origin.
 * @throws ApiError on a non-2xx status; an AbortError when `signal` aborts; TypeError when offline.
 */
async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { headers: { accept: "application/json" }, signal });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

/** Filters of `GET /api/articles/params` (docs/product.md#api-articles). */
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
 * The publication API calls of the browser (docs/product.md#api-articles, #api-search): listing
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

/** True for the error a fetch throws when its AbortSignal fired (a stale request). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
