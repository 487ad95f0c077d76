// What the comments service asks and tells other modules of, through interfaces it is given
// (services.ts wires them): bans and verified emails before a post, the record of a moderator's
// action, the notifications of a comment (docs/product/reader.md#notifications).
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
  /**
   * The members it mentions, stored with it (comment-mentions.ts `storeMentions`,
   * docs/product/reader.md#mentions), in the order they first appear.
   */
  mentioned: number[];
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

/**
 * Who may no longer comment: the studio's bans (docs/product/studio.md#studio-moderation), asked
 * before every post.
 */
export interface CommentingBans {
  /** The member's ban with the reason they are shown, or null when they may comment. */
  findCommentingBan(userId: number): Promise<{ reason: string } | null>;
}

/**
 * Whose email is verified: commenting needs a proven address
 * (docs/product/accounts.md#account-security), asked before every post.
 */
export interface CommentingEmails {
  /** True when the member proved they own their current email. */
  isEmailVerified(userId: number): Promise<boolean>;
}

/** A moderator's action on a comment (docs/product/studio.md#studio-moderation). */
export type ModerationAction = "hide" | "unhide" | "delete";

/**
 * What goes with a moderator's action on a comment (docs/product/studio.md#studio-moderation):
 * the studio's, wired in services.ts like the bans. The comments service calls `record` inside
 * the transaction of the hide, unhide or delete, so the action and its record are written
 * together or not at all (OWASP ASVS 7.1: no action without its audit entry).
 */
export interface ModerationRecord {
  /**
   * Writes, with `trx` (the action's transaction), the audit entry of `action` on the comment
   * by `actorId` at `at` (ISO 8601, the action's own time), and answers the comment's open
   * reports for a hide ("hidden") or a delete ("deleted"). Rejects when a write fails, which
   * rolls the action back.
   */
  record(
    trx: Kysely<Database>,
    entry: { actorId: number; commentId: number; action: ModerationAction; at: string },
  ): Promise<void>;
}
