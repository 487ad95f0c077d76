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
 * The comments a walk read (repository `findTree`, `maxDepth` levels below its start), and which
 * of them readers see: a comment that is not deleted, or a deleted one with a surviving reply.
 * A deleted comment on the walk's last level is known only from `beyond` (repository
 * `findWithSurvivors` over `unknown()`).
 */
export class WalkedTree {
  private readonly rows = new Map<number, TreeRow>();
  private readonly kids = new Map<number, TreeRow[]>();
  private readonly memo = new Map<number, boolean>();
  private beyond = new Set<number>();
  private readonly maxDepth: number;

  constructor(rows: TreeRow[], maxDepth: number) {
    this.maxDepth = maxDepth;
    for (const row of rows) {
      const seen = this.rows.get(row.id);
      if (!seen || row.depth < seen.depth) this.rows.set(row.id, row);
    }
    for (const row of this.rows.values()) {
      if (row.parent_id === null || !this.rows.has(row.parent_id)) continue;
      const list = this.kids.get(row.parent_id) ?? [];
      list.push(row);
      this.kids.set(row.parent_id, list);
    }
    for (const list of this.kids.values()) list.sort(oldest);
  }

  /** Deleted comments on the walk's last level: whether they survive is not known from it. */
  unknown(): number[] {
    return [...this.rows.values()]
      .filter((r) => r.deleted_at !== null && r.depth === this.maxDepth)
      .map((r) => r.id);
  }

  /** Sets which of `unknown()` have a surviving reply. */
  settle(beyond: Set<number>): void {
    this.beyond = beyond;
  }

  /** The row of `id`, if the walk read it. */
  row(id: number): TreeRow | undefined {
    return this.rows.get(id);
  }

  /** Whether readers see `id` (its text, or its tombstone). */
  survives(id: number): boolean {
    const known = this.memo.get(id);
    if (known !== undefined) return known;
    const row = this.rows.get(id);
    let shown = false;
    if (row) {
      shown =
        row.deleted_at === null ||
        (row.depth === this.maxDepth
          ? this.beyond.has(id)
          : (this.kids.get(id) ?? []).some((kid) => this.survives(kid.id)));
    }
    this.memo.set(id, shown);
    return shown;
  }

  /** The replies readers see directly under `id`, oldest first. */
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
