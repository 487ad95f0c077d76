// GET /metrics in Prometheus's text format behind a bearer token, and the HTTP request histogram
// (docs/decisions/006-metrics.md, docs/product/api.md#api-metrics).
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics } from "prom-client";
import { UnauthorizedError } from "../errors.ts";
import { type Metrics, UNMATCHED_ROUTE } from "../metrics.ts";

/** How the metrics plugin is registered. */
export interface MetricsPluginOptions {
  metrics: Metrics;
  /** METRICS_TOKEN: scrapers send `Authorization: Bearer <token>`; undefined turns /metrics off. */
  token: string | undefined;
}

/** SHA-256 of a string: equal-length digests let timingSafeEqual compare secrets of any length. */
const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether the request carries `Authorization: Bearer <token>` (RFC 6750 §2.1), compared in
 * constant time so the answer's timing says nothing about how much of a guess was right (OWASP
 * Authentication Cheat Sheet).
 */
function hasToken(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? "");
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

/**
 * Times every answer into `http_request_duration_seconds` by method, the matched route's pattern
 * (`/api/articles/:slug`, never the URL, so label values stay bounded) and status. With a `token`
 * it also collects Node's process metrics and serves GET /metrics: the registry in Prometheus's
 * text format (0.0.4) to a request with the token, a 401 UnauthorizedError (with
 * `WWW-Authenticate: Bearer`) to any other; without a token, /metrics does not exist (404).
 */
export default fp<MetricsPluginOptions>(async function metricsPlugin(
  app: FastifyInstance,
  options,
) {
  const { metrics, token } = options;
  app.addHook("onResponse", async (request, reply) => {
    metrics.httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  if (token === undefined) return;

  collectDefaultMetrics({ register: metrics.registry });
  const expected = digest(token);
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!hasToken(request, expected)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new UnauthorizedError("A valid metrics token is needed");
    }
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
});
