// Strapi-style query strings (`pagination[page]=1`) validated strictly: unknown keys are a 400.
import { z } from "zod";

/**
 * Builds a query-string schema from named keys. Keys not listed are refused
 * (docs/product.md#validation-api), except those starting with one of `ignoredPrefixes` (e.g.
 * Strapi's `populate`, whose forms vary and whose effect we always apply), which must still be
 * plain strings.
 */
export function strictQuery<T extends z.ZodRawShape>(shape: T, ignoredPrefixes: string[] = []) {
  const known = new Set(Object.keys(shape));
  return z
    .object(shape)
    .catchall(z.union([z.string(), z.array(z.string())]))
    .superRefine((value, ctx) => {
      for (const key of Object.keys(value)) {
        if (known.has(key)) continue;
        if (ignoredPrefixes.some((p) => key === p || key.startsWith(`${p}[`))) continue;
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
