// Category or ecosystem chips above a listing: "All" plus one chip per term (?category=defi).
import type { TermCount } from "@pragmatist/contracts";
import { Link, useSearchParams } from "react-router";
import { listingHref } from "./listing";

const chipClass = (active: boolean) =>
  `inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-[0.8125rem] font-medium whitespace-nowrap transition-colors ${
    active
      ? "border-accent bg-accent text-accent-ink"
      : "border-line bg-surface text-ink/80 hover:border-muted/60 hover:text-ink"
  }`;

/**
 * The chips as links: "All" (no term) and one per term with its article count when
 * `showCounts`; the selected one is filled and aria-current. A chip keeps the sort and drops `q`.
 * Scrolls sideways on a phone, wraps from `sm` up.
 */
export function TermChips({
  id,
  label,
  path,
  param,
  terms,
  selected,
  showCounts,
}: {
  /** The nav's id, an anchor ("/#categories" in the mobile menu). */
  id?: string;
  /** The nav's accessible name ("Categories", "Ecosystems"). */
  label: string;
  /** The listing's path the chips link to. */
  path: string;
  /** The URL parameter a chip sets ("category" or "ecosystem"). */
  param: string;
  terms: TermCount[];
  selected: string | null;
  /** Show each term's article count (only true where the list is not narrowed by type). */
  showCounts: boolean;
}) {
  const [searchParams] = useSearchParams();
  // A chip browses: it leaves any search behind.
  const href = (slug: string | null) => listingHref(path, searchParams, { [param]: slug, q: null });
  return (
    <nav id={id} aria-label={label} className="scroll-mt-24">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        <li>
          <Link
            to={href(null)}
            preventScrollReset
            className={chipClass(selected === null)}
            aria-current={selected === null ? "page" : undefined}
          >
            All
          </Link>
        </li>
        {terms.map((t) => (
          <li key={t.slug}>
            <Link
              to={href(t.slug)}
              preventScrollReset
              className={chipClass(selected === t.slug)}
              aria-current={selected === t.slug ? "page" : undefined}
            >
              {t.name}
              {showCounts && (
                <span
                  className={`tabular text-xs ${selected === t.slug ? "opacity-80" : "text-muted"}`}
                >
                  {t.articleCount}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
