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

/**
 * How a kind of notification is mailed (docs/product/accounts.md#notification-emails): not at all,
 * at once (within a few minutes, every waiting notification of the member in one mail) or in a
 * daily digest.
 */
export const notificationEmailModes = ["off", "instant", "daily"] as const;
/** One of `notificationEmailModes`. */
export type NotificationEmailMode = (typeof notificationEmailModes)[number];

/** A member's choice for each kind of notification. */
export type NotificationEmails = Record<NotificationKind, NotificationEmailMode>;

/** What a member who never chose gets: replies and mentions at once, nothing else. */
export const NOTIFICATION_EMAIL_DEFAULTS: Readonly<NotificationEmails> = Object.freeze({
  reply: "instant",
  mention: "instant",
  article_comment: "off",
});

const mode = z.enum(notificationEmailModes);

/** The answer of GET and PUT `/api/notifications/emails`: the member's choice for each kind. */
export const notificationEmailsSchema = z.object({
  data: z.object({ reply: mode, mention: mode, article_comment: mode }),
});

/** `PUT /api/notifications/emails`: the kinds to change (at least one), each to a mode. */
export const notificationEmailsBodySchema = z.strictObject({
  data: z
    .strictObject({
      reply: mode.optional(),
      mention: mode.optional(),
      article_comment: mode.optional(),
    })
    .refine((d) => Object.keys(d).length > 0, { message: "Name at least one kind" }),
});
/** The body of `PUT /api/notifications/emails` (`notificationEmailsBodySchema`). */
export type NotificationEmailsBody = z.infer<typeof notificationEmailsBodySchema>;

/**
 * `/api/notifications/unsubscribe?kinds=&token=`: the mailed one-click link (RFC 8058) that stops
 * the kinds of notification email its mail was about (`kinds`: comma-separated, e.g.
 * `reply,mention`); the token is checked by the server, so any string up to 200 characters passes.
 */
export const notificationUnsubscribeQuerySchema = z.strictObject({
  kinds: z
    .string()
    .max(60)
    .transform((v) => v.split(","))
    .pipe(z.array(z.enum(notificationKinds)).min(1).max(notificationKinds.length)),
  token: z.string().max(200),
});
