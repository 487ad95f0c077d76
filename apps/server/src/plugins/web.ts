// Serves the React Router app (server rendering + built assets) from the same process as the API,
// with a nonce-based Content Security Policy on every page.
import { randomBytes } from "node:crypto";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { RouterContextProvider } from "react-router";
import type { ViteDevServer } from "vite";
import {
  type OwnUser,
  type PublicationApi,
  publicationContext,
  viewerContext,
} from "@pragmatist/contracts";

/**
 * The request header that hands a page's CSP nonce to the server render
 * (apps/web/app/entry.server.tsx reads it). Set here on every page request, over any value the
 * client sent.
 */
export const CSP_NONCE_HEADER = "x-csp-nonce";

/** Pages only signed-in readers see (and their `.data` loader requests): never cached. */
const PRIVATE_PAGES = /^\/(account|login|passreset|connect|studio)(\/|\.data|$)/;

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
 * local preview of a photo chosen on /account (an object URL of the picked file, issue 13); fonts,
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
 * Registers the catch-all page handler. With `devServer` (npm run dev) pages come from Vite with
 * hot reload; otherwise from `buildDir` (apps/web/build), hashed assets cached for a year and sent
 * precompressed. Each production page gets a fresh 128-bit nonce (crypto.randomBytes, base64) in
 * its `Content-Security-Policy` header and, through CSP_NONCE_HEADER, on its inline scripts; it
 * replaces helmet's default policy, which API responses keep. The anonymous response cache stores
 * a page with its header, so a cached copy's scripts and policy always agree
 * (docs/decisions/003-csp-nonces.md). Pages from the Vite dev server get no policy.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: {
    api: PublicationApi;
    /** Loads the signed-in reader's own profile for server rendering (header, account). */
    viewer: (userId: number) => Promise<OwnUser | null>;
    buildDir: string;
    devServer?: ViteDevServer | undefined;
  },
): Promise<void> {
  const googleTag = !!options.api.site.gaMeasurementId;
  const contentSecurityPolicy: onRequestHookHandler = (request, reply, done) => {
    const nonce = randomBytes(16).toString("base64");
    request.headers[CSP_NONCE_HEADER] = nonce;
    reply.header("content-security-policy", pagePolicy(nonce, googleTag));
    done();
  };
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
      serverBuildPath: `${options.buildDir}/server/index.js`,
      clientBuildDirectory: `${options.buildDir}/client`,
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts).
      staticOptions: { preCompressed: true },
      routeOptions: {
        onRequest: options.devServer ? withoutPolicy : contentSecurityPolicy,
        config: { responseCache: isPublicPage },
      },
      async getLoadContext(request) {
        const context = new RouterContextProvider();
        context.set(publicationContext, options.api);
        context.set(viewerContext, request.user ? await options.viewer(request.user.id) : null);
        return context;
      },
    });
  });
}
