// HTTP caching for every reader: public reads (declared on each route, http/cache.ts) carry
// Cache-Control for shared caches and a strong ETag, and are kept briefly in this process; every
// other answer is private and never stored (docs/architecture.md#caching).
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import fp from "fastify-plugin";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import { PRIVATE_ANSWER, publicCacheControl } from "../http/cache.ts";
import { checkedOnce, entityTag, representationOf } from "../http/representation.ts";

interface CachedResponse {
  headers: Record<string, string>;
  body: Buffer;
}

/** How the response cache plugin is registered. */
export interface ResponseCacheOptions {
  /** How long a public answer is reused (here and by shared caches), in seconds; 0: revalidate every time. */
  ttlSeconds: number;
  /** True once since content changed (a publish, a comment, a scheduled time…): empty the cache. */
  isStale?: () => boolean;
  /** Told of every lookup of a public read in the cache (the metrics' hit and miss counts). */
  onLookup?: (result: "hit" | "miss") => void;
  /**
   * The app's serializer compiler. Given, routes declared public (`PUBLIC_READ`, registered after
   * this plugin) check each distinct answer against their response schema once
   * (http/representation.ts `checkedOnce`).
   */
  serializerCompiler?: FastifySerializerCompiler<FastifySchema>;
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
    /** Set on a public read: where its answer is kept ("" when the in-process cache is off). */
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
  "x-request-id",
]);
/** What a 304 repeats of the 200 it stands for (RFC 9110 §15.4.5). */
const NOT_MODIFIED_HEADERS = ["etag", "cache-control", "vary", "content-location", "expires"];

/** Whether the route declares the request's path public (http/cache.ts ResponseCachePolicy). */
function isPublicRead(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const policy = request.routeOptions.config.responseCache;
  if (typeof policy !== "function") return !!policy;
  return policy(request.url.split("?")[0] ?? "");
}

/** Whether the route streams its public answers (http/cache.ts PUBLIC_STREAM). */
function isStreamed(request: FastifyRequest): boolean {
  return request.routeOptions.config.responseCache === "streamed";
}

async function toBuffer(payload: unknown): Promise<Buffer | null> {
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

/** Turns the reply into 304 Not Modified with the validators and caching headers of `headers`. */
function notModified(reply: FastifyReply, headers: Record<string, unknown>): void {
  reply.code(304).removeHeader("content-type").removeHeader("content-encoding");
  for (const name of NOT_MODIFIED_HEADERS) {
    const value = headers[name];
    if (value !== undefined) reply.header(name, value as string);
  }
}

function replay(request: FastifyRequest, reply: FastifyReply, hit: CachedResponse) {
  if (fresh(request.headers, hit.headers)) {
    notModified(reply, hit.headers);
    return reply.send();
  }
  reply.status(200);
  for (const [k, v] of Object.entries(hit.headers)) reply.header(k, v);
  reply.header("x-cache", "HIT");
  return reply.send(hit.body);
}

/**
 * A public answer streamed with a validator of its own (a sitemap file read from the database in
 * batches): sent as it is produced, with the public Cache-Control, and neither read whole nor
 * kept here, so its size never sits in memory; 304 when the request names its validator.
 */
function streamedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: Readable,
  cacheControl: string,
): Readable | null {
  reply.header("cache-control", cacheControl);
  if (!fresh(request.headers, { etag: String(reply.getHeader("etag")) })) return payload;
  payload.destroy();
  notModified(reply, reply.getHeaders());
  return null;
}

function storedHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !DROPPED_HEADERS.has(name)) headers[name] = String(value);
  }
  return headers;
}

/**
 * HTTP caching by route (docs/architecture.md#caching, RFC 9111):
 *
 * - A GET on a route whose `config.responseCache` allows its path is a public read: its answer is
 *   the same for every reader, signed in or not (what is personal comes from GET /api/viewer), so
 *   a 200 without Set-Cookie gets `Cache-Control: public, max-age=0, s-maxage=<ttl>,
 *   stale-while-revalidate=…` (publicCacheControl), a strong ETag unless the route set one, and is
 *   kept here for `ttlSeconds` and served to the next readers of the same URL (micro-caching, the
 *   pattern publications put in front of Ghost with a CDN). A request whose If-None-Match names
 *   the current ETag gets 304 (RFC 9110 §13.1.2). A public route's other answers are `no-store`.
 * - Every other answer without a Cache-Control of its own is `private, no-store`.
 *
 * A route declared `PUBLIC_STREAM` streams its public answer with its own ETag: sent as it comes,
 * never kept (`streamedAnswer`).
 *
 * An entry is the whole response as sent, headers included: a page keeps its
 * Content-Security-Policy with the nonce its scripts carry (docs/decisions/003-csp-nonces.md) and
 * its Content-Encoding. Pages are compressed by what the reader accepts, and the public
 * collections answer Strapi v4's shape when asked with `Strapi-Response-Format: v4`
 * (docs/product/api.md#api-strapi-query), so the key is the URL and those two headers (RFC 9110
 * §12.5.5: a cache keys on the headers a response varies by).
 */
export default fp<ResponseCacheOptions>(async function responseCache(
  app: FastifyInstance,
  options,
) {
  const ttlSeconds = Math.max(0, options.ttlSeconds);
  const cache = new LRUCache<string, CachedResponse>({
    max: 1000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (v) => v.body.length + 1,
    ttl: Math.max(1, ttlSeconds) * 1000,
  });
  const cacheControl = publicCacheControl(ttlSeconds);
  if (options.serializerCompiler) {
    const serializerCompiler = checkedOnce(options.serializerCompiler);
    app.addHook("onRoute", (route) => {
      if (route.config?.responseCache === true) route.serializerCompiler ??= serializerCompiler;
    });
  }
  app.decorate("responseCache", { clear: () => cache.clear() });
  app.decorateRequest("responseCacheKey", null);
  /** Requests answered from the cache: their answer is final. */
  const replayed = new WeakSet<FastifyRequest>();

  app.addHook("onRequest", async (request, reply) => {
    if (options.isStale?.()) cache.clear();
    if (!isPublicRead(request)) return;
    if (ttlSeconds === 0 || request.method !== "GET" || isStreamed(request)) {
      request.responseCacheKey = "";
      return;
    }
    const { "accept-encoding": encoding = "", "strapi-response-format": shape = "" } =
      request.headers;
    const key = `${request.url}\n${encoding}\n${shape}`;
    const hit = cache.get(key);
    options.onLookup?.(hit ? "hit" : "miss");
    if (hit) {
      replayed.add(request);
      return replay(request, reply, hit);
    }
    request.responseCacheKey = key;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (replayed.has(request)) return payload;
    const key = request.responseCacheKey;
    if (key === null) {
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", PRIVATE_ANSWER);
      return payload;
    }
    if (reply.statusCode !== 200 || reply.hasHeader("set-cookie")) {
      reply.header("cache-control", reply.hasHeader("set-cookie") ? PRIVATE_ANSWER : "no-store");
      return payload;
    }
    if (isStreamed(request) && payload instanceof Readable && reply.hasHeader("etag")) {
      return streamedAnswer(request, reply, payload, cacheControl);
    }
    const text = typeof payload === "string" ? representationOf(payload) : null;
    const body = text ? text.body : await toBuffer(payload);
    if (body === null) return payload;
    if (!reply.hasHeader("etag")) reply.header("etag", text ? text.etag : entityTag(body));
    reply.header("cache-control", cacheControl);
    if (key && body.length <= MAX_ENTRY_BYTES) {
      cache.set(key, { headers: storedHeaders(reply), body });
      reply.header("x-cache", "MISS");
    }
    if (fresh(request.headers, { etag: String(reply.getHeader("etag")) })) {
      notModified(reply, reply.getHeaders());
      return null;
    }
    return body;
  });
});
