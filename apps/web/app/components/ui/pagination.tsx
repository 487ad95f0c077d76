// A paged list's count and its Previous / Next links, which keep the rest of the query.
import type { PaginationMeta } from "@pragmatist/contracts";
import { Link, useLocation } from "react-router";

const linkLook =
  "inline-flex h-9 items-center rounded-lg border border-line bg-surface px-3 text-sm font-medium hover:bg-page focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";

/** The query of page `n` from the current `search`: `?page=n`, none for page 1, others kept. */
function pageHref(search: string, n: number): string {
  const params = new URLSearchParams(search);
  if (n === 1) params.delete("page");
  else params.set("page", String(n));
  const qs = params.toString();
  return qs ? `?${qs}` : "?";
}

/**
 * The count of a list ("12 articles", when `noun` is given) and its "Previous · Page 2 of 5 ·
 * Next" links, which keep the other query parameters; no links for a single page.
 */
export function Pagination({
  pagination: { page, pageCount, total },
  label,
  noun,
}: {
  pagination: PaginationMeta;
  /** What is paged, for the navigation's name ("Article pages"). */
  label: string;
  /** The counted thing, one and many (["article", "articles"]). */
  noun?: readonly [one: string, many: string];
}) {
  const { search } = useLocation();
  return (
    <>
      {noun && (
        <p className="tabular mt-2 text-xs text-muted">
          {total} {total === 1 ? noun[0] : noun[1]}
        </p>
      )}
      {pageCount > 1 && (
        <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={pageHref(search, page - 1)} className={linkLook} rel="prev">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <p className="tabular text-sm text-muted">
            Page {page} of {pageCount}
          </p>
          {page < pageCount ? (
            <Link to={pageHref(search, page + 1)} className={linkLook} rel="next">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}
