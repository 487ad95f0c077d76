// What every studio route shares: the error answers, the OpenAPI tag and the role check.
import type { FastifyRequest } from "fastify";
import { errorBodySchema } from "@pragmatist/contracts";
import { authorizeRole, type StudioAction } from "./policy.ts";

export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
export const tags = ["studio"];

/**
 * A preValidation hook: 401/403 by role for `action` before the input is validated, so callers
 * who may never do it learn nothing from validation errors (the service checks the object).
 */
export const allow = (action: StudioAction) => async (req: FastifyRequest) => {
  authorizeRole(req.user, action);
};
