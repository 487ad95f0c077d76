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
