// Server-only: articles to suggest on a 404, found by searching the words of the missing address.
import { articleLabel, type PublicationApi } from "@pragmatist/contracts";
import type { NotFoundData, Suggestion } from "./not-found-data.ts";

/**
 * "/p/bitcoin-etf-flowz" -> "bitcoin etf flowz": the words a reader probably meant. Numbers and
 * one-letter bits are left out: "/nope-404" suggests nothing rather than articles that mention 404
 * (docs/product/reader.md#article-card).
 */
export function wordsOf(path: string): string {
  const last = decodeURIComponentSafe(path.split("/").filter(Boolean).pop() ?? "");
  return last
    .replace(/\.[a-z0-9]{1,5}$/i, "")
    .replace(/[-_+.]+/g, " ")
    .replace(/[^\p{L}\p{N} ]+/gu, "")
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word) && word.length > 1)
    .join(" ")
    .slice(0, 80);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Up to 5 articles of any section matching `query` (the reader's search, else the words of the
 * address), each with its card label, and how many matched in all (docs/product/site.md#not-found).
 * Never throws: a failed search leaves the 404 page without suggestions.
 */
export async function notFoundData(api: PublicationApi, request: Request): Promise<NotFoundData> {
  const url = new URL(request.url);
  const asked = url.searchParams.get("q")?.trim().slice(0, 200);
  const query = asked || wordsOf(url.pathname);
  let suggestions: Suggestion[] = [];
  let total = 0;
  if (query) {
    try {
      const found = await api.searchArticles(query, { page: 1, pageSize: 5 });
      suggestions = found.data.map(({ attributes: a }) => ({
        title: a.title,
        slug: a.slug,
        label: articleLabel(a),
      }));
      total = found.meta.pagination.total;
    } catch {
      suggestions = [];
    }
  }
  return { siteName: api.site.name, query: asked ?? "", suggestions, total };
}
