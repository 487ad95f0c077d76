// Comments contract: threads under an article (spec §3 Comment, §7 Comments; issue #4).
import { z } from "zod";

/** Content after trimming: 1..5,000 characters (issue #4). */
export const COMMENT_MAX = 5000;
export const commentContentSchema = z
  .string()
  .trim()
  .min(1, "Write something before sending")
  .max(COMMENT_MAX, `A comment can be at most ${COMMENT_MAX} characters`);

/** The author as shown beside a comment; a deleted account shows as "Deleted member" with id null. */
export const commentAuthorSchema = z.object({
  id: z.number().int().nullable(),
  username: z.string(),
  profilePicture: z.object({ url: z.string() }).nullable(),
});

export interface Comment {
  id: number;
  /** The text as written (plain text; links are made clickable by the reader, nothing else). Empty when deleted. */
  content: string;
  createdAt: string;
  updatedAt: string;
  /** Edited after posting. */
  edited: boolean;
  /** Deleted by its author or an editor but kept because it has replies: "This comment was deleted". */
  deleted: boolean;
  likeCount: number;
  /** Whether the asking member likes it (false for anonymous readers). */
  likedByMe: boolean;
  /** Whether the asking member wrote it (so the UI offers edit and delete). */
  mine: boolean;
  author: z.infer<typeof commentAuthorSchema> | null;
  subcomments: Comment[];
}

export const commentSchema: z.ZodType<Comment> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    content: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    edited: z.boolean(),
    deleted: z.boolean(),
    likeCount: z.number().int(),
    likedByMe: z.boolean(),
    mine: z.boolean(),
    author: commentAuthorSchema.nullable(),
    subcomments: z.array(commentSchema),
  }),
);

export const commentSorts = ["best", "newest", "oldest"] as const;
export type CommentSort = (typeof commentSorts)[number];

/** GET /api/comment-manager/comments/{slug}?sort=best|newest|oldest: top-level comments with nested replies. */
export const commentListSchema = z.array(commentSchema);
/** POST bodies for a comment and a reply. */
export const commentBodySchema = z.strictObject({ content: commentContentSchema });
/** POST /api/comment-manager/comments/{id}/report. */
export const reportBodySchema = z.strictObject({ reason: z.string().trim().max(500).optional() });
