// Security headers on every answer (OWASP HTTP Headers Cheat Sheet) through helmet.
import helmet from "@fastify/helmet";
import fp from "fastify-plugin";

/**
 * Helmet's defaults for the API, its docs and files; pages replace the Content-Security-Policy
 * with a nonce-based one (plugins/web.ts, docs/decisions/003-csp-nonces.md). Requests are upgraded
 * to https only when the site is served over https (`secureCookies`).
 */
export const securityHeaders = fp<{ secureCookies: boolean }>(async (app, options) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { upgradeInsecureRequests: options.secureCookies ? [] : null },
    },
    crossOriginEmbedderPolicy: false,
  });
});
