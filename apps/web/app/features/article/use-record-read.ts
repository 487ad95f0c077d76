// Counts one read per page view (spec §7 "POST /api/articles/{id}/increment-clicks on article open").
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Sends `POST /api/articles/{slug}/increment-clicks` once per page view, from the browser after
 * hydration: server renders, link prefetches and most bots run no effects, so they never count.
 * A page view is one history entry (location.key); the ref keeps React's development double
 * effect from counting twice. The server further counts a reader once per day. Failures are
 * ignored: a lost count must never disturb reading (spec §8: most article calls only log).
 */
export function useRecordRead(slug: string): void {
  const { key } = useLocation();
  const counted = useRef<string | null>(null);
  useEffect(() => {
    const view = `${key}\n${slug}`;
    if (counted.current === view) return;
    counted.current = view;
    fetch(`/api/articles/${encodeURIComponent(slug)}/increment-clicks`, {
      method: "POST",
      keepalive: true,
    }).catch(() => {});
  }, [key, slug]);
}
