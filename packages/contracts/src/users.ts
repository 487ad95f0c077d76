// The shapes of members, their uploads and their reactions (docs/product/data.md#entity-user,
// docs/product/api.md#api-users, docs/product/api.md#api-upload,
// docs/product/api.md#api-reactions).
import { z } from "zod";
import { ownUserSchema, publicUserSchema, usernameSchema } from "./auth.ts";

/** Largest id a client may name: PostgreSQL's `integer` range. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id as it appears in a path ("42"); anything else is a 400. */
export const idPathParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "must be a positive integer id")
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_ID));

/**
 * The name shown for a member who deleted their account: their row stays, anonymised, so their
 * comments keep an author (docs/product/data.md#entity-user).
 */
export const DELETED_MEMBER_NAME = "Deleted member";

/** The relations `GET /api/users/{id}` can populate (docs/product/api.md#api-users). */
export const userPopulateKeys = ["bookmarked", "profilePicture"] as const;
/** One of `userPopulateKeys`. */
export type UserPopulateKey = (typeof userPopulateKeys)[number];

/**
 * An article the member bookmarked, as the account page lists it
 * (docs/product/accounts.md#account).
 */
export const bookmarkedArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subTitle: z.string(),
  slug: z.string(),
  publishDate: z.string(),
  /** When the member bookmarked it (ISO 8601). */
  bookmarkedAt: z.string(),
});
/** A bookmarked article as the account page lists it (`bookmarkedArticleSchema`). */
export type BookmarkedArticle = z.infer<typeof bookmarkedArticleSchema>;

/** The member as they see themself, with their bookmarks when `populate=bookmarked` asked. */
export const ownUserViewSchema = ownUserSchema.extend({
  bookmarked: z.array(bookmarkedArticleSchema).optional(),
});
/**
 * `GET /api/users/{id}`: the owner's view (email, role, bookmarks) or anyone else's (public
 * fields only). The owner's shape is tried first so the serialiser does not strip it.
 */
export const userViewSchema = z.union([ownUserViewSchema, publicUserSchema]);
/** The member's view of themself (`ownUserViewSchema`). */
export type OwnUserView = z.infer<typeof ownUserViewSchema>;
/** The answer of `GET /api/users/{id}` (`userViewSchema`). */
export type UserView = z.infer<typeof userViewSchema>;

/**
 * `PUT /api/users/{id}`: exactly these fields, at least one. `profilePicture` is a media id from
 * `POST /api/upload` uploaded by this member, or null to remove the picture. No role, email or
 * password here (Strapi CVE-2023-39345: mass assignment).
 */
export const updateUserBodySchema = z
  .strictObject({
    username: usernameSchema.optional(),
    profilePicture: z.number().int().positive().max(MAX_ID).nullable().optional(),
  })
  .refine((b) => b.username !== undefined || b.profilePicture !== undefined, {
    message: "Nothing to update: send username or profilePicture",
  });
/** The body of `PUT /api/users/{id}` (`updateUserBodySchema`). */
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** One stored upload, Strapi's upload shape (`size` in kilobytes, as Strapi reports it). */
export const uploadedFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  mime: z.string(),
  ext: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Kilobytes, two decimals (Strapi v4). */
  size: z.number(),
});
/**
 * `POST /api/upload`: a bare array, read by the client at `data[0].id`
 * (docs/product/api.md#api-upload).
 */
export const uploadResponseSchema = z.array(uploadedFileSchema);
/** One stored upload (`uploadedFileSchema`). */
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

const CROP_FORMAT = "must be x,y,width,height in whole pixels, none negative";
/**
 * `POST /api/upload?crop=x,y,width,height` (docs/product/api.md#api-upload): the square to keep
 * of the image, in pixels of the upright image (EXIF orientation applied) as sent, before any
 * scaling. Four non-negative integers of at most 6 digits, width equal to height and at least 1;
 * anything else is a 400. Whether it lies inside the image is checked once the image is decoded.
 */
export const avatarCropParam = z
  .string()
  .regex(/^\d{1,6},\d{1,6},\d{1,6},\d{1,6}$/, CROP_FORMAT)
  .transform((value) => {
    const [x = 0, y = 0, width = 0, height = 0] = value.split(",").map(Number);
    return { x, y, width, height };
  })
  .refine((c) => c.width >= 1 && c.width === c.height, "must be a square of at least 1 pixel");
/** The query of `POST /api/upload`: an optional square crop (`avatarCropParam`). */
export const uploadQuerySchema = z.object({ crop: avatarCropParam.optional() });
/** A square crop of an uploaded image, in pixels of the upright image (`avatarCropParam`). */
export type AvatarCrop = z.output<typeof avatarCropParam>;

/**
 * `GET /api/articles/{id}/likesbookmarks` (docs/product/api.md#api-reactions). `likedBy` lists
 * every member who liked; bookmarks are private, so `bookmarkedBy` holds at most the asking
 * member's own id.
 */
export const likesBookmarksResponseSchema = z.object({
  likedBy: z.array(z.number().int()),
  bookmarkedBy: z.array(z.number().int()),
  likeCount: z.number().int(),
  bookmarkCount: z.number().int(),
});
/** The answer of `GET /api/articles/{id}/likesbookmarks`. */
export type LikesBookmarks = z.infer<typeof likesBookmarksResponseSchema>;

/** `POST /api/articles/toggle-like` and `/toggle-bookmark` (docs/product/api.md#api-reactions). */
export const toggleReactionBodySchema = z.strictObject({
  articleId: z.number().int().positive().max(MAX_ID),
});
/** `POST /api/articles/toggle-like`: whether the member now likes it, and the new count. */
export const toggleLikeResponseSchema = z.object({
  liked: z.boolean(),
  likeCount: z.number().int(),
});
/** `POST /api/articles/toggle-bookmark`: whether it is now bookmarked, and the new count. */
export const toggleBookmarkResponseSchema = z.object({
  bookmarked: z.boolean(),
  bookmarkCount: z.number().int(),
});
/** The answer of `POST /api/articles/toggle-like`. */
export type ToggleLikeResponse = z.infer<typeof toggleLikeResponseSchema>;
/** The answer of `POST /api/articles/toggle-bookmark`. */
export type ToggleBookmarkResponse = z.infer<typeof toggleBookmarkResponseSchema>;
