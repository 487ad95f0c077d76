// What the studio's answers share: Strapi-style pagination meta, LIKE patterns, member refs.
import type { PaginationMeta } from "@pragmatist/contracts";

/** `{ page, pageSize, pageCount, total }` for page `page` (1-based) of `total` items. */
export function paginationMeta(page: number, pageSize: number, total: number): PaginationMeta {
  return { page, pageSize, pageCount: Math.ceil(total / pageSize), total };
}

/**
 * `{ id, username }` of a member read through a left join (an article's author, who saved a
 * revision, banned a member or acted), or null when the account is gone.
 */
export function memberRef(
  id: number | null,
  username: string | null,
): { id: number; username: string } | null {
  return id !== null && username !== null ? { id, username } : null;
}
