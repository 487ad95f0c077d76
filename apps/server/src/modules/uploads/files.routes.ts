// GET /uploads/*: stored media (thumbnails, avatars) from the local-disk storage, cached forever.
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { ensureVariant } from "./image-variants.ts";
import { localMediaStorage } from "./storage.ts";

const PREFIX = "/uploads/";

/**
 * Serves `<DATA_DIR>/uploads/` at `/uploads/`. Keys carry a content hash, so responses are
 * `Cache-Control: public, max-age=31536000, immutable`; `X-Content-Type-Options: nosniff` keeps
 * browsers from reading an image as anything else (OWASP: MIME sniffing), and a locked-down
 * Content-Security-Policy applies if a file is opened directly. No directory listings, no dot
 * files; unknown files fall through to the app's 404. A smaller copy of a WebP image
 * (`<key>.w480.webp`, image-variants.ts) that is not stored yet is made before it is served.
 */
export function filesRoutes(app: FastifyInstance, deps: { dataDir: string }) {
  const storage = localMediaStorage(deps.dataDir);
  app.register(async (scope) => {
    scope.addHook("onRequest", async (request) => {
      const path = request.url.split("?")[0] ?? "";
      if (!path.startsWith(PREFIX) || !path.endsWith(".webp")) return;
      try {
        await ensureVariant(storage, decodeURIComponent(path.slice(PREFIX.length)));
      } catch (err) {
        // An unsafe or undecodable key, or an unreadable original: no copy, so a 404 follows.
        request.log.warn({ err, url: request.url }, "image copy not made");
      }
    });
    await scope.register(fastifyStatic, {
      root: storage.root,
      prefix: "/uploads/",
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
        reply.header("X-Content-Type-Options", "nosniff");
        reply.header("Cache-Control", "public, max-age=31536000, immutable");
        reply.header("Content-Security-Policy", "default-src 'none'; sandbox");
      },
    });
  });
}
