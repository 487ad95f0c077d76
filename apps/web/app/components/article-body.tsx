// The article's text: HTML rendered on the server (article-html.server.tsx), typeset at ~70 characters.
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { documentHtmlAttribute, useDocumentHtml } from "../lib/document-html.ts";
import { sitePath } from "../lib/safe-url.ts";

/** The typography of a long read: about 70 characters a line, comfortable size and leading. */
export const proseClassName =
  "text-[1.0625rem] leading-[1.75] break-words text-ink sm:text-[1.125rem] [&>*:first-child]:mt-0 [&>*:last-child]:mb-0";

/** The DocumentHtml key of the article's text (routes/article.tsx puts it there). */
export const ARTICLE_BODY_HTML = "article-body";

/**
 * Shows the server-rendered text: `html`, or, when the loader kept it out of the hydration data
 * (null: a document request), the HTML of ARTICLE_BODY_HTML (lib/document-html.ts). Links to our
 * own pages (`sitePath`) navigate in the app (no full reload); external links already open in a
 * new tab.
 */
export function ArticleBody({ html }: { html: string | null }) {
  const body = useDocumentHtml(ARTICLE_BODY_HTML, html);
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a");
    // A path on this site (`sitePath`); everything else, in-page anchors included, is the
    // browser's to follow.
    const path = sitePath(link?.getAttribute("href"));
    if (!link || !path || link.target) return;
    event.preventDefault();
    void navigate(path);
  };
  return (
    // Clicks are delegated from the links inside; the links themselves stay keyboard reachable.
    <div
      {...documentHtmlAttribute(ARTICLE_BODY_HTML)}
      className={proseClassName}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: body }}
    />
  );
}
