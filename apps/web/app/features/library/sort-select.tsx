// "Sort by" dropdown (docs/product/reader.md#listing-sort): Date (default) or Popularity
// (?sort=popular, sorted by clicks).
import { useId } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ChevronDownIcon } from "../../components/ui/action-icons";
import { listingHref } from "./listing";

/**
 * The labelled select of listing `path`; choosing navigates to the same URL with `?sort=popular`
 * or without `sort` (Date), keeping the other parameters and the scroll position.
 */
export function SortSelect({ path, value }: { path: string; value: "date" | "popular" }) {
  const id = useId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <div className="flex shrink-0 items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-muted">
        Sort by
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => {
            const sort = event.target.value === "popular" ? "popular" : null;
            void navigate(listingHref(path, searchParams, { sort }), { preventScrollReset: true });
          }}
          className="h-11 cursor-pointer appearance-none rounded-lg border border-line bg-surface pr-9 pl-3 text-sm font-medium text-ink hover:border-muted/60 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent"
        >
          <option value="date">Date</option>
          <option value="popular">Popularity</option>
        </select>
        <ChevronDownIcon
          size={16}
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted"
        />
      </div>
    </div>
  );
}
