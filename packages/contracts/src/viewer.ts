// What is personal on a public page, read by the browser after hydration (GET /api/viewer): the
// signed-in reader and their standing on the article they read (docs/architecture.md#caching).
import { z } from "zod";
import { ownUserSchema } from "./auth.ts";

/** `GET /api/viewer?article={slug}`: the article is optional. */
export const viewerQuerySchema = z.strictObject({
  article: z.string().min(1).max(300).optional(),
});

/**
 * The reader's own marks on one article and its comments, with the article's like and bookmark
 * counts as they are now (a cached page may show them up to its cache time old).
 */
export const viewerArticleSchema = z.object({
  slug: z.string(),
  liked: z.boolean(),
  bookmarked: z.boolean(),
  likeCount: z.number().int().nonnegative(),
  bookmarkCount: z.number().int().nonnegative(),
  /** Ids of the article's comments and replies the reader likes. */
  likedComments: z.array(z.number().int()),
  /** Ids of the article's comments and replies the reader wrote (edit and delete are offered). */
  ownComments: z.array(z.number().int()),
});

/** The reader's own marks on one article (`viewerArticleSchema`). */
export type ViewerArticle = z.infer<typeof viewerArticleSchema>;

/**
 * The answer of GET /api/viewer (`private, no-store`): `user` null for a reader without a valid
 * session; `article` null when none was asked, the reader is signed out, or the slug is not a
 * published article; `subscribed` true when the member's account email gets the built-in
 * newsletter (confirmed on the one list, not suppressed), false otherwise and signed out
 * (docs/product/newsletter.md#newsletter); `unreadNotifications` how many lines of the member's
 * notifications are unread (docs/product/reader.md#notifications), 0 signed out.
 */
export const viewerStateSchema = z.object({
  data: z.object({
    user: ownUserSchema.nullable(),
    article: viewerArticleSchema.nullable(),
    subscribed: z.boolean(),
    unreadNotifications: z.number().int().nonnegative(),
  }),
});

/** The answer of GET /api/viewer (`viewerStateSchema`). */
export type ViewerState = z.infer<typeof viewerStateSchema>;
