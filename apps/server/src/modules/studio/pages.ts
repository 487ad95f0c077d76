// Strapi-style pagination meta for the studio's lists.
import type { PaginationMeta } from "@pragmatist/contracts";

/** `{ page, pageSize, pageCount, total }` for page `page` (1-based) of `total` items. */
export function paginationMeta(page: number, pageSize: number, total: number): PaginationMeta {
  return { page, pageSize, pageCount: Math.ceil(total / pageSize), total };
}

/** `%` and `_` escaped for a LIKE pattern with `escape '\'`, lower-cased, wrapped in `%…%`. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
