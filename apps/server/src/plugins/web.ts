// Serves the React Router app (server rendering + built assets) from the same process as the API,
// with a nonce-based Content Security Policy on every page.
import { createHmac, randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createPageMemo } from "./page-memo.ts";
import {
  documentOnlyContext,
  type OwnUser,
  pageMemoContext,
  type PageSeal,
  pageSealContext,
  type PublicationApi,
  publicationContext,
  type ViewerLookup,
  viewerContext,
} from "@pragmatist/contracts";

/** Pages only signed-in readers see, and the pages of mailed links (their tokens), with their `.data` loader requests: never cached. */
const PRIVATE_PAGES =
  /^\/(account|login|passreset|verify-email|connect|studio|subscription)(\/|\.data|$)/;

/** The pages' cache policy (http/cache.ts): every page is public but the private ones. */
const isPublicPage = (path: string) => !PRIVATE_PAGES.test(path);

/** Where Google's tag loads from and reports to (Google tag CSP guide, GA4 without Ads). */
const GOOGLE_TAG_SCRIPT = "https://www.googletagmanager.com";
const GOOGLE_TAG_CONNECT =
  "https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com";

/**
 * The pages' policy (OWASP Content Security Policy Cheat Sheet, "strict policy"): scripts only
 * with this response's nonce, and what those load ('strict-dynamic'; 'self' and the Google tag's
 * host are the fallback of browsers without it). Styles allow 'unsafe-inline': React renders
 * `style` attributes (avatars, sized images) and lightweight-charts adds a `<style>` element.
 * Images from anywhere over https (Google profile pictures, article images), and `blob:` for the
 * local preview of a photo chosen on /account (an object URL of the picked file); fonts,
 * connections and forms stay on this origin; no plugins, no `<base>` elsewhere, no framing.
 */
function pagePolicy(nonce: string, googleTag: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${googleTag ? ` ${GOOGLE_TAG_SCRIPT}` : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    `connect-src 'self'${googleTag ? ` ${GOOGLE_TAG_CONNECT}` : ""}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * The pages' PageSeal (docs/decisions/003-csp-nonces.md): the render writes a random placeholder
 * (drawn at start, never sent) where the nonce goes; the nonce is the first 128 bits of
 * HMAC-SHA256(`secret`, the page with the placeholder written as "nonce"), base64. The same page
 * is then the same bytes for every reader and every process of a fleet (one ETag, cacheable
 * anywhere: each process draws its own placeholder, which the HMAC never sees), while a page
 * whose text differs in any way, an attacker's injected markup included, gets a nonce no one can
 * compute without the secret. The page stays UTF-8 bytes throughout: the placeholder is ASCII, so
 * it is found, hashed around and replaced in the bytes, never decoded to a string and back.
 */
export function createPageSeal(secret: string, googleTag: boolean): PageSeal {
  const placeholder = `nonce-${randomBytes(18).toString("base64url")}`;
  const marker = Buffer.from(placeholder);
  return {
    noncePlaceholder: placeholder,
    seal(html) {
      const page = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
      const offsets: number[] = [];
      for (let at = page.indexOf(marker); at !== -1; at = page.indexOf(marker, at + marker.length))
        offsets.push(at);
      const hmac = createHmac("sha256", secret);
      let from = 0;
      for (const at of offsets) {
        hmac.update(page.subarray(from, at)).update("nonce");
        from = at + marker.length;
      }
      const nonce = hmac.update(page.subarray(from)).digest("base64").slice(0, 22);
      const nonceBytes = Buffer.from(nonce);
      const sealed = Buffer.allocUnsafe(
        page.length - offsets.length * (marker.length - nonceBytes.length),
      );
      let written = 0;
      from = 0;
      for (const at of offsets) {
        written += page.copy(sealed, written, from, at);
        written += nonceBytes.copy(sealed, written);
        from = at + marker.length;
      }
      page.copy(sealed, written, from);
      return { html: sealed, contentSecurityPolicy: pagePolicy(nonce, googleTag) };
    },
  };
}

/** The viewer lookup of a public page: refused, so no public page can depend on who reads. */
const PUBLIC_PAGE_VIEWER: ViewerLookup = () =>
  Promise.reject(
    new Error("A public page is the same for every reader; read the viewer in the browser"),
  );

/**
 * Registers the catch-all page handler. With `devServer` (npm run dev) pages come from Vite with
 * hot reload; otherwise from `buildDir` (apps/web/build), hashed assets cached for a year and sent
 * precompressed. Each production page carries a nonce derived from its own content
 * (createPageSeal) in its `Content-Security-Policy` header and on its inline scripts; it replaces
 * helmet's default policy, which API responses keep. Private pages (PRIVATE_PAGES) may look up
 * the signed-in reader; public pages may not (docs/architecture.md#caching). Pages from the Vite
 * dev server get no policy.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: {
    api: PublicationApi;
    /** Loads the signed-in reader's own profile for private pages (account, studio). */
    viewer: (userId: number) => Promise<OwnUser | null>;
    /** The server secret the page nonces are derived from. */
    secret: string;
    buildDir: string;
    devServer?: ViteDevServer | undefined;
  },
): Promise<void> {
  const seal = createPageSeal(options.secret, !!options.api.site.gaMeasurementId);
  const memo = createPageMemo();
  const serverBuildPath = `${options.buildDir}/server/index.js`;
  // Under a nonce, React in development warns on every hydration (the browser hides nonce
  // attributes from the page, so the client's differ): dev pages go without a policy, as before.
  const withoutPolicy: onRequestHookHandler = (_request, reply, done) => {
    reply.removeHeader("content-security-policy");
    done();
  };

  await app.register(async function web(scope) {
    // @fastify/static 9 picks .br/.gz by Accept-Encoding without saying so to shared caches.
    scope.addHook("onSend", async (request, reply) => {
      if (request.url.startsWith("/assets/")) reply.header("vary", "accept-encoding");
    });
    await scope.register(fastifyReactRouter, {
      devServer: options.devServer,
      serverBuildPath,
      // In production the build is loaded once: given as a loader (the adapter's default), React
      // Router would import it and rebuild its route tables (createStaticHandler) on every request.
      ...(options.devServer
        ? {}
        : { build: (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild }),
      clientBuildDirectory: `${options.buildDir}/client`,
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts).
      staticOptions: { preCompressed: true },
      routeOptions: {
        ...(options.devServer ? { onRequest: withoutPolicy } : {}),
        config: { responseCache: isPublicPage },
      },
      getLoadContext(request) {
        const context = new RouterContextProvider();
        context.set(publicationContext, options.api);
        if (!options.devServer) context.set(pageSealContext, seal);
        const path = request.url.split("?")[0] ?? "";
        // A document request (not a client navigation's `.data`): big HTML and static parts' data
        // are sent once.
        context.set(documentOnlyContext, path.endsWith(".data") ? null : new Map());
        const user = request.user;
        const isPublic = isPublicPage(path);
        context.set(
          viewerContext,
          isPublic ? PUBLIC_PAGE_VIEWER : async () => (user ? options.viewer(user.id) : null),
        );
        // Public pages are rendered once per content (docs/decisions/009-render-memo.md).
        if (isPublic && !options.devServer) context.set(pageMemoContext, memo);
        return context;
      },
    });
  });
}
