// Strapi-style query strings (`pagination[page]=1`) validated strictly: unknown keys are a 400.
import { z } from "zod";

/**
 * Builds a query-string schema from named keys, flat (`pagination[page]` as Fastify parses it) or
 * nested (`pagination` as qs parses it, http/strapi-query.ts). Keys not listed are refused with
 * "Invalid parameter {key}" (docs/product/data.md#validation-api).
 */
export function strictQuery<T extends z.ZodRawShape>(shape: T) {
  const known = new Set(Object.keys(shape));
  return z
    .object(shape)
    .catchall(z.unknown())
    .superRefine((value, ctx) => {
      for (const key of Object.keys(value)) {
        if (known.has(key)) continue;
        ctx.addIssue({ code: "custom", path: [key], message: `Invalid parameter ${key}` });
      }
    });
}

/** A comma-separated list of short names ("defi,layer-2"), at most 20 items. */
export const csvParam = z
  .string()
  .max(400)
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().max(80)).max(20));

/** A comma-separated list of positive integer ids, at most 1,000. */
export const idsParam = z
  .string()
  .max(12_000)
  .regex(/^\d{1,10}(,\d{1,10})*$/, "must be comma-separated ids")
  .transform((v) => v.split(",").map(Number))
  .pipe(z.array(z.number().int().positive().max(2_147_483_647)).max(1000));

/** "true" or "false" in a query string. */
export const boolParam = z.enum(["true", "false"]).transform((v) => v === "true");
