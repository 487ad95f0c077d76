// First-party page views (docs/product/api.md#api-analytics): one beacon per page with
// its path and where the reader came from; no cookie, no storage, no vendor.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

const ENDPOINT = "/api/analytics/pageview";

/**
 * Where the reader came from, for the landing page: a same-site referrer as its path, another
 * site as its origin only (its path and query may carry search terms or tokens), else undefined.
 */
function landingReferrer(): string | undefined {
  if (!document.referrer) return undefined;
  try {
    const from = new URL(document.referrer);
    return from.origin === window.location.origin ? from.pathname : from.origin;
  } catch {
    return undefined;
  }
}

/**
 * Sends `{ path, referrer? }` to POST /api/analytics/pageview. A string body goes as text/plain,
 * which needs no CORS preflight and survives the page being closed; `fetch` with `keepalive` is
 * the fallback where sendBeacon is missing or refuses. Failures are ignored: a lost page view must
 * never disturb reading.
 */
function sendPageView(path: string, referrer: string | undefined): void {
  const body = JSON.stringify(referrer === undefined ? { path } : { path, referrer });
  if (navigator.sendBeacon?.(ENDPOINT, body)) return;
  fetch(ENDPOINT, { method: "POST", body, keepalive: true }).catch(() => {});
}

/**
 * Records a page view after the page is shown (an effect: server renders, prefetches and readers
 * without JavaScript send none), then one per client-side navigation to another path. The path
 * is `location.pathname`: query strings and fragments are never sent. The referrer of the first
 * view is the landing one; after that it is the previous path. A change of query alone (a sort or
 * a filter) is the same page, and the ref keeps React's development double effect from sending
 * twice. Bots are told apart by the server (isbot), which also de-duplicates visitors per day.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (previous.current === pathname) return;
    const referrer = previous.current ?? landingReferrer();
    previous.current = pathname;
    sendPageView(pathname, referrer);
  }, [pathname]);
}
