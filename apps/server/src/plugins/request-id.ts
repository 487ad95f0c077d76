// Request ids: taken from a sane X-Request-Id (a proxy's) or drawn, echoed on every answer, and on
// every log line written while the request is served, the services' lines included.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** The header a proxy (nginx `$request_id`) or a client names a request by, and we answer with. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * An id we accept from a request: 1 to 128 letters, digits and `-_.:=+/` (UUIDs, hex, base64, a
 * load balancer's trace ids). Anything else (spaces, quotes, newlines, very long) could forge or
 * break log lines (OWASP Logging Cheat Sheet: log injection) and is replaced.
 */
const SANE_ID = /^[\w.:=+/-]{1,128}$/;

/**
 * Fastify's `genReqId` (set with `requestIdOptions`): the request's X-Request-Id when it is sane
 * (SANE_ID), else a new random UUID (crypto.randomUUID, RFC 9562 version 4).
 */
function genReqId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && SANE_ID.test(given) ? given : randomUUID();
}

/**
 * The Fastify constructor options that name each request (app.ts spreads them into `Fastify({...})`;
 * a plugin cannot set them). Fastify binds the id as `reqId` to `request.log`.
 */
export const requestIdOptions = { genReqId, requestIdHeader: false } as const;

/** The logger of the request being served in this async context (set by the plugin's hook). */
const currentRequestLog = new AsyncLocalStorage<FastifyBaseLogger>();

/** The logging the services use: pino's `(details, message)` form. */
export interface ServiceLog {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/**
 * A logger for services built once per app: each line goes to the logger of the request being
 * served when there is one (so it carries the request's `reqId`), else to `fallback` (start-up,
 * timers).
 */
export function requestScopedLog(fallback: ServiceLog): ServiceLog {
  const target = () => currentRequestLog.getStore() ?? fallback;
  return {
    info: (details, message) => target().info(details, message),
    warn: (details, message) => target().warn(details, message),
    error: (details, message) => target().error(details, message),
  };
}

/**
 * The request-id plugin (register it first): runs the rest of each request inside its logger's
 * async context (for `requestScopedLog`) and answers every request with `X-Request-Id`, a cached
 * answer included (set in onSend, after the response cache has replayed its headers).
 */
export default fp(async function requestId(app: FastifyInstance) {
  app.addHook("onRequest", (request, _reply, done) => {
    currentRequestLog.run(request.log, done);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    return payload;
  });
});
