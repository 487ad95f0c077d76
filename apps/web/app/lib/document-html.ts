// HTML sent once: a document's big server-rendered parts are not repeated in its hydration data
// (DocumentHtml in @pragmatist/contracts); the browser reads them back from the page.
import type { DocumentHtml } from "@pragmatist/contracts";
import { createContext, useContext, useState } from "react";

/** The document request's DocumentHtml, provided by entry.server.tsx; null in the browser. */
export const DocumentHtmlContext = createContext<DocumentHtml>(null);

/** The attribute that marks where the HTML of `key` sits in the page. */
export function documentHtmlAttribute(key: string): { "data-document-html": string } {
  return { "data-document-html": key };
}

/**
 * The HTML of `key`: `html` when the loader sent it (a client navigation), else, on the server,
 * what the loader put in the request's DocumentHtml, and in the browser what the server rendered
 * into the element marked with `documentHtmlAttribute(key)` (read once, when it hydrates).
 */
export function useDocumentHtml(key: string, html: string | null): string {
  const slots = useContext(DocumentHtmlContext);
  const [rendered] = useState(
    () =>
      slots?.get(key) ??
      (typeof document === "undefined"
        ? ""
        : (document.querySelector(`[data-document-html="${key}"]`)?.innerHTML ?? "")),
  );
  return html ?? rendered;
}
