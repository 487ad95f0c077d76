// The safe-address rule for links and images (docs/product/reader.md#safe-urls), in a module light
// enough for any page.
import { safeRedirectPath } from "@pragmatist/contracts";

/**
 * Schemes the rule keeps: http, https, ircs, irc, mailto, xmpp (docs/product/reader.md#safe-urls).
 */
const SAFE_SCHEME = /^(https?|ircs?|mailto|xmpp)$/i;

/**
 * Keeps an address only when its scheme is http, https, ircs, irc, mailto or xmpp, or when it is
 * relative (a colon after `/`, `?` or `#` is not a scheme); otherwise returns "". This is
 * react-markdown's `defaultUrlTransform`, restated here (safe-url.test.ts checks they agree) so
 * pages that only check an address (thumbnail, source credit) do not import react-markdown: any
 * page rendering Markdown in the browser (the assistant) would otherwise put the whole renderer
 * in their bundle, since a module cannot be split between chunks.
 */
export function safeUrl(url: string): string {
  const colon = url.indexOf(":");
  if (colon === -1) return url;
  for (const mark of ["/", "?", "#"]) {
    const at = url.indexOf(mark);
    if (at !== -1 && at < colon) return url;
  }
  return SAFE_SCHEME.test(url.slice(0, colon)) ? url : "";
}

/**
 * The path of a link that stays on this site (`"/p/slug#comments"`), for in-app navigation through
 * the router; null for anything the browser should follow itself: other hosts (`//host`,
 * `/\\host`), schemes, in-page anchors and relative paths. A path from the root that the return-
 * address rule (`safeRedirectPath`, OWASP unvalidated redirects) keeps, normalised.
 */
export function sitePath(href: string | null | undefined): string | null {
  return href?.startsWith("/") ? safeRedirectPath(href) : null;
}
