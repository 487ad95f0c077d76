// What a 404 carries from a loader to its error boundary and meta (no markup: every page route
// with a 404 imports this, while the screens in not-found.tsx load only when shown).
import type { ArticleLabel } from "@pragmatist/contracts";
import { isRouteErrorResponse } from "react-router";
import { pageTitle } from "../lib/meta.ts";

/**
 * An article offered on a 404: its title, linked to `/p/{slug}`, and its card label (its section,
 * docs/product/reader.md#article-card).
 */
export interface Suggestion {
  title: string;
  slug: string;
  label: ArticleLabel;
}

/** What a 404 carries to its boundary (thrown with `data(…, { status: 404 })`). */
export interface NotFoundData {
  siteName: string;
  /** The reader's own search on this page (`?q=`), empty when none. */
  query: string;
  /** Articles whose words match the search or the missing address (the first few). */
  suggestions: Suggestion[];
  /** How many articles the search found in all (at most SEARCH_RESULT_LIMIT). */
  total: number;
}

/** Reads a 404's data back in an error boundary or meta function (it arrives as `unknown`). */
export function asNotFoundData(value: unknown): NotFoundData | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Partial<NotFoundData>;
  if (typeof v.siteName !== "string" || !Array.isArray(v.suggestions)) return null;
  return {
    siteName: v.siteName,
    query: typeof v.query === "string" ? v.query : "",
    suggestions: v.suggestions,
    total: typeof v.total === "number" ? v.total : v.suggestions.length,
  };
}

/** The NotFoundData of a thrown 404 response, or null for any other error. */
export function notFoundOf(error: unknown): NotFoundData | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  return asNotFoundData(error.data) ?? { siteName: "", query: "", suggestions: [], total: 0 };
}

/** Meta of a 404: a plain title, and no indexing of a missing page. */
export function notFoundMeta(data: NotFoundData | null) {
  const site = data?.siteName;
  return [{ title: pageTitle("Page not found", site) }, { name: "robots", content: "noindex" }];
}
