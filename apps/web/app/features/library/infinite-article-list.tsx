// Infinite scroll over a listing (docs/product/reader.md#infinite-scroll): page 1 comes from the
// loader; when the end sentinel becomes visible (IntersectionObserver, threshold 0) the next page
// loads, with skeleton cards, until a page returns fewer than the page size.
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { StaticPart } from "../../components/ui/static-part";
import { isAbortError } from "../../lib/fetch-json";
import { ArticleCard, ArticleCardSkeleton } from "./article-card";
import { ArticleGrid } from "./article-grid";
import type { CardView } from "./listing";

/** The list's first page and how it gets the others. */
export interface InfiniteArticleListProps {
  /** Page 1, rendered on the server. */
  initial: CardView[];
  /** Cards per page; a shorter page is the last one. */
  pageSize: number;
  /** Loads page `page` (2, 3, ...); rejects on failure; must honour `signal`. */
  fetchPage: (page: number, signal: AbortSignal) => Promise<CardView[]>;
}

/** "idle": more may come; "loading": a page is on its way; "error": it failed; "done": no more. */
type Status = "idle" | "loading" | "error" | "done";

/**
 * The cards so far, the status, `loadMore` (asks for the next page unless one is in flight or the
 * last arrived) and the end sentinel to watch. Leaving the screen cancels a page in flight.
 */
function useInfinitePages({ initial, pageSize, fetchPage }: InfiniteArticleListProps) {
  const [items, setItems] = useState(initial);
  const [status, setStatus] = useState<Status>(initial.length < pageSize ? "done" : "idle");
  const nextPage = useRef(2);
  // Set as soon as a short page arrives, before React re-renders, so a late observer callback
  // cannot ask for one page too many.
  const exhausted = useRef(initial.length < pageSize);
  const inFlight = useRef<AbortController | null>(null);

  const loadMore = useCallback(async () => {
    if (inFlight.current || exhausted.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus("loading");
    try {
      const page = await fetchPage(nextPage.current, controller.signal);
      nextPage.current += 1;
      exhausted.current = page.length < pageSize;
      setItems((prev) => appendNew(prev, page));
      setStatus(page.length < pageSize ? "done" : "idle");
    } catch (error) {
      if (isAbortError(error)) return;
      console.error("Loading more articles failed", error);
      setStatus("error");
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, [fetchPage, pageSize]);

  const sentinel = useSentinel(status, loadMore);
  useEffect(() => () => inFlight.current?.abort(), []);
  return { items, status, loadMore, sentinel };
}

/**
 * `page`'s cards after `prev`, leaving out ids already listed: repeated ids can appear when new
 * articles are published between pages, and the first place wins.
 */
function appendNew(prev: CardView[], page: CardView[]): CardView[] {
  const seen = new Set(prev.map((a) => a.id));
  return [...prev, ...page.filter((a) => !seen.has(a.id))];
}

/**
 * A ref for the end sentinel, watched while there may be more pages (`status` idle or loading):
 * `onVisible` runs when it comes into view. The observer is made again after each page (each
 * change of `status`), and a new observer reports at once: a sentinel still on screen loads the
 * next page.
 */
function useSentinel(status: Status, onVisible: () => Promise<void>) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || status === "done" || status === "error") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void onVisible();
      },
      { threshold: 0 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [status, onVisible]);
  return sentinel;
}

/**
 * The growing card grid with skeletons while a page loads, then a status line: "Try again" after
 * a failure, "You have reached the end." once more than one page was shown. Mount it with a `key`
 * that changes with the listing's URL: a new key starts again from the loader's page 1.
 */
export function InfiniteArticleList(props: InfiniteArticleListProps) {
  const { pageSize } = props;
  const { items, status, loadMore, sentinel } = useInfinitePages(props);
  return (
    <div>
      <ArticleGrid busy={status === "loading"}>
        {/* A card is a link and markup: the server's, not walked by React when the page
            hydrates; cards of later pages render as usual. */}
        {items.map((article, i) => (
          <StaticPart as="li" key={article.id} deps={[article, i === 0]} className="flex">
            <ArticleCard article={article} priority={i === 0} />
          </StaticPart>
        ))}
        {status === "loading" &&
          Array.from({ length: Math.min(pageSize, 5) }, (_, i) => (
            <li key={`skeleton-${i}`} className="flex flex-col">
              <ArticleCardSkeleton />
            </li>
          ))}
      </ArticleGrid>
      <div ref={sentinel as RefObject<HTMLDivElement>} aria-hidden="true" className="h-px" />
      <div role="status" className="mt-6 flex min-h-10 justify-center text-sm text-muted">
        {status === "loading" && <span className="sr-only">Loading more articles…</span>}
        {status === "error" && (
          <span className="flex items-center gap-3">
            Could not load more articles.
            <Button variant="secondary" onClick={() => void loadMore()}>
              Try again
            </Button>
          </span>
        )}
        {status === "done" && items.length > pageSize && <span>You have reached the end.</span>}
      </div>
    </div>
  );
}
