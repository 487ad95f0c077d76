// The page's Content-Security-Policy nonce, handed from the server render to the document shell.
import { createContext, useContext } from "react";

/**
 * The nonce of this page's `script-src` (set by entry.server.tsx: the PageSeal's placeholder,
 * replaced by the page's own nonce once it is rendered; apps/server/src/plugins/web.ts). Undefined
 * in the browser, which never needs it again once the server's scripts ran.
 */
export const NonceContext = createContext<string | undefined>(undefined);

/** The nonce an inline or third-party `<script>` of the document must carry (OWASP CSP). */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
