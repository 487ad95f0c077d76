// Security headers on every answer (OWASP HTTP Headers Cheat Sheet) through helmet.
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import fp from "fastify-plugin";
import helmet from "helmet";

/**
 * The headers helmet's middleware sets, read once by running it on a response that is never
 * sent: with a fixed configuration they are the same on every answer.
 * @throws the middleware's error, if it reports one.
 */
function helmetHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let failure: unknown;
  middleware(request, response, (error) => (failure = error));
  if (failure) throw failure;
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Helmet's defaults for the API, its docs and files; pages replace the Content-Security-Policy
 * with a nonce-based one (plugins/web.ts, docs/decisions/003-csp-nonces.md). Requests are upgraded
 * to https only when the site is served over https (`secureCookies`). Helmet's headers are worked
 * out once at start and set on each reply in an `onRequest` hook: @fastify/helmet builds the
 * middleware again on every request, parsing the policy each time, and running the middleware
 * per request still cost a twentieth of a small API answer's CPU (docs/architecture.md#caching).
 */
export const securityHeaders = fp<{ secureCookies: boolean }>(async (app, options) => {
  const headers = helmetHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: { upgradeInsecureRequests: options.secureCookies ? [] : null },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
