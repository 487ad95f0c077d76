// 409 for the studio: a save that lost to another one, or a change that would leave no admin.
import { AppError } from "../../errors.ts";

/**
 * The request conflicts with the stored state (RFC 9110 §15.5.10): the client re-reads and
 * decides. Named "ApplicationError" as the contracts' error names have no conflict of their own;
 * `details` says what the stored state is.
 */
export class ConflictError extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(409, "ApplicationError", message, details);
  }
}
