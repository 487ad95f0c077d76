// The comment manager's reads as the panel makes them (docs/product/api.md#api-comments), for tests
// that stand in for fetch: a page of the thread, or its count.
import type { Comment } from "@pragmatist/contracts";

/** Comments and replies a reader reads in `list` (tombstones not counted), as GET …/count says. */
function visible(list: Comment[]): number {
  return list.reduce((n, c) => n + (c.deleted ? 0 : 1) + visible(c.subcomments), 0);
}

/**
 * The answer to GET `url` over the thread `list`: `{ count }` for …/count, else one page holding
 * every comment of `list` (no further page).
 */
export function threadAnswer(url: string, list: Comment[]): Response {
  if (new URL(url, "http://localhost").pathname.endsWith("/count")) {
    return Response.json({ count: visible(list) });
  }
  return Response.json({ data: list, meta: { nextCursor: null } });
}
