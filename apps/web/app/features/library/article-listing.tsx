// A listing screen (research home, ecosystems, market reports; spec §2 "Research listing"):
// heading, search, sort, chips, mobile tabs and the infinitely scrolling card grid.
import { useCallback, useRef } from "react";
import { Link, useNavigation } from "react-router";
import { ArticleCardSkeleton } from "./article-card";
import { ArticleGrid } from "./article-grid";
import { InfiniteArticleList } from "./infinite-article-list";
import {
  fetchListingPage,
  LISTING_PAGE_SIZE,
  type ListingData,
  type ListingDefinition,
  searchTypeOf,
} from "./listing";
import { ListingTabs } from "./listing-tabs";
import { SearchCombobox } from "./search-combobox";
import { SortSelect } from "./sort-select";
import { TermChips } from "./term-chips";

export function ArticleListing({
  listing,
  data,
}: {
  listing: ListingDefinition;
  data: ListingData;
}) {
  const { params, count, terms, articles } = data;
  const searching = params.q !== "";
  // A new search, sort or chip on this screen: skeletons until its first page arrives.
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === listing.path;
  const searchIds = useRef<number[] | null>(null);

  // One fetcher per URL: a new search, sort or chip starts a new list (and a new id cache).
  const listKey = `${listing.path}?${params.q}|${params.sort}|${params.term ?? ""}`;
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) =>
      fetchListingPage(listing, params, page, signal, searchIds),
    // params is fresh per loader run; listKey captures what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [listKey],
  );
  const lastKey = useRef(listKey);
  if (lastKey.current !== listKey) {
    lastKey.current = listKey;
    searchIds.current = null;
  }

  return (
    <div className="flex flex-col gap-6">
      {listing.mobileTabs && <ListingTabs />}

      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">
          {listing.title}
        </h1>
        <p className="mt-1.5 max-w-2xl text-[0.9375rem] leading-6 text-muted">{listing.intro}</p>
      </header>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex-1 sm:max-w-2xl">
          <SearchCombobox
            action={listing.path}
            count={count}
            type={searchTypeOf(listing)}
            initialQuery={params.q}
          />
        </div>
        {!searching && (
          <div className="sm:ml-auto">
            <SortSelect path={listing.path} value={params.sort} />
          </div>
        )}
      </div>

      {listing.terms && !searching && terms.length > 0 && (
        <TermChips
          id={listing.terms.kind === "category" ? "categories" : "ecosystems"}
          label={listing.terms.label}
          path={listing.path}
          param={listing.terms.param}
          terms={terms}
          selected={params.term}
          showCounts={!listing.types}
        />
      )}

      <section aria-labelledby="listing-results">
        {searching ? (
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="listing-results" className="text-lg font-semibold tracking-tight">
              Search results for “{params.q}”
            </h2>
            <Link
              to={listing.path}
              className="text-sm font-medium text-accent hover:underline underline-offset-4"
            >
              Clear search
            </Link>
          </div>
        ) : (
          <h2 id="listing-results" className="sr-only">
            {params.term
              ? `${terms.find((t) => t.slug === params.term)?.name ?? params.term} articles`
              : `Latest ${listing.title.toLowerCase()}`}
          </h2>
        )}

        {reloading ? (
          <ArticleListingSkeleton />
        ) : articles.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line px-6 py-14 text-center text-[0.9375rem] text-muted">
            {searching
              ? "No research found matching the search criteria"
              : "Nothing published here yet."}
          </p>
        ) : (
          <InfiniteArticleList
            key={listKey}
            initial={articles}
            pageSize={LISTING_PAGE_SIZE}
            fetchPage={fetchPage}
          />
        )}
      </section>
    </div>
  );
}

/** The listing's shape while its first page is on its way (used as a route's fallback). */
export function ArticleListingSkeleton() {
  return (
    <ArticleGrid busy>
      {Array.from({ length: LISTING_PAGE_SIZE }, (_, i) => (
        <li key={i} className="flex">
          <ArticleCardSkeleton />
        </li>
      ))}
    </ArticleGrid>
  );
}
