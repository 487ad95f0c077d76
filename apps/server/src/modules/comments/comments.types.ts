// What the comments service tells other modules of, through interfaces it is given (services.ts
// wires them): the notifications of a comment (docs/product/reader.md#notifications).
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** A comment or reply just stored, as `CommentNotices.posted` hears of it. */
export interface PostedComment {
  id: number;
  articleId: number;
  /** The comment it answers; null for a top-level comment. */
  parentId: number | null;
  authorId: number;
  /** As written (Markdown). */
  content: string;
  /** ISO 8601, the comment's `created_at`. */
  at: string;
}

/**
 * Who is told of a comment (the notifications service's, docs/product/reader.md#notifications):
 * called with `trx`, the transaction of the post, hide, unhide or delete, so a comment and its
 * notifications are written, hidden or removed together. Rejects when a write fails, which rolls
 * the action back.
 */
export interface CommentNotices {
  /** Notifies the parent's author, the article's author and the members mentioned. */
  posted(trx: Kysely<Database>, comment: PostedComment): Promise<void>;
  /**
   * The comment and the replies under it were hidden (`hidden`, at `at`) or shown again to
   * readers (told only when no comment above it is still hidden): their notifications are hidden
   * from, or shown again to, their recipients, a reply hidden on its own staying hidden.
   */
  hidden(trx: Kysely<Database>, commentId: number, hidden: boolean, at: string): Promise<void>;
  /** The comment was deleted: its notifications are removed. */
  deleted(trx: Kysely<Database>, commentId: number): Promise<void>;
}
