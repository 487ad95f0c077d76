// Strapi v4 pagination meta and the limits every list endpoint enforces
// (docs/product.md#validation-api).
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

/** A positive page number as sent in a query string ("1".."1000000"). */
export const pageParam = z.coerce.number().int().min(1).max(1_000_000);
/** A page size as sent in a query string, 1..100. */
export const pageSizeParam = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);
/** A user search query: trimmed, at most 200 characters. */
export const searchQueryParam = z.string().trim().max(MAX_QUERY_LENGTH);

/**
 * Strapi v4's `meta.pagination` for page `page` (1-based) of `pageSize` items out of `total`:
 * `{ page, pageSize, pageCount, total }`, `pageCount` rounded up (0 when there is nothing).
 */
export function paginationMeta(page: number, pageSize: number, total: number): PaginationMeta {
  return { page, pageSize, pageCount: Math.ceil(total / pageSize), total };
}
