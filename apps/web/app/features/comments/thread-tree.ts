// Putting the pages of a thread together in the browser (docs/product/reader.md#comment-thread):
// the next page after the loaded ones, folded replies under their comment, the thread around a
// linked comment. No run-time imports: it ships in the server render and in the panel's chunk.
import type { Comment } from "@pragmatist/contracts";

/** Replies' order, oldest first (ties by id), as the server sends them. */
function oldest(a: Comment, b: Comment): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id;
}

/**
 * `incoming` laid over `existing` (the same comment): the newer fields, the replies of both once
 * each, oldest first, and the cursor of the replies still folded (`existing`'s when `incoming`
 * has none).
 */
function mergeComment(existing: Comment, incoming: Comment): Comment {
  const replies = new Map(existing.subcomments.map((c) => [c.id, c]));
  for (const reply of incoming.subcomments) {
    const seen = replies.get(reply.id);
    replies.set(reply.id, seen ? mergeComment(seen, reply) : reply);
  }
  return {
    ...existing,
    ...incoming,
    subcomments: [...replies.values()].sort(oldest),
    repliesCursor: incoming.repliesCursor ?? existing.repliesCursor ?? null,
  };
}

/**
 * `list` with `incoming` merged where the comment of its id is, at any depth, or put first when
 * the list does not hold it (the thread around a linked comment, from a later page). Immutable.
 */
export function graft(list: Comment[], incoming: Comment): Comment[] {
  let found = false;
  const walk = (comments: Comment[]): Comment[] =>
    comments.map((c) => {
      if (found) return c;
      if (c.id === incoming.id) {
        found = true;
        return mergeComment(c, incoming);
      }
      const subcomments = walk(c.subcomments);
      return found ? { ...c, subcomments } : c;
    });
  const merged = walk(list);
  return found ? merged : [incoming, ...list];
}

/**
 * `list` with the folded replies of comment `parent` read (`replies`, the page after its
 * `repliesCursor`) and `cursor`, where the still folded ones go on.
 */
export function graftReplies(
  list: Comment[],
  parent: Comment,
  replies: Comment[],
  cursor: string | null,
): Comment[] {
  return graft(list, { ...parent, subcomments: replies, repliesCursor: cursor });
}

/** `list` with the next page's top-level comments after it, none twice. */
export function appendPage(list: Comment[], page: Comment[]): Comment[] {
  const ids = new Set(list.map((c) => c.id));
  return [...list, ...page.filter((c) => !ids.has(c.id))];
}

/** Whether the comment `id` is in `list`, at any depth. */
export function holds(list: Comment[], id: number): boolean {
  return list.some((c) => c.id === id || holds(c.subcomments, id));
}

/** Replies readers see under `comment` that the page does not hold yet (folded). */
export function foldedReplies(comment: Comment): number {
  return Math.max(0, (comment.replyCount ?? 0) - comment.subcomments.length);
}
