// Which answers are public, declared on each route (its `config`), so a new public route states
// its policy where it is written; and the Cache-Control values they get (docs/architecture.md
// "Caching").

/**
 * A route's cache policy, read by plugins/response-cache.ts: `true`, its GET answers are public
 * (the same for every reader); `"streamed"`, public too but streamed with a validator of its own
 * and never kept in the process (an answer too large to hold: a sitemap file); a function decides
 * per path (the pages' catch-all: public pages yes, private no). Absent: private, never stored.
 */
export type ResponseCachePolicy = boolean | "streamed" | ((path: string) => boolean);

declare module "fastify" {
  interface FastifyContextConfig {
    /** See ResponseCachePolicy (http/cache.ts). */
    responseCache?: ResponseCachePolicy;
  }
}

/** Route `config` of a public read: the same answer for every reader, cached briefly. */
export const PUBLIC_READ = { responseCache: true } as const;

/**
 * Route `config` of a public read streamed as it is produced, with an ETag the route sets itself:
 * public Cache-Control and 304s as PUBLIC_READ, but the body is neither read whole nor kept.
 */
export const PUBLIC_STREAM = { responseCache: "streamed" } as const;

/** An answer for one reader only: no cache may store it (RFC 9111 §5.2.2.3, §5.2.2.7). */
export const PRIVATE_ANSWER = "private, no-store";

/**
 * How long, in seconds, a shared cache may keep serving a public answer past its `s-maxage` while
 * it fetches a fresh one in the background (RFC 5861): a reader never waits for a render, and a
 * change reaches every reader within `s-maxage` plus one request.
 */
export const STALE_WHILE_REVALIDATE_SECONDS = 30;

/**
 * The Cache-Control of a public 200 (RFC 9111 §5.2.2): browsers revalidate every time
 * (`max-age=0`, answered 304 when the ETag still matches); shared caches (a CDN, the nginx of
 * docs/deploy) keep it `ttlSeconds` (RESPONSE_CACHE_SECONDS) and may serve it stale while
 * revalidating. With `ttlSeconds` 0 every cache revalidates every time (`no-cache`).
 */
export function publicCacheControl(ttlSeconds: number): string {
  return ttlSeconds > 0
    ? `public, max-age=0, s-maxage=${ttlSeconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`
    : "public, no-cache";
}
