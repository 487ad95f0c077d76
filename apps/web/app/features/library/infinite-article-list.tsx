// Infinite scroll over a listing (spec §4): page 1 comes from the loader; when the end sentinel
// becomes visible (IntersectionObserver, threshold 0) the next page loads, with skeleton cards,
// until a page returns fewer than the page size.
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { isAbortError } from "../../lib/api-client";
import { ArticleCard, ArticleCardSkeleton } from "./article-card";
import { ArticleGrid } from "./article-grid";
import type { CardView } from "./listing";

export interface InfiniteArticleListProps {
  /** Page 1, rendered on the server. */
  initial: CardView[];
  pageSize: number;
  /** Loads page `page` (2, 3, ...); rejects on failure; must honour `signal`. */
  fetchPage: (page: number, signal: AbortSignal) => Promise<CardView[]>;
}

type Status = "idle" | "loading" | "error" | "done";

/**
 * Mount it with a `key` that changes with the listing's URL: a new key starts again from the
 * loader's page 1.
 */
export function InfiniteArticleList({ initial, pageSize, fetchPage }: InfiniteArticleListProps) {
  const [items, setItems] = useState(initial);
  const [status, setStatus] = useState<Status>(initial.length < pageSize ? "done" : "idle");
  const nextPage = useRef(2);
  // Set as soon as a short page arrives, before React re-renders, so a late observer callback
  // cannot ask for one page too many.
  const exhausted = useRef(initial.length < pageSize);
  const sentinel = useRef<HTMLDivElement>(null);
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
      // Repeated ids can appear when new articles are published between pages: keep the first.
      setItems((prev) => {
        const seen = new Set(prev.map((a) => a.id));
        return [...prev, ...page.filter((a) => !seen.has(a.id))];
      });
      setStatus(page.length < pageSize ? "done" : "idle");
    } catch (error) {
      if (isAbortError(error)) return;
      console.error("Loading more articles failed", error);
      setStatus("error");
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, [fetchPage, pageSize]);

  // Watch the end sentinel while there may be more pages. The observer is made again after each
  // page, and a new observer reports at once: a sentinel still on screen loads the next page.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || status === "done" || status === "error") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { threshold: 0 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [status, loadMore]);

  // Leaving the screen cancels a page in flight.
  useEffect(() => () => inFlight.current?.abort(), []);

  return (
    <div>
      <ArticleGrid busy={status === "loading"}>
        {items.map((article, i) => (
          <li key={article.id} className="flex">
            <ArticleCard article={article} priority={i === 0} />
          </li>
        ))}
        {status === "loading" &&
          Array.from({ length: Math.min(pageSize, 5) }, (_, i) => (
            <li key={`skeleton-${i}`} className="flex flex-col">
              <ArticleCardSkeleton />
            </li>
          ))}
      </ArticleGrid>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
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
