// GET /uploads/*: stored media (thumbnails, avatars) from the local disk or the S3 bucket, cached
// forever.
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import { ensureVariant } from "./image-variants.ts";
import type { ServedMediaStorage } from "./media-storage.ts";
import type { S3MediaStorage } from "./s3-storage.ts";
import { IMMUTABLE_CACHE, keyOfUrl, UPLOADS_PATH } from "./storage.ts";

/**
 * What every stored file is answered with: keys carry a content hash (or are random), so the
 * answer is cached as immutable; `nosniff` keeps browsers from reading an image as anything else
 * (OWASP: MIME sniffing), and a locked-down Content-Security-Policy applies if a file is opened
 * directly. Media are public and meant to be embedded elsewhere (newsletter emails opened in mail
 * clients, feed readers), so they opt out of helmet's same-origin Cross-Origin-Resource-Policy.
 */
const FILE_HEADERS = {
  "x-content-type-options": "nosniff",
  "cross-origin-resource-policy": "cross-origin",
  "cache-control": IMMUTABLE_CACHE,
  "content-security-policy": "default-src 'none'; sandbox",
};

/**
 * Makes the smaller copy of a WebP image named by `key` (`<key>.w480.webp`, image-variants.ts)
 * when it is not stored yet but its original is.
 * @returns whether a copy was made; an original that cannot be read makes none (logged).
 */
async function makeMissingCopy(
  storage: ServedMediaStorage,
  key: string,
  log: FastifyRequest["log"],
): Promise<boolean> {
  if (!key.endsWith(".webp")) return false;
  try {
    return await ensureVariant(storage, key);
  } catch (err) {
    log.warn({ err, key }, "image copy not made");
    return false;
  }
}

/**
 * Serves stored media at `/uploads/<key>` with FILE_HEADERS: from `<DATA_DIR>/uploads/` for the
 * local storage (no directory listings, no dot files), or streamed from the bucket for the S3
 * storage (the same URLs whether or not S3_PUBLIC_URL is set, so links given out before keep
 * working). Unknown or unsafe keys fall through to the app's 404. A smaller copy of a WebP image
 * that is not stored yet is made before it is served.
 */
export function filesRoutes(app: FastifyInstance, deps: { storage: ServedMediaStorage }) {
  const { storage } = deps;
  app.register(async (scope) => {
    if (storage.kind === "s3") {
      scope.route({
        method: ["GET", "HEAD"],
        url: `${UPLOADS_PATH}*`,
        handler: (request, reply) => sendObject(storage, request, reply),
      });
      return;
    }
    scope.addHook("onRequest", async (request) => {
      // Keys need no escaping in a URL (assertSafeKey): anything else is not a key.
      const key = keyOfUrl(request.url.split("?")[0] ?? "");
      if (key) await makeMissingCopy(storage, key, request.log);
    });
    await scope.register(fastifyStatic, {
      root: storage.root,
      prefix: UPLOADS_PATH,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: "deny",
      // Folders are not resources: 404 rather than send's 403.
      allowedPath: (pathName) => !pathName.endsWith("/"),
      etag: true,
      lastModified: true,
      cacheControl: false,
      setHeaders(reply) {
        reply.headers(FILE_HEADERS);
      },
    });
  });
}

/** `S3MediaStorage.open` for a request; a bucket that cannot be reached is a logged 503. */
async function openForRequest(storage: S3MediaStorage, key: string, request: FastifyRequest) {
  const { "if-none-match": ifNoneMatch, "if-modified-since": ifModifiedSince } = request.headers;
  try {
    return await storage.open(key, { ifNoneMatch, ifModifiedSince }, request.method === "HEAD");
  } catch (err) {
    request.log.error({ err, key }, "media storage read failed");
    throw new AppError(503, "ApplicationError", "The media storage is unavailable");
  }
}

/**
 * Answers a GET or HEAD of `/uploads/<key>` from the bucket: the object's bytes (streamed, never
 * buffered), type, length, ETag and Last-Modified with FILE_HEADERS; 304 when the reader's
 * `If-None-Match`/`If-Modified-Since` still holds (RFC 9110 §13.1); the app's 404 for an unsafe
 * or missing key. A missing smaller copy is made first (one bucket request per hit otherwise).
 */
async function sendObject(storage: S3MediaStorage, request: FastifyRequest, reply: FastifyReply) {
  const key = keyOfUrl(request.url.split("?")[0] ?? "");
  if (!key) return reply.callNotFound();
  let found = await openForRequest(storage, key, request);
  if (!found && (await makeMissingCopy(storage, key, request.log))) {
    found = await openForRequest(storage, key, request);
  }
  if (!found) return reply.callNotFound();
  reply.headers(FILE_HEADERS);
  if (found.status === 304) return reply.code(304).send();
  if (found.etag) reply.header("etag", found.etag);
  if (found.lastModified) reply.header("last-modified", found.lastModified.toUTCString());
  reply.type(found.contentType ?? "application/octet-stream");
  if (found.contentLength !== undefined) reply.header("content-length", found.contentLength);
  return reply.send(found.body);
}
