// The loaders' side of DocumentOnly (document-only.ts): what a document request renders but does
// not send again in its hydration data.
import { documentOnlyContext } from "@pragmatist/contracts";
import type { RouterContextProvider } from "react-router";

/**
 * `value` for a client navigation's data request (its loader data is all the browser gets); null
 * for a document request, which keeps `value` under `key` for the server render alone
 * (`useDocumentHtml`, `useDocumentData` read it there). Only for what the page shows as the
 * server's markup: the article's HTML, a StaticPart's data.
 */
export function documentOnly<T>(
  context: Readonly<RouterContextProvider>,
  key: string,
  value: T,
): T | null {
  const slots = context.get(documentOnlyContext);
  if (!slots) return value;
  slots.set(key, value);
  return null;
}
