// AppError and subclasses; one handler (plugins/error-handler.ts) maps them to the Strapi error body.
import type { ErrorName } from "@pragmatist/contracts";

/** A failure a client can act on: carries its HTTP status, stable name and safe message. */
export class AppError extends Error {
  readonly status: number;
  readonly errorName: ErrorName;
  readonly details: Record<string, unknown>;
  constructor(
    status: number,
    errorName: ErrorName,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = status;
    this.errorName = errorName;
    this.details = details;
  }
}

/** 400: the request is malformed or breaks a rule; `details.errors` may name the fields. */
export class ValidationError extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(400, "ValidationError", message, details);
  }
}

/** 404: no such resource, or not one the caller may know of. */
export class NotFoundError extends AppError {
  constructor(message = "Not Found") {
    super(404, "NotFoundError", message);
  }
}

/** 401: no session, or one that is forged, expired or revoked. */
export class UnauthorizedError extends AppError {
  constructor(message = "Missing or invalid credentials") {
    super(401, "UnauthorizedError", message);
  }
}

/** 403: signed in, but not allowed to do this. */
export class ForbiddenError extends AppError {
  constructor(message = "Forbidden") {
    super(403, "ForbiddenError", message);
  }
}

/**
 * 409: the request conflicts with the stored state (RFC 9110 §15.5.10): a studio save that lost to
 * another one, or a role change that would leave no admin; the client re-reads and decides. Named
 * "ApplicationError" as the contracts' error names have no conflict of their own; `details` says
 * what the stored state is.
 */
export class ConflictError extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(409, "ApplicationError", message, details);
  }
}

/** 503: a source the answer depends on (live market data) cannot answer now; try again later. */
export class UnavailableError extends AppError {
  constructor(message: string) {
    super(503, "ApplicationError", message);
  }
}
