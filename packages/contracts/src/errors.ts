// Strapi v4 error body shared by server and web: { data: null, error: { status, name, message, details } }.
import { z } from "zod";

/** Stable error names; the web client branches on these, never on messages. */
export const errorNames = [
  "ValidationError",
  "UnauthorizedError",
  "ForbiddenError",
  "NotFoundError",
  "RateLimitError",
  "PayloadTooLargeError",
  "ApplicationError",
] as const;
/** One of `errorNames`. */
export type ErrorName = (typeof errorNames)[number];

/** The error body (`ErrorBody`) for OpenAPI and for the web's checks of an answer. */
export const errorBodySchema = z.object({
  data: z.null(),
  error: z.object({
    status: z.number().int(),
    name: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()),
  }),
});
/** The body every 4xx/5xx carries (Strapi v4 convention, docs/architecture.md#conventions). */
export type ErrorBody = z.infer<typeof errorBodySchema>;
