// The rules a new or changed display name meets beyond its shape (contracts `usernameSchema`):
// nobody takes a name kept for the publication, or one that reads like a live member's
// (docs/product/messages.md#messages-accounts).
import { isUniqueViolation } from "../../db/constraints.ts";
import { ValidationError } from "../../errors.ts";
import { isReservedName } from "../../text/display-names.ts";

/** The 400 for a name another live member's reads like (`users.username_key`). */
export const nameTaken = () =>
  new ValidationError("This name is taken: choose another", {
    errors: [{ path: ["username"], message: "This name is taken" }],
  });

/**
 * Refuses a name a reader would take for the publication's (text/display-names.ts
 * `isReservedName`: its staff roles, support, Max, or `siteName`).
 * @throws ValidationError "This name is reserved" (path `username`).
 */
export function assertNameNotReserved(name: string, siteName: string): void {
  if (isReservedName(name, siteName)) {
    throw new ValidationError("This name is reserved", {
      errors: [{ path: ["username"], message: "This name is reserved" }],
    });
  }
}

/**
 * Runs `write` (an insert or update of a username) and turns the unique violation of a name that
 * reads like another's into `nameTaken`; other failures pass through.
 */
export async function withNameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}
