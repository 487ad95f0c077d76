// How a thread looks to a reader (docs/product/reader.md#comment-thread,
// docs/product/data.md#entity-comment): replies nested to any depth, hidden subtrees left
// out, tombstones only while a reply survives; and, by the same rules, which of its comments a
// reader wrote and likes (GET /api/viewer).
import { type Comment, type CommentSort, DELETED_MEMBER_NAME } from "@pragmatist/contracts";
import { renderCommentHtml } from "../../text/comment-markdown.ts";
import type { CommentRow, ReaderMarkRow } from "./comments.repository.ts";

/** A comment row with its replies, while the thread is being built. */
interface Node {
  row: CommentRow;
  children: Node[];
}

/**
 * The order of `sort`: "best" (most liked, then newest), "newest" or "oldest"; comments posted in
 * the same instant are ordered by id, in the order's direction.
 */
function compare(sort: CommentSort) {
  const oldest = (a: Node, b: Node) =>
    a.row.created_at < b.row.created_at
      ? -1
      : a.row.created_at > b.row.created_at
        ? 1
        : a.row.id - b.row.id;
  if (sort === "oldest") return oldest;
  if (sort === "newest") return (a: Node, b: Node) => oldest(b, a);
  return (a: Node, b: Node) => b.row.like_count - a.row.like_count || oldest(b, a);
}

/**
 * A row as every reader sees it, with its built `subcomments` and its text rendered
 * (`contentHtml`, text/comment-markdown.ts, its mentions linked as `row.mentions` says): a
 * deleted comment is an empty, author-less tombstone; a deleted account's comment is by "Deleted
 * member". The reader's own
 * marks are not here (GET /api/viewer: a thread is the same for everyone, so caches may keep it).
 */
export function toComment(row: CommentRow, subcomments: Comment[]): Comment {
  if (row.deleted_at !== null) {
    return {
      id: row.id,
      content: "",
      contentHtml: "",
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      edited: false,
      deleted: true,
      likeCount: 0,
      author: null,
      subcomments,
    };
  }
  const gone = row.author_id === null || row.author_deleted_at !== null;
  return {
    id: row.id,
    content: row.content,
    contentHtml: renderCommentHtml(row.content, row.mentions),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    edited: row.edited_at !== null,
    deleted: false,
    likeCount: row.like_count,
    author: gone
      ? { id: null, username: DELETED_MEMBER_NAME, profilePicture: null }
      : {
          id: row.author_id,
          username: row.author_username ?? DELETED_MEMBER_NAME,
          profilePicture: row.author_avatar_url ? { url: row.author_avatar_url } : null,
        },
    subcomments,
  };
}

/**
 * Builds what readers see from all of an article's rows: iterative (no recursion limit on deep
 * threads), children before parents so a deleted comment knows whether any reply survived.
 */
export function buildThread(rows: CommentRow[], sort: CommentSort): Comment[] {
  const nodes = new Map<number, Node>();
  for (const row of rows) nodes.set(row.id, { row, children: [] });
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.row.parent_id === null ? undefined : nodes.get(node.row.parent_id);
    if (node.row.parent_id === null) roots.push(node);
    else parent?.children.push(node);
  }
  // Pre-order walk skipping hidden subtrees; processed in reverse, every child precedes its parent.
  const order: Node[] = [];
  const stack = roots.filter((n) => n.row.hidden_at === null);
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    order.push(node);
    for (const child of node.children) if (child.row.hidden_at === null) stack.push(child);
  }
  const byOldest = compare("oldest");
  const built = new Map<number, Comment>();
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i] as Node;
    const subcomments: Comment[] = [];
    for (const child of [...node.children].sort(byOldest)) {
      const c = built.get(child.row.id);
      if (c) subcomments.push(c);
    }
    if (node.row.deleted_at !== null && subcomments.length === 0) continue;
    built.set(node.row.id, toComment(node.row, subcomments));
  }
  return roots
    .sort(compare(sort))
    .map((n) => built.get(n.row.id))
    .filter((c): c is Comment => c !== undefined);
}

/**
 * Whether readers see the comment of `id` among `rows` (one article's): neither it nor any comment
 * above it is hidden. Walks up, remembering every answer, so all of an article's comments cost
 * one visit each.
 */
function shownAmong(rows: ReaderMarkRow[]): (id: number) => boolean {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const known = new Map<number, boolean>();
  return (id) => {
    const path: number[] = [];
    let shown = true;
    let row = byId.get(id);
    while (row) {
      const answer = known.get(row.id);
      if (answer !== undefined) {
        shown = answer;
        break;
      }
      path.push(row.id);
      if (row.hidden_at !== null) {
        shown = false;
        break;
      }
      row = row.parent_id === null ? undefined : byId.get(row.parent_id);
    }
    for (const seen of path) known.set(seen, shown);
    return shown;
  };
}

/**
 * The ids of the comments among `rows` (one article's, in id order) that `userId` likes and wrote,
 * among those the thread shows with their text: a deleted comment is a tombstone (nobody's,
 * liked by nobody), a hidden one vanishes with its replies, as in `buildThread`.
 */
export function readerMarks(
  rows: ReaderMarkRow[],
  userId: number,
): { likedComments: number[]; ownComments: number[] } {
  const shown = shownAmong(rows);
  const likedComments: number[] = [];
  const ownComments: number[] = [];
  for (const row of rows) {
    const own = row.author_id === userId;
    const liked = row.liker !== null;
    if (row.deleted_at !== null || !(own || liked) || !shown(row.id)) continue;
    if (liked) likedComments.push(row.id);
    if (own) ownComments.push(row.id);
  }
  return { likedComments, ownComments };
}
