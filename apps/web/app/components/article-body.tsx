// The article's text: HTML rendered on the server (article-html.server.tsx), typeset at ~70 characters.
import { documentHtmlAttribute, useDocumentHtml } from "../lib/document-only.ts";
import { useInAppLinkClick } from "./ui/static-part.tsx";

/** The typography of a long read: about 70 characters a line, comfortable size and leading. */
export const proseClassName =
  "text-[1.0625rem] leading-[1.75] break-words text-ink sm:text-[1.125rem] [&>*:first-child]:mt-0 [&>*:last-child]:mb-0";

/** The DocumentOnly key of the article's text (routes/article.tsx puts it there). */
export const ARTICLE_BODY_HTML = "article-body";

/**
 * Shows the server-rendered text: `html`, or, when the loader kept it out of the hydration data
 * (null: a document request), the HTML of ARTICLE_BODY_HTML (lib/document-only.ts). React does not
 * walk the text when the page hydrates (it is one element's inner HTML, as in a StaticPart); links
 * to our own pages navigate in the app through the same delegated handler (useInAppLinkClick);
 * external links already open in a new tab.
 */
export function ArticleBody({ html }: { html: string | null }) {
  const body = useDocumentHtml(ARTICLE_BODY_HTML, html);
  const onClick = useInAppLinkClick();
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
