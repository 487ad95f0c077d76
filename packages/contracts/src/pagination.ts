// Strapi v4 pagination meta and the limits every list endpoint enforces
// (docs/product/data.md#validation-api).
import { z } from "zod";

/** The largest page any list answers: 100 items. */
export const MAX_PAGE_SIZE = 100;
/** The longest search text a list or search accepts: 200 characters. */
export const MAX_QUERY_LENGTH = 200;

/** Strapi v4's `meta.pagination`: page (1-based), page size, page count and total items. */
export const paginationMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
/** Strapi v4's `meta.pagination` (`paginationMetaSchema`). */
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

/**
 * Strapi v4's `meta.pagination` in all its forms: by page (`paginationMetaSchema`), by offset
 * (`pagination[start]`/`[limit]`: `{ start, limit, total }`), and either without the count when
 * asked `pagination[withCount]=false` (`{ page, pageSize }`, `{ start, limit }`).
 */
export const strapiPaginationMetaSchema = z.union([
  paginationMetaSchema,
  z.object({ start: z.number().int(), limit: z.number().int(), total: z.number().int() }),
  paginationMetaSchema.pick({ page: true, pageSize: true }),
  z.object({ start: z.number().int(), limit: z.number().int() }),
]);
/** Strapi v4's `meta.pagination` in any form (`strapiPaginationMetaSchema`). */
export type StrapiPaginationMeta = z.infer<typeof strapiPaginationMetaSchema>;

/** A positive page number as sent in a query string ("1".."1000000"). */
export const pageParam = z.coerce.number().int().min(1).max(1_000_000);
/**
 * A page size as sent in a query string, clamped to `max` as Strapi v4 clamps
 * `pagination[pageSize]` to `api.rest.maxLimit` (core-api pagination service, `applyMaxLimit`):
 * any whole number from 1 up is accepted, one above `max` gives pages of `max` items, and lists
 * report the size used in `meta.pagination.pageSize` (docs/product/api.md#api-conventions).
 * Anything else (0, negative, fractional, not a number, empty) fails validation, a 400.
 * The whole-number check is a refinement, not `.int()`, so that sizes past 2^53 are clamped too;
 * the OpenAPI document is told `integer` through the metadata. The clamp is an `overwrite`, so the
 * schema keeps its `default` in the document.
 * @param max the largest page, e.g. `MAX_PAGE_SIZE`.
 */
export function clampedPageSizeParam(max: number) {
  return z.coerce
    .number()
    .min(1)
    .refine(Number.isInteger, { message: "Invalid input: expected int, received number" })
    .overwrite((size) => Math.min(size, max))
    .meta({
      type: "integer",
      description: `Items per page: a whole number from 1; above ${max}, ${max}`,
    });
}
/** A page size as sent in a query string: 1 and up, clamped to 100 (`clampedPageSizeParam`). */
export const pageSizeParam = clampedPageSizeParam(MAX_PAGE_SIZE);
/** A user search query: trimmed, at most 200 characters. */
export const searchQueryParam = z.string().trim().max(MAX_QUERY_LENGTH);

/**
 * Strapi v4's `meta.pagination` for page `page` (1-based) of `pageSize` items out of `total`:
 * `{ page, pageSize, pageCount, total }`, `pageCount` rounded up (0 when there is nothing).
 */
export function paginationMeta(page: number, pageSize: number, total: number): PaginationMeta {
  return { page, pageSize, pageCount: Math.ceil(total / pageSize), total };
}
