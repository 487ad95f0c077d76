// React Router's default Node server entry, with three changes. React 19.3 no longer "outlines"
// finished Suspense boundaries once a page passes `progressiveChunkSize` bytes (12.8 kB by default,
// which put the article's comments inside `<div hidden id="S:0">`, shown only by a script). A
// publication's pages arrive as readable HTML, with or without JavaScript
// (docs/architecture.md#request-path, issue #4).
// Every inline script carries the response's CSP nonce. The HTML is compressed as it streams.
import { PassThrough } from "node:stream";

import type { EntryContext, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { PipeableStream } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./lib/nonce";
import { pageCompressor, pageEncoding } from "./lib/page-encoding.server";

/**
 * How long (ms) React Router waits for deferred loader data before rejecting it; the render is
 * aborted one second later, so the rejected boundaries still reach the page (React Router's
 * server entry API).
 */
export const streamTimeout = 5_000;

/** Where the server puts this page's CSP nonce (apps/server/src/plugins/web.ts CSP_NONCE_HEADER). */
const NONCE_HEADER = "x-csp-nonce";

/**
 * Renders one document request to a streamed HTML Response (React Router's `handleRequest`). A
 * HEAD request gets the status and headers without a body (RFC 9110 §9.3.2). Otherwise the status
 * is `responseStatusCode`, or 500 when rendering failed before the page was sent.
 * @returns the Response, or a promise of it that rejects when the shell itself fails to render.
 */
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
  return renderDocument(request, responseStatusCode, responseHeaders, routerContext);
}

/**
 * Streams the page: React renders with the response's CSP nonce, the Response resolves once the
 * shell (or, for bots and SPA mode, everything) is ready, and the render is aborted after
 * `streamTimeout` plus a second.
 * @returns a promise that rejects with the error of a failed shell.
 */
function renderDocument(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // React Router puts it on its scripts and modulepreloads, React on its streaming scripts.
    const nonce = request.headers.get(NONCE_HEADER) ?? undefined;

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
        [readyEvent(request, routerContext)]() {
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
          pipeHtml(pipe, body, request, responseHeaders);
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

/**
 * The render option that sends the page: requests from bots and SPA Mode renders wait for all
 * content to load before responding, readers get the shell at once
 * (https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation).
 */
function readyEvent(request: Request, routerContext: EntryContext): "onAllReady" | "onShellReady" {
  const userAgent = request.headers.get("user-agent");
  return (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
}

/**
 * Sets the page's Content-Type, Vary and (when compressed) Content-Encoding headers, and pipes
 * React's output into `body`: through a flushing compressor when the request accepts Brotli or
 * gzip, else as is.
 */
function pipeHtml(
  pipe: PipeableStream["pipe"],
  body: PassThrough,
  request: Request,
  responseHeaders: Headers,
): void {
  responseHeaders.set("Content-Type", "text/html");
  responseHeaders.append("Vary", "Accept-Encoding");
  const encoding = pageEncoding(request.headers.get("accept-encoding"));
  if (!encoding) {
    pipe(body);
    return;
  }
  const compressor = pageCompressor(encoding);
  responseHeaders.set("Content-Encoding", encoding);
  compressor.pipe(body);
  pipe(compressor);
}
