// One hardened error handler: AppErrors, validation failures and the framework's own errors (the
// router's, the body parsers', Node's HTTP parser's) all become the Strapi error body; a 5xx never
// shows internals, is logged once with the request id and gives that id in `details.requestId`
// (docs/architecture.md#conventions).
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody, ErrorName } from "@pragmatist/contracts";
import { AppError } from "../errors.ts";
import { REQUEST_ID_HEADER } from "./request-id.ts";

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
 * The error name of a status (one of the contracts' `errorNames`, which the web branches on): a
 * 5xx is an ApplicationError, a client error without a name of its own (405, 408, 414, 415, 431)
 * a ValidationError: the request must change before it can succeed.
 */
function nameOf(status: number): ErrorName {
  return status >= 500 ? "ApplicationError" : (nameByStatus[status] ?? "ValidationError");
}

/**
 * Our sentence for each client error Fastify or Node's HTTP parser raises, by its code. Their own
 * messages may echo the request (a bad URL, a long parameter), name a header or carry a code;
 * ours are plain sentences (OWASP Error Handling Cheat Sheet: no internals in answers).
 */
const messageByCode: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty, but its content type says JSON",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "This content type is not accepted here",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request body does not match its Content-Length",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large",
  FST_ERR_BAD_URL: "The URL is not valid: it has a broken percent-encoding",
  FST_ERR_MAX_PARAM_LENGTH: "A part of the URL path is too long",
  FST_ERR_NOT_FOUND: "Not Found",
  HPE_HEADER_OVERFLOW: "The URL or the request headers are too large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "The request body's chunk extensions are too large",
  ERR_HTTP_REQUEST_TIMEOUT: "The request took too long to arrive",
};

/**
 * The answer to an error that is neither an AppError nor a schema validation failure: a client
 * error (a 4xx `statusCode`) keeps its status with our sentence for its code, else the status's
 * reason phrase (RFC 9110 §15); anything else is a 500 "Internal Server Error" with
 * `details.requestId`, logged on the request's logger (which carries the same id).
 */
function frameworkAnswer(
  error: { statusCode?: number; code?: string },
  request: FastifyRequest,
): { status: number; body: ErrorBody } {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = error.code === undefined ? undefined : messageByCode[error.code];
    const message = known ?? STATUS_CODES[status] ?? "Bad Request";
    return { status, body: body(status, nameOf(status), message) };
  }
  request.log.error({ err: error }, "request failed");
  const details = { requestId: request.id };
  return { status: 500, body: body(500, "ApplicationError", "Internal Server Error", details) };
}

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route or hook runs
 * (FST_ERR_BAD_URL, a 400 for a broken percent-encoding; FST_ERR_MAX_PARAM_LENGTH, a 414 for a
 * path parameter over `maxParamLength`; FST_ERR_ASYNC_CONSTRAINT, a 500) answers the Strapi body.
 */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = frameworkAnswer(error, request);
  // No hook runs for these answers, so helmet's and the request id's headers are not set: keep
  // the ones that matter.
  reply.header("x-content-type-options", "nosniff");
  reply.header(REQUEST_ID_HEADER, request.id);
  return reply.status(answer.status).send(answer.body);
}

/** The status Node gives a request its HTTP parser refuses (as Node's own `clientError` does). */
function parserErrorStatus(code: string): number {
  if (code === "HPE_HEADER_OVERFLOW") return 431; // RFC 6585 §5
  if (code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") return 413;
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  return 400; // a malformed request line, an unknown method, a bad header…
}

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser refuses before Fastify sees
 * it (a URL or headers over Node's 16 KB `maxHeaderSize`: 431; a malformed request: 400; too
 * slow: 408) answers the Strapi body on the socket, which is then closed. Fastify calls it with
 * the app as `this`. A connection already reset gets nothing.
 */
function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status = parserErrorStatus(error.code);
  const message = messageByCode[error.code] ?? STATUS_CODES[status] ?? "Bad Request";
  const payload = JSON.stringify(body(status, nameOf(status), message));
  this.log.debug({ err: error }, "client error");
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(payload)}\r\n` +
        "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n" +
        payload,
    );
  }
  socket.destroy(error);
}

/**
 * The Fastify constructor options that give the framework's earliest errors the Strapi body
 * (app.ts spreads them into `Fastify({...})`): `frameworkErrors` for the router's refusals and
 * `clientErrorHandler` for Node's HTTP parser's. Neither can be set by a plugin.
 */
export const frameworkErrorOptions = { frameworkErrors, clientErrorHandler };

/** A zod validation failure as a 400 ValidationError listing each path. */
function validationBody(
  validation: { instancePath: string; message?: string | undefined }[],
): ErrorBody {
  const errors = validation.map((v) => ({
    path: v.instancePath.split("/").filter(Boolean),
    message: v.message,
  }));
  const message =
    errors.length === 1
      ? `${errors[0]?.path.join(".") || "request"}: ${errors[0]?.message}`
      : `${errors.length} errors occurred`;
  return body(400, "ValidationError", message, { errors });
}

/**
 * The error handler plugin: AppErrors answer their status, name, message and details (a 5xx one
 * with `details.requestId` added); zod validation failures a 400 ValidationError listing each
 * path; Fastify's own client errors their status with a plain sentence (`frameworkAnswer`);
 * anything else a logged 500 "Internal Server Error" with `details.requestId`, the id the reader
 * can quote and the operator finds in the logs. Unknown routes answer a 404 NotFoundError. Every
 * answer is `ErrorBody`; the id is also in the X-Request-Id header (plugins/request-id.ts).
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const details =
        error.status >= 500 ? { ...error.details, requestId: request.id } : error.details;
      return reply
        .status(error.status)
        .send(body(error.status, error.errorName, error.message, details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error.validation));
    }
    const answer = frameworkAnswer(error, request);
    return reply.status(answer.status).send(answer.body);
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
