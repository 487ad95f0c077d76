// Which answers the anonymous response cache may keep, declared on each route (its `config`), so a
// new public route states its policy where it is written (docs/architecture.md "Caching").

/**
 * A route's cache policy, read by plugins/response-cache.ts: `true` keeps the route's anonymous
 * 200 answers; a function decides per path (the pages' catch-all: public pages yes, private no).
 * Absent: never cached.
 */
export type ResponseCachePolicy = boolean | ((path: string) => boolean);

declare module "fastify" {
  interface FastifyContextConfig {
    /** See ResponseCachePolicy (http/cache.ts). */
    responseCache?: ResponseCachePolicy;
  }
}

/** Route `config` of a public read: the same answer for every anonymous reader, cached briefly. */
export const PUBLIC_READ = { responseCache: true } as const;
