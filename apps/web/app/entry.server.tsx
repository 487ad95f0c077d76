// React Router's default Node server entry, with these changes. React 19.3 no longer "outlines"
// finished Suspense boundaries once a page passes `progressiveChunkSize` bytes (12.8 kB by default,
// which put the article's comments inside `<div hidden id="S:0">`, shown only by a script). A
// publication's pages arrive as readable HTML, with or without JavaScript
// (docs/architecture.md#request-path).
// The page is rendered whole, then sealed: its CSP nonce, derived from the page, goes into every
// inline script and the policy header (PageSeal, docs/decisions/003-csp-nonces.md), and the result
// is compressed off the main thread. The same page is the same bytes for every reader, and a public
// page already rendered from the same inputs is not rendered again (PageMemo,
// docs/decisions/009-render-memo.md).
import { PassThrough } from "node:stream";

import {
  documentOnlyContext,
  pageMemoContext,
  pageSealContext,
  type RenderedPage,
} from "@pragmatist/contracts";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import type { ReactNode } from "react";
import type { PipeableStream } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { DocumentOnlyContext } from "./lib/document-only";
import { NonceContext } from "./lib/nonce";
import { compressPage, pageEncoding } from "./lib/page-encoding.server";

/**
 * How long (ms) React Router waits for deferred loader data before rejecting it; the render is
 * aborted one second later, so the rejected boundaries still reach the page (React Router's
 * server entry API).
 */
export const streamTimeout = 5_000;

/**
 * Renders one document request to an HTML Response (React Router's `handleRequest`). A HEAD
 * request gets the status and headers without a body (RFC 9110 §9.3.2). Otherwise the status is
 * `responseStatusCode`, or 500 when rendering failed before the page was complete.
 * @returns the Response, or a promise of it that rejects when the shell itself fails to render.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }
  return renderDocument(request, responseStatusCode, responseHeaders, routerContext, loadContext);
}

/**
 * Answers the page rendered whole with the seal's nonce placeholder and sealed (nonce and
 * Content-Security-Policy), compressed by the request's Accept-Encoding. A public page rendered
 * before from the same URL, status, loader data and DocumentOnly is answered from the request's
 * PageMemo without rendering again (docs/decisions/009-render-memo.md), its compressed copies too.
 * The render is aborted after `streamTimeout` plus a second, so rejected boundaries still arrive.
 * @returns a promise that rejects with the error of a failed shell.
 */
async function renderDocument(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const documentOnly = loadContext.get(documentOnlyContext);
  const { loaderData, actionData, errors } = routerContext.staticHandlerContext;
  const memo = loadContext.get(pageMemoContext);
  const page = await memo.page(
    [
      request.url,
      responseStatusCode,
      loaderData,
      actionData,
      errors,
      documentOnly && [...documentOnly],
    ],
    () => renderPage(request, responseStatusCode, routerContext, loadContext),
  );
  if (page.contentSecurityPolicy)
    responseHeaders.set("Content-Security-Policy", page.contentSecurityPolicy);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.append("Vary", "Accept-Encoding");
  const encoding = pageEncoding(request.headers.get("accept-encoding"));
  if (encoding) responseHeaders.set("Content-Encoding", encoding);
  const { body, etag } = encoding
    ? await memo.variant(page, encoding, (html) => compressPage(encoding, Buffer.from(html)))
    : await memo.variant(page, "identity", async (html) => html);
  if (etag) responseHeaders.set("ETag", etag);
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: responseHeaders,
    status: page.status,
  });
}

/**
 * Renders the whole page with the seal's nonce placeholder and seals it: the page as UTF-8, its
 * Content-Security-Policy, and its status (`responseStatusCode`, or 500 when rendering failed
 * before the page was complete).
 */
async function renderPage(
  request: Request,
  responseStatusCode: number,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<RenderedPage> {
  const seal = loadContext.get(pageSealContext);
  const rendered = await renderHtml(
    <DocumentOnlyContext value={loadContext.get(documentOnlyContext)}>
      <NonceContext value={seal.noncePlaceholder ?? undefined}>
        <ServerRouter
          context={routerContext}
          url={request.url}
          nonce={seal.noncePlaceholder ?? undefined}
        />
      </NonceContext>
    </DocumentOnlyContext>,
    seal.noncePlaceholder ?? undefined,
  );
  const { html, contentSecurityPolicy } = seal.seal(rendered.html);
  return {
    html,
    contentSecurityPolicy,
    status: rendered.failed ? 500 : responseStatusCode,
    variants: new Map(),
  };
}

/**
 * `document` as UTF-8 bytes, every Suspense boundary resolved (React's `onAllReady`), with `nonce`
 * on React's streaming scripts. `failed`: an error inside the shell was logged.
 */
function renderHtml(
  document: ReactNode,
  nonce: string | undefined,
): Promise<{ html: Buffer; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      // Finished boundaries stay in place, however long the page (see above).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        collect(pipe).then((html) => {
          clearTimeout(timeoutId);
          resolve({ html, failed });
        }, reject);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        // Errors of the shell itself reject and are logged by React Router.
        if (shellRendered) console.error(error);
      },
    });
  });
}

/** Everything `pipe` writes, as one buffer. */
function collect(pipe: PipeableStream["pipe"]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => resolve(Buffer.concat(chunks)));
    sink.on("error", reject);
    pipe(sink);
  });
}
