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
  }),
);

/** The orders of a comment list: most liked, newest or oldest first. */
export const commentSorts = ["best", "newest", "oldest"] as const;
/** One of `commentSorts`. */
export type CommentSort = (typeof commentSorts)[number];

/** GET /api/comment-manager/comments/{slug}?sort=best|newest|oldest: top-level comments with nested replies. */
export const commentListSchema = z.array(commentSchema);
/** POST bodies for a comment and a reply, and of a preview. */
export const commentBodySchema = z.strictObject({ content: commentContentSchema });
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
