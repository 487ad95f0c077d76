// What one comment asks of the comments panel (docs/product/reader.md#comment-actions),
// the name it shows for its author, and the look of its small action buttons (Like, Reply, Edit,
// Delete, …).
import type { Comment } from "@pragmatist/contracts";
import type { CommentMarks } from "./use-comment-marks.ts";

/** What a comment asks of the panel. */
export interface CommentActions {
  /** The article the comments are under (whom its boxes suggest after `@`). */
  slug: string;
  /** Who reads, and which comments they wrote and like. */
  marks: CommentMarks;
  loginUrl: string;
  onReply: (comment: Comment) => void;
  /** Read the list again after an edit or a delete, keeping the comment `keep` in it if given. */
  onChanged: (keep?: number) => Promise<void>;
  /** Read the replies folded under the comment; rejects when they cannot be read. */
  onShowReplies: (comment: Comment) => Promise<void>;
  /** A call was refused: 401 sends the reader to sign in; others show the sentence. */
  onFailed: (error: unknown) => string;
}

/** The name a comment shows for its author: "Deleted member" once the account is gone. */
export function authorName(comment: Comment): string {
  return comment.author?.username ?? "Deleted member";
}

/** Class names of a comment's action buttons: small, muted, with a hover and a focus ring. */
export const actionClass =
  "inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-muted transition-colors hover:bg-line/60 hover:text-ink focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50";
