// Why a save failed, as the editor shows it: one sentence for the status line and, from a 400's
// `details.errors`, a message under each refused field.
import { ApiError } from "../../../lib/fetch-json";
import { messageOf } from "../studio-load";

/** A message per form field (title, slug, thumbnail …), for the fields the server refused. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * A failed save's message and, from a 400's `details.errors` (zod issues whose `path` starts at
 * the field, or at `data` then the field), the first message of each field. The message is the
 * first field's when there is one, else `messageOf(error)`.
 */
export function failureOf(error: unknown): { message: string; fields: FieldErrors } {
  const fields: FieldErrors = {};
  let message = messageOf(error);
  if (error instanceof ApiError && Array.isArray(error.details.errors)) {
    for (const e of error.details.errors as { path?: unknown[]; message?: string }[]) {
      const field = e.path?.[e.path[0] === "data" ? 1 : 0];
      if (typeof field === "string" && e.message) fields[field] ??= e.message;
    }
    const first = Object.values(fields)[0];
    if (first) message = first;
  }
  return { message, fields };
}

/** Whether a save lost to another one: the server answers 409 when the version moved on. */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
