// Comments contract: threads under an article (docs/product/data.md#entity-comment,
// docs/product/api.md#api-comments).
import { z } from "zod";
import { REPORT_NOTE_MAX, reportReasons } from "./report-reasons.ts";

/** Content after trimming: 1..5,000 characters (docs/product/data.md#validation-content). */
export const COMMENT_MAX = 5000;
/**
 * A comment's text as sent: trimmed, 1..COMMENT_MAX characters, with something visible in it (a
 * comment of zero-width or other invisible characters only says nothing).
 */
export const commentContentSchema = z
  .string()
  .trim()
  .min(1, "Write something before sending")
  .max(COMMENT_MAX, `A comment can be at most ${COMMENT_MAX} characters`)
  .regex(/[\p{L}\p{N}\p{P}\p{S}]/u, "Write something before sending");

/** The author as shown beside a comment; a deleted account shows as "Deleted member" with id null. */
export const commentAuthorSchema = z.object({
  id: z.number().int().nullable(),
  username: z.string(),
  profilePicture: z.object({ url: z.string() }).nullable(),
});

/**
 * A comment as every reader sees it, with its replies (`subcomments`) nested, oldest first. What
 * is the reader's own (their likes, their comments) comes from GET /api/viewer (viewer.ts).
 */
export interface Comment {
  id: number;
  /** The text as written, Markdown (what editing edits). Empty when deleted. */
  content: string;
  /**
   * `content` as the HTML readers see, rendered and sanitised by the server
   * (docs/product/reader.md#comment-text): safe to insert as it is. Empty when deleted.
   */
  contentHtml: string;
  createdAt: string;
  updatedAt: string;
  /** Edited after posting. */
  edited: boolean;
  /** Deleted by its author or an editor but kept because it has replies: "This comment was deleted". */
  deleted: boolean;
  likeCount: number;
  author: z.infer<typeof commentAuthorSchema> | null;
  subcomments: Comment[];
  /**
   * In a page of the thread only (`CommentPage`): how many replies readers see directly under
   * this comment, of which `subcomments` holds the first (oldest) ones; the rest are folded
   * ("Continue this thread", "N more replies").
   */
  replyCount?: number;
  /**
   * In a page of the thread only: the `cursor` of `?parent={id}` where the folded replies go on,
   * or null to read them from the first (none sent) or when none is folded.
   */
  repliesCursor?: string | null;
}

/** A comment with its nested replies (`Comment`), for OpenAPI and answers. */
export const commentSchema: z.ZodType<Comment> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    content: z.string(),
    contentHtml: z.string().meta({
      description:
        "The text as HTML: the Markdown subset of docs/product/reader.md#comment-text, rendered and sanitised by the server; empty when deleted",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
    edited: z.boolean(),
    deleted: z.boolean(),
    likeCount: z.number().int(),
    author: commentAuthorSchema.nullable(),
    subcomments: z.array(commentSchema),
    replyCount: z.number().int().optional().meta({
      description:
        "Paged answers only: replies readers see directly under this comment; `subcomments` holds the first of them",
    }),
    repliesCursor: z.string().nullable().optional().meta({
      description:
        "Paged answers only: the `cursor` for `?parent={id}` where the folded replies go on (null: from the first)",
    }),
  }),
);

/** The orders of a comment list: most liked, newest or oldest first. */
export const commentSorts = ["best", "newest", "oldest"] as const;
/** One of `commentSorts`. */
export type CommentSort = (typeof commentSorts)[number];

/** GET /api/comment-manager/comments/{slug}?sort=best|newest|oldest: top-level comments with nested replies. */
export const commentListSchema = z.array(commentSchema);
/** Top-level comments (or replies) in one page of a paged thread, at most; 20 by default. */
export const COMMENT_PAGE_MAX = 50;
/** Top-level comments a page holds when `limit` is not given. */
export const COMMENT_PAGE_DEFAULT = 20;

/**
 * GET /api/comment-manager/comments/{slug} with `limit`, `cursor`, `parent` or `around`
 * (docs/product/api.md#api-comments): one page of comments, their replies folded
 * (`Comment.replyCount`), and where the next page starts (`meta.nextCursor`, null at the end).
 */
export const commentPageSchema = z.object({
  data: z.array(commentSchema),
  meta: z.object({
    nextCursor: z.string().nullable().meta({
      description: "The `cursor` of the next page, or null when this page is the last",
    }),
  }),
});
/** One page of a thread (`commentPageSchema`). */
export type CommentPage = z.infer<typeof commentPageSchema>;
/** What a page of a thread is asked for: the order, its size, where it starts, whose replies. */
export interface CommentPageQuery {
  sort: CommentSort;
  limit: number;
  /** From `meta.nextCursor` or `Comment.repliesCursor`, as sent (opaque). */
  cursor?: string;
  /** The replies of this comment, oldest first, instead of the top-level comments. */
  parent?: number;
  /** The thread around this comment: its ancestors, it, and its replies folded. */
  around?: number;
}

/** POST bodies for a comment and a reply, and of a preview. */
export const commentBodySchema = z.strictObject({ content: commentContentSchema });
/**
 * POST /api/comment-manager/preview's body: the text and, optionally, the slug of the article it
 * is written under, so its mentions show as links as they will there (docs/product/reader.md#mentions).
 */
export const commentPreviewBodySchema = z.strictObject({
  content: commentContentSchema,
  article: z.string().min(1).max(300).optional(),
});
/** POST /api/comment-manager/preview: the text as a comment would show it (`Comment.contentHtml`). */
export const commentPreviewSchema = z.object({ contentHtml: z.string() });
/**
 * POST /api/comment-manager/comments/{id}/report: `reason`, one of `reportReasons`, and with
 * "other" an optional `note` (trimmed, at most REPORT_NOTE_MAX characters; empty is none).
 */
export const reportBodySchema = z
  .strictObject({
    reason: z.enum(reportReasons, {
      error: "Choose a reason: spam, harassment, off-topic or other",
    }),
    note: z
      .string()
      .trim()
      .max(REPORT_NOTE_MAX, `A note can be at most ${REPORT_NOTE_MAX} characters`)
      .optional(),
  })
  .refine((body) => !body.note || body.reason === "other", {
    path: ["note"],
    message: "A note goes with the reason other",
  });
/** A report as sent (`reportBodySchema`). */
export type ReportBody = z.infer<typeof reportBodySchema>;

/** The most members GET comments/{slug}/mentions suggests at once. */
export const MENTION_SUGGESTIONS_MAX = 8;
/**
 * A member the composer suggests after `@` (docs/product/reader.md#mentions): their id, their name
 * as shown and their picture's address (null: none). Nothing else about them.
 */
export const mentionSuggestionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
});
/** A suggested member (`mentionSuggestionSchema`). */
export type MentionSuggestion = z.infer<typeof mentionSuggestionSchema>;
/** GET /api/comment-manager/comments/{slug}/mentions: at most MENTION_SUGGESTIONS_MAX members. */
export const mentionSuggestionListSchema = z.object({ data: z.array(mentionSuggestionSchema) });
