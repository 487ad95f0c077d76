// What every studio route shares (the studio's and the newsletter issues'): the error answers,
// the OpenAPI tag and the role check.
import type { FastifyRequest } from "fastify";
import { authorizeRole, type StudioAction } from "./policy.ts";
import { errorResponses } from "../../http/responses.ts";

/** The error answers every studio route may give, for its OpenAPI `response` schemas. */
export const errors = errorResponses(400, 401, 403, 404, 409);
/** The OpenAPI tag of every studio route. */
export const tags = ["studio"];

/**
 * A preValidation hook: 401/403 by role for `action` before the input is validated, so callers
 * who may never do it learn nothing from validation errors (the service checks the object).
 */
export const allow = (action: StudioAction) => async (req: FastifyRequest) => {
  authorizeRole(req.user, action);
};

/**
 * A studio route's options: the role check for `action` (`allow`, before validation), and its
 * `schema` (summary, params, query string, body, its success answers in `response`) with the
 * studio's tag and error answers added (docs/product/studio.md#studio,
 * docs/product/accounts.md#permission-matrix).
 */
export function studioRoute<const S extends { summary: string; response: object }>(
  action: StudioAction,
  schema: S,
) {
  return {
    preValidation: allow(action),
    schema: { tags, ...schema, response: { ...schema.response, ...errors } },
  };
}
