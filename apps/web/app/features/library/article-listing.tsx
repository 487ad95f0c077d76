// A listing screen (research home, ecosystems, market reports;
// docs/product/reader.md#research-listing): heading, search, sort, chips, mobile tabs and the
// infinitely scrolling card grid.
import type { TermCount } from "@pragmatist/contracts";
import { type RefObject, useCallback, useEffect, useRef } from "react";
import { Link, useNavigation } from "react-router";
import { lazyPart } from "../../components/ui/lazy-load";
import { ArticleCardSkeleton } from "./article-card";
import { ArticleGrid } from "./article-grid";
import { InfiniteArticleList } from "./infinite-article-list";
import {
  fetchListingPage,
  LISTING_PAGE_SIZE,
  type ListingData,
  type ListingDefinition,
  type ListingParams,
  resultsCount,
} from "./listing";
import { ListingTabs } from "./listing-tabs";
import type { SearchComboboxProps } from "./search-combobox";
import { SortSelect } from "./sort-select";
import { TermChips } from "./term-chips";

/**
 * The search box: a chunk of its own (it and downshift are about 13 KB of gzip), fetched once the
 * page hydrates rather than before the page's first paint; until it arrives the server's form is
 * in place and works as a plain GET form, and what the reader does in it meanwhile is taken over
 * when it mounts (docs/product/reader.md#listing-search). A box first rendered in the browser
 * holds its height meanwhile.
 */
const SearchCombobox = lazyPart<SearchComboboxProps>(
  () => import("./search-combobox").then((m) => m.SearchCombobox),
  () => <div className="h-11" />,
);

/**
 * Whether a press went down on an input in `area`, one without the focus, from the page's
 * hydration until the first call: React gives no events to a part whose code is still on its way
 * (it stops their propagation at the document, so this listens on the window, before it), and the
 * search box, once mounted, asks this to treat such a press as the click into the box that
 * empties it (docs/product/reader.md#listing-search). The first call also stops listening.
 */
function usePressBeforeMount(area: RefObject<HTMLElement | null>): () => boolean {
  const seen = useRef({ pressed: false, stop: () => {} });
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (
        target instanceof HTMLInputElement &&
        target !== document.activeElement &&
        area.current?.contains(target)
      ) {
        seen.current.pressed = true;
      }
    };
    window.addEventListener("pointerdown", onPointerDown, true);
    const stop = () => window.removeEventListener("pointerdown", onPointerDown, true);
    seen.current.stop = stop;
    return stop;
  }, [area]);
  return useCallback(() => {
    seen.current.stop();
    const { pressed } = seen.current;
    seen.current.pressed = false;
    return pressed;
  }, []);
}

/**
 * One listing screen from its definition (`listings.research` …) and its loader's data: mobile
 * tabs, heading and intro, the search box, the sort and the chips (both hidden while searching),
 * then the results, which load further pages as the reader scrolls.
 */
export function ArticleListing({
  listing,
  data,
}: {
  listing: ListingDefinition;
  data: ListingData;
}) {
  const { params, count, terms } = data;
  const searching = params.q !== "";
  const searchArea = useRef<HTMLDivElement>(null);
  const pressedBeforeMount = usePressBeforeMount(searchArea);
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
        <div ref={searchArea} className="flex-1 sm:max-w-2xl">
          <SearchCombobox
            action={listing.path}
            count={count}
            initialQuery={params.q}
            pressedBeforeMount={pressedBeforeMount}
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

      <ListingResults listing={listing} data={data} />
    </div>
  );
}

/**
 * The loader of further pages for the listing's current URL, and the key of that list: a new
 * search, sort or chip starts a new list (and a new cache of the search's ranked ids).
 */
function useListingPages(listing: ListingDefinition, params: ListingParams) {
  const searchIds = useRef<number[] | null>(null);
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
  return { listKey, fetchPage };
}

/**
 * The results section: its heading, then skeletons while a new search, sort or chip of this
 * screen loads, the empty message, or the infinitely scrolling grid.
 */
function ListingResults({ listing, data }: { listing: ListingDefinition; data: ListingData }) {
  const { params, articles } = data;
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === listing.path;
  const { listKey, fetchPage } = useListingPages(listing, params);
  return (
    <section aria-labelledby="listing-results">
      <ResultsHeading listing={listing} data={data} />
      {reloading ? (
        <ArticleListingSkeleton />
      ) : articles.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-6 py-14 text-center text-[0.9375rem] text-muted">
          {params.q !== ""
            ? "No articles found matching the search criteria"
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
  );
}

/**
 * "3 results for “q”" with Clear search (docs/product/reader.md#listing-search), or (for screen
 * readers) what the grid lists.
 */
function ResultsHeading({ listing, data }: { listing: ListingDefinition; data: ListingData }) {
  const { params, terms, total } = data;
  if (params.q === "") {
    return (
      <h2 id="listing-results" className="sr-only">
        {browsingHeading(listing, params.term, terms)}
      </h2>
    );
  }
  return (
    <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
      <h2 id="listing-results" className="text-lg font-semibold tracking-tight">
        {resultsCount(total)} for “{params.q}”
      </h2>
      <Link
        to={listing.path}
        className="text-sm font-medium text-accent hover:underline underline-offset-4"
      >
        Clear search
      </Link>
    </div>
  );
}

/** "DeFi articles" for a selected chip (its slug when the chip is unknown), else "Latest research". */
function browsingHeading(
  listing: ListingDefinition,
  term: string | null,
  terms: TermCount[],
): string {
  return term
    ? `${terms.find((t) => t.slug === term)?.name ?? term} articles`
    : `Latest ${listing.title.toLowerCase()}`;
}

/**
 * The listing's shape while its first page is on its way: a page of pulsing card skeletons in a
 * busy grid (shown while a new search, sort or chip of the screen loads).
 */
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
