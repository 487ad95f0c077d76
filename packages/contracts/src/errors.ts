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
export type ErrorName = (typeof errorNames)[number];

export const errorBodySchema = z.object({
  data: z.null(),
  error: z.object({
    status: z.number().int(),
    name: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()),
  }),
});
/** The body every 4xx/5xx carries (Strapi v4 convention, DESIGN.md "Wire contract"). */
export type ErrorBody = z.infer<typeof errorBodySchema>;
