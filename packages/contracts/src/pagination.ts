// Strapi v4 pagination meta and the limits every list endpoint enforces (issue #2 "Bad input").
import { z } from "zod";

export const MAX_PAGE_SIZE = 100;
export const MAX_QUERY_LENGTH = 200;

export const paginationMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
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
