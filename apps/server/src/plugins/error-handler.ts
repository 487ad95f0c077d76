// One hardened error handler: AppErrors and validation failures become the Strapi error body; a
// 5xx never shows internals and is logged once with the request id
// (docs/architecture.md#conventions).
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody, ErrorName } from "@pragmatist/contracts";
import { AppError } from "../errors.ts";

function body(
  status: number,
  name: ErrorName,
  message: string,
  details: Record<string, unknown> = {},
): ErrorBody {
  return { data: null, error: { status, name, message, details } };
}

const nameByStatus: Record<number, ErrorName> = {
  400: "ValidationError",
  401: "UnauthorizedError",
  403: "ForbiddenError",
  404: "NotFoundError",
  413: "PayloadTooLargeError",
  429: "RateLimitError",
};

/**
 * The error handler plugin: AppErrors answer their status, name, message and details; zod
 * validation failures a 400 ValidationError listing each path; Fastify's own 4xx their status;
 * anything else a logged 500 "Internal Server Error". Unknown routes answer a 404 NotFoundError.
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send(body(error.status, error.errorName, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.split("/").filter(Boolean),
        message: v.message,
      }));
      const message =
        errors.length === 1
          ? `${errors[0]?.path.join(".") || "request"}: ${errors[0]?.message}`
          : `${errors.length} errors occurred`;
      return reply.status(400).send(body(400, "ValidationError", message, { errors }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      return reply
        .status(status)
        .send(body(status, nameByStatus[status] ?? "ValidationError", error.message));
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(body(500, "ApplicationError", "Internal Server Error"));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(
        body(
          404,
          "NotFoundError",
          `Route ${request.method} ${request.url.split("?")[0]} not found`,
        ),
      );
  });
});
