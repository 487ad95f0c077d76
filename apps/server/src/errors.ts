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

export class ValidationError extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(400, "ValidationError", message, details);
  }
}

export class NotFoundError extends AppError {
  constructor(message = "Not Found") {
    super(404, "NotFoundError", message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "Missing or invalid credentials") {
    super(401, "UnauthorizedError", message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = "Forbidden") {
    super(403, "ForbiddenError", message);
  }
}
