// How a page of a thread folds (docs/product/reader.md#comment-thread): each listed comment with
// its replies down to REPLY_DEPTH levels, the first REPLIES_SHOWN of each comment's, REPLY_BUDGET
// in all, the rest counted (`replyCount`) and reachable by cursor (`repliesCursor`); tombstones only
// while a reply survives, as in comment-thread.ts `buildThread`.
import type { Comment } from "@pragmatist/contracts";
import { encodeCursor } from "./comment-cursor.ts";
import { toComment } from "./comment-thread.ts";
import type { TreeRow } from "./comment-pages.repository.ts";
import type { CommentRow } from "./comments.repository.ts";

/** Levels of replies a page sends below each of its comments; deeper ones fold. */
export const REPLY_DEPTH = 4;
/** Replies a page sends under one comment, oldest first; the rest fold ("N more replies"). */
export const REPLIES_SHOWN = 10;
/** Replies one page sends in all, the shallowest first. */
export const REPLY_BUDGET = 200;

/** Oldest first: the order of replies (ties by id). */
function oldest(a: TreeRow, b: TreeRow): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id;
}

/**
 * The comments a page read (its listed comments, then level by level the replies of those it
 * sends), and which of them readers see: a comment that is not deleted, or a deleted one with a
 * surviving reply, known from its replies when they were read (`expand`), else from `settle`
 * (repository `findWithSurvivors` over `unknown()`).
 */
export class WalkedTree {
  private readonly rows = new Map<number, TreeRow>();
  private readonly kids = new Map<number, TreeRow[]>();
  private readonly expanded = new Set<number>();
  private readonly beyond = new Set<number>();
  private readonly memo = new Map<number, boolean>();

  constructor(rows: TreeRow[]) {
    for (const row of rows) this.rows.set(row.id, row);
  }

  /** Adds `replies`, every reply readers may see under the comments `parents`. */
  expand(parents: number[], replies: TreeRow[]): void {
    for (const id of parents) {
      this.expanded.add(id);
      this.kids.set(id, []);
    }
    for (const row of replies) {
      this.rows.set(row.id, row);
      this.kids.get(row.parent_id as number)?.push(row);
    }
    for (const id of parents) this.kids.get(id)?.sort(oldest);
    this.memo.clear();
  }

  /** Deleted comments whose replies were not read: whether they survive is not known here. */
  unknown(): number[] {
    return [...this.rows.values()]
      .filter((r) => r.deleted_at !== null && !this.expanded.has(r.id) && !this.beyond.has(r.id))
      .map((r) => r.id);
  }

  /** Adds which of `unknown()` have a surviving reply. */
  settle(survivors: Set<number>): void {
    for (const id of survivors) this.beyond.add(id);
    this.memo.clear();
  }

  /** Whether the replies of `id` were read. */
  isExpanded(id: number): boolean {
    return this.expanded.has(id);
  }

  /** Whether readers see `id` (its text, or its tombstone). */
  survives(id: number): boolean {
    const known = this.memo.get(id);
    if (known !== undefined) return known;
    const row = this.rows.get(id);
    const shown =
      !!row &&
      (row.deleted_at === null ||
        (this.expanded.has(id)
          ? (this.kids.get(id) ?? []).some((kid) => this.survives(kid.id))
          : this.beyond.has(id)));
    this.memo.set(id, shown);
    return shown;
  }

  /** The replies readers see directly under `id`, oldest first (none when not read). */
  shownReplies(id: number): TreeRow[] {
    return (this.kids.get(id) ?? []).filter((kid) => this.survives(kid.id));
  }
}

/** Which comments a page sends: each sent comment's sent replies, oldest first. */
export interface Fold {
  /** Every comment the page sends (the listed ones and their sent replies). */
  ids: number[];
  replies: Map<number, TreeRow[]>;
}

/**
 * Folds the `listed` comments' replies: breadth first, so a page's shallow replies are sent
 * before deep ones, REPLIES_SHOWN under a comment, REPLY_DEPTH levels, REPLY_BUDGET in all.
 */
export function fold(tree: WalkedTree, listed: number[]): Fold {
  const replies = new Map<number, TreeRow[]>();
  const queue = listed.map((id) => ({ id, depth: 0 }));
  let budget = REPLY_BUDGET;
  for (let i = 0; i < queue.length; i++) {
    const { id, depth } = queue[i] as { id: number; depth: number };
    if (depth >= REPLY_DEPTH || budget === 0) continue;
    const sent = tree.shownReplies(id).slice(0, Math.min(REPLIES_SHOWN, budget));
    budget -= sent.length;
    replies.set(id, sent);
    for (const reply of sent) queue.push({ id: reply.id, depth: depth + 1 });
  }
  return { ids: queue.map((q) => q.id), replies };
}

/**
 * The comment `id` as a page sends it (`rows`: the fold's comments read in full), its sent
 * replies nested, with `replyCount` and, when some of them fold after sent ones, `repliesCursor`.
 */
export function foldedComment(
  id: number,
  tree: WalkedTree,
  folded: Fold,
  rows: Map<number, CommentRow>,
): Comment {
  const sent = folded.replies.get(id) ?? [];
  const replyCount = tree.shownReplies(id).length;
  const last = sent.at(-1);
  return {
    ...toComment(
      rows.get(id) as CommentRow,
      sent.map((reply) => foldedComment(reply.id, tree, folded, rows)),
    ),
    replyCount,
    repliesCursor:
      last && sent.length < replyCount
        ? encodeCursor({ kind: "replies", parent: id, at: last.created_at, id: last.id })
        : null,
  };
}
