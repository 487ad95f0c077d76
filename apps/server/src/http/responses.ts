// The error answers a route declares in its OpenAPI `response` map: every error is the Strapi
// error body (errors.ts, plugins/error-handler.ts), so a route names only its status codes.
import { errorBodySchema } from "@pragmatist/contracts";

/**
 * `{ [status]: errorBodySchema }` for each of `statuses` (e.g. `errorResponses(400, 401, 404)`),
 * to spread into a route's `schema.response` beside its success schema.
 */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}
