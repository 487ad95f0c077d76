// The error answers a route declares in its OpenAPI `response` map: every error is the Strapi
// error body (errors.ts, plugins/error-handler.ts), so a route names only its status codes; and
// the bodies a mailed one-click link is posted with.
import { errorBodySchema } from "@pragmatist/contracts";
import type { FastifyInstance } from "fastify";

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

/**
 * Lets a scope's POST routes take RFC 8058 §3.1 one-click bodies: `List-Unsubscribe=One-Click`
 * posted as a form, multipart/form-data (SHOULD) or urlencoded (MAY). The mailed link's token is
 * in its URL, so the body is read (1 KB at most) and ignored. Call inside a registered scope.
 */
export function acceptOneClickForms(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string", bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );
}
