// In-app notifications (docs/product/reader.md#notifications, docs/product/api.md#api-notifications):
// the signed-in member's list, grouped, and marking it read. Private to the member.
import { z } from "zod";
import { paginationMetaSchema, pageParam } from "./pagination.ts";
import { MAX_ID } from "./users.ts";

/** What a notification tells: a reply to one's comment, a mention, a new comment on one's article. */
export const notificationKinds = ["reply", "mention", "article_comment"] as const;
/** One of `notificationKinds`. */
export type NotificationKind = (typeof notificationKinds)[number];

/** How many lines a page of notifications holds. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** `GET /api/notifications?page=`: 1-based, 20 lines a page. */
export const notificationsQuerySchema = z.strictObject({ page: pageParam.default(1) });

/**
 * One line of the list: the notifications of one group (several replies to the same comment,
 * several new comments on one's article, or one mention), newest first. `ids` are every
 * notification the line stands for (mark them read together); `actor` is who acted last and
 * `others` how many other members did; `excerpt` the last comment's text as plain text, cut to
 * about 140 characters; `link` `/p/{slug}#comment-{id}` of that comment.
 */
export const notificationSchema = z.object({
  id: z.number().int(),
  attributes: z.object({
    kind: z.enum(notificationKinds),
    ids: z.array(z.number().int()),
    read: z.boolean(),
    actor: z.object({ username: z.string() }),
    others: z.number().int().nonnegative(),
    commentId: z.number().int(),
    excerpt: z.string(),
    article: z.object({ title: z.string(), slug: z.string() }),
    link: z.string(),
    createdAt: z.string(),
  }),
});
/** One line of the notifications list (`notificationSchema`). */
export type Notification = z.infer<typeof notificationSchema>;

/** The answer of `GET /api/notifications`: Strapi's list shape, plus the unread count. */
export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  meta: z.object({ pagination: paginationMetaSchema, unread: z.number().int().nonnegative() }),
});
/** The answer of `GET /api/notifications` (`notificationListSchema`). */
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * `POST /api/notifications/read`: these notifications (1 to 500 ids), all of them, or those of
 * one comment (the comment a link opened, `/p/{slug}#comment-{id}`).
 */
export const notificationsReadBodySchema = z.union([
  z.strictObject({ ids: z.array(z.number().int().positive().max(MAX_ID)).min(1).max(500) }),
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({ comment: z.number().int().positive().max(MAX_ID) }),
]);
/** The body of `POST /api/notifications/read` (`notificationsReadBodySchema`). */
export type NotificationsReadBody = z.infer<typeof notificationsReadBodySchema>;

/** The answer of `POST /api/notifications/read`: the member's unread lines now. */
export const notificationsReadSchema = z.object({
  data: z.object({ unread: z.number().int().nonnegative() }),
});
