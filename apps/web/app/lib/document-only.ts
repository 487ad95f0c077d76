// Sent once: what a document request renders is not repeated in its hydration data
// (DocumentOnly in @pragmatist/contracts): the article's HTML and the data of static parts
// (docs/decisions/026-static-parts-not-hydrated.md); the browser reads the markup back from the
// page. Loaders keep it back with `documentOnly` (document-only.server.ts).
import type { DocumentOnly } from "@pragmatist/contracts";
import { createContext, useContext, useState } from "react";

/** The document request's DocumentOnly, provided by entry.server.tsx; null in the browser. */
export const DocumentOnlyContext = createContext<DocumentOnly>(null);

/** The attribute that marks where the HTML of `key` sits in the page. */
export function documentHtmlAttribute(key: string): { "data-document-html": string } {
  return { "data-document-html": key };
}

/**
 * The HTML of `key`: `html` when the loader sent it (a client navigation), else, on the server,
 * what the loader kept in the request's DocumentOnly, and in the browser what the server rendered
 * into the element marked with `documentHtmlAttribute(key)` (read once, when it hydrates).
 */
export function useDocumentHtml(key: string, html: string | null): string {
  const slots = useContext(DocumentOnlyContext);
  const [rendered] = useState(
    () =>
      (slots?.get(key) as string | undefined) ??
      (typeof document === "undefined"
        ? ""
        : (document.querySelector(`[data-document-html="${key}"]`)?.innerHTML ?? "")),
  );
  return html ?? rendered;
}

/**
 * The data of `key`: `value` when the loader sent it (a client navigation), else, on the server,
 * what the loader kept in the request's DocumentOnly; null in the browser while the page
 * hydrates, which is why only a StaticPart's children may draw on it (they do not run then).
 */
export function useDocumentData<T>(key: string, value: T | null): T | null {
  const slots = useContext(DocumentOnlyContext);
  return value ?? (slots?.get(key) as T | undefined) ?? null;
}
