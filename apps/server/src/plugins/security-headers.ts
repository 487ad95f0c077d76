// Security headers on every answer (OWASP HTTP Headers Cheat Sheet) through helmet.
import fp from "fastify-plugin";
import helmet from "helmet";

/**
 * Helmet's defaults for the API, its docs and files; pages replace the Content-Security-Policy
 * with a nonce-based one (plugins/web.ts, docs/decisions/003-csp-nonces.md). Requests are upgraded
 * to https only when the site is served over https (`secureCookies`). Helmet's middleware is
 * built once, in an `onRequest` hook: @fastify/helmet builds it again on every request, parsing
 * the policy each time (a twentieth of a small API answer's CPU, issue 14).
 */
export const securityHeaders = fp<{ secureCookies: boolean }>(async (app, options) => {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: { upgradeInsecureRequests: options.secureCookies ? [] : null },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
});
