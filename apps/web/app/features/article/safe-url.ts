// The spec's URL rule for links and images (§2 Assistant screen), in a module light enough for any page.
import { defaultUrlTransform } from "react-markdown";

/**
 * Keeps an address only when its scheme is http, https, ircs, irc, mailto or xmpp, or when it is
 * relative (a colon after `/`, `?` or `#` is not a scheme); otherwise returns "". This is exactly
 * react-markdown's `defaultUrlTransform` (`/^(https?|ircs?|mailto|xmpp)$/i`), so we reuse it:
 * the Markdown renderer and the page's own links (thumbnail, source credit) follow one rule.
 */
export const safeUrl: (url: string) => string = defaultUrlTransform;
