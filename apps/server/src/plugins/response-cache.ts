// A short-lived cache of whole responses for anonymous readers: public article API reads and
// server-rendered pages. Readers with a session (cookie or Bearer) always get a fresh response.
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import { SESSION_COOKIE } from "../modules/accounts/sessions.ts";

interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** How the response cache plugin is registered. */
export interface ResponseCacheOptions {
  /** How long a response is reused, in seconds; 0 turns the cache off. */
  ttlSeconds: number;
  /** True once since content changed (a publish, an unpublish, a scheduled time): empty the cache. */
  isStale?: () => boolean;
}

/** The response cache as the app sees it (`app.responseCache`). */
export interface ResponseCache {
  /** Forgets everything (call after content changes in this process). */
  clear(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
  interface FastifyRequest {
    responseCacheKey: string | null;
  }
}

const MAX_ENTRY_BYTES = 512 * 1024;
// Everything the first answer carried (security headers included) except what is per response.
const DROPPED_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "date",
  "x-cache",
  "connection",
  "transfer-encoding",
]);

function isAnonymous(request: FastifyRequest): boolean {
  if (request.headers.authorization) return false;
  const cookie = request.headers.cookie;
  return !cookie || !cookie.includes(`${SESSION_COOKIE}=`);
}

async function toBuffer(payload: unknown): Promise<Buffer | null> {
  if (typeof payload === "string") return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(b);
      size += b.length;
    }
    return Buffer.concat(chunks, size);
  }
  return null;
}

function send(reply: FastifyReply, hit: CachedResponse) {
  reply.status(hit.status);
  for (const [k, v] of Object.entries(hit.headers)) reply.header(k, v);
  reply.header("x-cache", "HIT");
  return reply.send(hit.body);
}

/**
 * Micro-caching (the pattern publications put in front of Ghost with a CDN): a GET from a reader
 * without a session, on a route whose `config.responseCache` allows it (http/cache.ts), answered 200 without Set-Cookie, is kept for
 * `ttlSeconds` and served to the next anonymous readers of the same URL. Counts on cards may lag
 * by at most the TTL; anything a signed-in reader does is never served from here.
 *
 * An entry is the whole response as sent, headers included: a page keeps its
 * Content-Security-Policy with the nonce its scripts carry (docs/decisions/003-csp-nonces.md) and
 * its Content-Encoding. Pages are compressed by what the reader accepts, and the public
 * collections answer Strapi v4's shape when asked with `Strapi-Response-Format: v4`
 * (docs/product.md#api-strapi-query), so the key is the URL, the Accept-Encoding header and that
 * header (RFC 9110 §12.5.5 Vary: a cache keys on the headers a response varies by).
 */
export default fp<ResponseCacheOptions>(async function responseCache(
  app: FastifyInstance,
  options,
) {
  const cache = new LRUCache<string, CachedResponse>({
    max: 1000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (v) => v.body.length + 1,
    ttl: Math.max(1, options.ttlSeconds) * 1000,
  });
  app.decorate("responseCache", { clear: () => cache.clear() });
  app.decorateRequest("responseCacheKey", null);
  if (options.ttlSeconds <= 0) return;

  app.addHook("onRequest", async (request, reply) => {
    if (options.isStale?.()) cache.clear();
    if (request.method !== "GET" || !isAnonymous(request)) return;
    const policy = request.routeOptions.config.responseCache;
    if (!policy || (policy !== true && !policy(request.url.split("?")[0] ?? ""))) return;
    const { "accept-encoding": encoding = "", "strapi-response-format": shape = "" } =
      request.headers;
    const key = `${request.url}\n${encoding}\n${shape}`;
    const hit = cache.get(key);
    if (hit) return send(reply, hit);
    request.responseCacheKey = key;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const key = request.responseCacheKey;
    if (!key || reply.statusCode !== 200 || reply.hasHeader("set-cookie")) return payload;
    const body = await toBuffer(payload);
    if (body === null) return payload;
    if (body.length <= MAX_ENTRY_BYTES) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !DROPPED_HEADERS.has(name)) headers[name] = String(value);
      }
      cache.set(key, { status: 200, headers, body });
    }
    reply.header("x-cache", "MISS");
    return body;
  });
});
