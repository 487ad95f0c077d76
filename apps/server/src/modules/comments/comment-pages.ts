// A page of a comment thread as readers see it (docs/product/api.md#api-comment-pages): one level
// by cursor, the thread around one comment, each listed comment's replies folded (comment-fold.ts);
// the service's `findPage`.
import type { Comment, CommentPage, CommentPageQuery } from "@pragmatist/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import { type CommentCursor, decodeCursor, encodeCursor } from "./comment-cursor.ts";
import { fold, foldedComment, WalkedTree } from "./comment-fold.ts";
import * as pages from "./comment-pages.repository.ts";
import { toComment } from "./comment-thread.ts";
import * as repo from "./comments.repository.ts";

type Q = Kysely<Database>;

/** Reads the replies of `parents` into `tree`, and whether its deleted comments survive. */
async function expand(k: Q, tree: WalkedTree, parents: number[]) {
  tree.expand(parents, await pages.findTreeRows(k, parents, "replies"));
  tree.settle(await pages.findWithSurvivors(k, tree.unknown()));
}

/**
 * The comments `ids` with the replies a page of them sends (comment-fold.ts `fold`) and the
 * replies directly under those (their `replyCount`), read level by level: at most REPLY_DEPTH + 1
 * reads of replies, each of the comments sent only, so a page costs what it sends, not what its
 * threads hold. With `oneLevel`, the replies directly under `ids` only.
 */
async function walk(k: Q, ids: number[], oneLevel = false) {
  const tree = new WalkedTree(await pages.findTreeRows(k, ids, "ids"));
  tree.settle(await pages.findWithSurvivors(k, tree.unknown()));
  let parents = ids;
  while (parents.length > 0) {
    await expand(k, tree, parents);
    if (oneLevel) break;
    // The comments the page sends now and whose replies are not read yet: the next level.
    parents = fold(tree, ids).ids.filter((id) => !tree.isExpanded(id));
  }
  return tree;
}

/** The `listed` comments (read by `tree`) as a page sends them, their replies folded. */
async function sendFolded(k: Q, now: string, tree: WalkedTree, listed: number[]) {
  const folded = fold(tree, listed);
  const rows = new Map((await repo.findByIds(k, folded.ids, now)).map((r) => [r.id, r]));
  return listed.map((id) => foldedComment(id, tree, folded, rows));
}

/**
 * The thread around comment `id` of article `articleId`: its top-level comment holding only the
 * comments down to it (each with its `replyCount`), then it with its replies folded.
 * @throws NotFoundError when readers do not see it under this article.
 */
async function around(k: Q, now: string, articleId: number, id: number): Promise<CommentPage> {
  const path = await pages.findPath(k, id);
  if (path.length === 0 || path.some((p) => p.hidden_at !== null || p.article_id !== articleId)) {
    throw new NotFoundError("Comment not found");
  }
  const tree = await walk(k, [id]);
  if (!tree.survives(id)) throw new NotFoundError("Comment not found");
  const ancestors = path.slice(0, -1).map((p) => p.id);
  const above = await walk(k, ancestors, true);
  const rows = new Map((await repo.findByIds(k, ancestors, now)).map((r) => [r.id, r]));
  let [node] = (await sendFolded(k, now, tree, [id])) as [Comment];
  for (const ancestor of ancestors.reverse()) {
    node = {
      ...toComment(rows.get(ancestor) as repo.CommentRow, [node]),
      replyCount: above.shownReplies(ancestor).length,
      repliesCursor: null,
    };
  }
  return { data: [node], meta: { nextCursor: null } };
}

/**
 * A page of the article `slug`'s thread at the instant `now` (ISO 8601: which articles are
 * published): `query.limit` top-level comments in `query.sort` after `query.cursor`, or the
 * replies of `query.parent` (oldest first), or the thread around `query.around`. Each sent comment
 * carries its replies folded (comment-fold.ts) with `replyCount` and `repliesCursor`; hidden
 * comments vanish with their replies, tombstones stay while a reply survives, so a page may hold
 * fewer than `limit` comments while `meta.nextCursor` says more follow. @returns null for an
 * unknown, draft or future-dated article. @throws ValidationError for a cursor of another order or
 * parent, NotFoundError for a `parent` or `around` comment readers do not see under the article.
 */
export async function findPage(
  k: Q,
  now: string,
  slug: string,
  query: CommentPageQuery,
): Promise<CommentPage | null> {
  const articleId = await repo.findPublishedArticleId(k, slug, now);
  if (articleId === null) return null;
  const { parent, limit } = query;
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const kind = parent === undefined ? query.sort : "replies";
  if (
    query.cursor !== undefined &&
    (!cursor || cursor.kind !== kind || ("parent" in cursor && cursor.parent !== parent))
  ) {
    throw new ValidationError("Invalid cursor: use a meta.nextCursor of the same order, as sent");
  }
  if (query.around !== undefined) return around(k, now, articleId, query.around);
  if (parent !== undefined) {
    const state = await repo.findState(k, parent, now);
    if (!state || state.article_id !== articleId || state.hiddenForReaders) {
      throw new NotFoundError("Comment not found");
    }
  }
  const level = parent === undefined ? { articleId, sort: query.sort } : { parent };
  const candidates = await pages.findLevel(k, level, cursor, limit + 1);
  const rows = candidates.slice(0, limit);
  const tree = await walk(
    k,
    rows.map((r) => r.id),
  );
  const data = await sendFolded(
    k,
    now,
    tree,
    rows.filter((r) => tree.survives(r.id)).map((r) => r.id),
  );
  const last = rows.at(-1);
  const next: CommentCursor | null =
    candidates.length <= limit || !last
      ? null
      : parent === undefined
        ? { kind: query.sort, likes: last.likes, at: last.created_at, id: last.id }
        : { kind: "replies", parent, at: last.created_at, id: last.id };
  return { data, meta: { nextCursor: next && encodeCursor(next) } };
}
