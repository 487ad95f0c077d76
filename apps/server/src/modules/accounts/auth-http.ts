// What the sign-up, sign-in, password and email routes share: the OpenAPI tag and the rate limits
// a route names.
import type { FastifySchema } from "fastify";
import type { RateLimitName } from "../../http/rate-limits.ts";

/**
 * An /api/auth route's options: its `schema` (summary, body, answers) under the "auth" tag, and
 * the rate limits it is counted against (`rateLimits`, rows of http/rate-limits.ts;
 * docs/architecture.md#rate-limits).
 */
export function authRoute<const S extends FastifySchema>(
  rateLimits: readonly RateLimitName[],
  schema: S,
) {
  return { schema: { tags: ["auth"], ...schema }, config: { rateLimits } };
}
