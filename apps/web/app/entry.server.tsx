// React Router's default Node server entry, with three changes. React 19.3 no longer "outlines"
// finished Suspense boundaries once a page passes `progressiveChunkSize` bytes (12.8 kB by default,
// which put the article's comments inside `<div hidden id="S:0">`, shown only by a script). A
// publication's pages arrive as readable HTML, with or without JavaScript (DESIGN.md, issue #4).
// Every inline script carries the response's CSP nonce. The HTML is compressed as it streams.
import { PassThrough } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";

import type { EntryContext, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./lib/nonce";

export const streamTimeout = 5_000;

/** Where the server puts this page's CSP nonce (apps/server/src/plugins/web.ts CSP_NONCE_HEADER). */
const NONCE_HEADER = "x-csp-nonce";
/**
 * Brotli quality for HTML compressed per request: 4 is about as small as gzip's default and as
 * fast (11, zlib's default, is for build-time assets: several times slower per page).
 */
const PAGE_BROTLI_QUALITY = 4;

/**
 * The content coding of the page (RFC 9110 §12.5.3): Brotli when Accept-Encoding allows it, else
 * gzip, else none. A coding given q=0 is refused; `*` stands for codings not named.
 */
function pageEncoding(acceptEncoding: string | null): "br" | "gzip" | null {
  const weights = new Map<string, number>();
  for (const item of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [coding = "", ...params] = item.split(";").map((part) => part.trim());
    const q = params.find((param) => param.startsWith("q="));
    weights.set(coding, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  return accepts("br") ? "br" : accepts("gzip") ? "gzip" : null;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // React Router puts it on its scripts and modulepreloads, React on its streaming scripts.
    const nonce = request.headers.get(NONCE_HEADER) ?? undefined;

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        // Finished boundaries stay in place, however long the page (see above).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");
          responseHeaders.append("Vary", "Accept-Encoding");
          const encoding = pageEncoding(request.headers.get("accept-encoding"));
          if (encoding) {
            // Every chunk React writes (the shell first) is flushed out of the compressor at once,
            // so the head reaches the browser while the rest is still being rendered.
            const compressor =
              encoding === "br"
                ? createBrotliCompress({
                    flush: constants.BROTLI_OPERATION_FLUSH,
                    params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY },
                  })
                : createGzip({ flush: constants.Z_SYNC_FLUSH });
            responseHeaders.set("Content-Encoding", encoding);
            compressor.pipe(body);
            pipe(compressor);
          } else {
            pipe(body);
          }

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}
