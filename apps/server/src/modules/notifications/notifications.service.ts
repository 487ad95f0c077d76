// Rules of notifications (docs/product/reader.md#notifications): who hears of a comment, how the
// list groups them, and marking them read; only ever the signed-in member's own.
import {
  DELETED_MEMBER_NAME,
  type Notification,
  type NotificationList,
  type NotificationsReadBody,
  NOTIFICATIONS_PAGE_SIZE,
} from "@pragmatist/contracts";
import type { Kysely } from "kysely";
import type { Db } from "../../db/client.ts";
import type { Database } from "../../db/schema.ts";
import { NotFoundError } from "../../errors.ts";
import { markdownToPlainText } from "../../text/plain-text.ts";
import { truncateText } from "../../text/excerpts.ts";
import type { CommentNotices, PostedComment } from "../comments/comments.types.ts";
import * as repo from "./notifications.repository.ts";

/** The signed-in member's notifications. */
export interface NotificationsService {
  /**
   * Page `page` (1-based) of the member's lines, 20 a page, the line with the newest notification
   * first (contracts `notificationListSchema`), with their unread lines in `meta.unread`. Four
   * queries whatever the page holds.
   */
  list(userId: number, page: number): Promise<NotificationList>;
  /**
   * Marks read the member's notifications `body.ids`, or all of them (`body.all`), or those of
   * the comment `body.comment` (none when no notification of theirs names it: another's
   * notifications are never touched); ids already read stay as they were. @returns their unread
   * lines now.
   * @throws NotFoundError when any id is not one of the member's notifications (nothing marked).
   */
  markRead(userId: number, body: NotificationsReadBody): Promise<{ unread: number }>;
  /** How many of the member's lines are unread: one query, for GET /api/viewer. */
  unreadCount(userId: number): Promise<number>;
  /** What the comments service tells of each post, hide, unhide and delete (services.ts). */
  notices: CommentNotices;
}

/** The longest excerpt of a comment a line shows, in characters. */
const EXCERPT_LENGTH = 140;

/**
 * Who hears of `comment` and why (docs/product/reader.md#notifications): the parent's author of a
 * reply ("reply"), the article's author of a top-level comment ("article_comment"), the members
 * it mentions ("mention"); one row per member, the first reason in that order; never its author.
 */
async function posted(trx: Kysely<Database>, comment: PostedComment): Promise<void> {
  const { id, articleId, parentId, authorId, at } = comment;
  const audience = await repo.findAudience(trx, articleId, parentId);
  const reasons = new Map<number, repo.NewNotification>();
  const add = (
    recipientId: number | null,
    kind: repo.NewNotification["kind"],
    groupKey: string,
  ) => {
    if (recipientId === null || recipientId === authorId || reasons.has(recipientId)) return;
    reasons.set(recipientId, {
      recipientId,
      kind,
      commentId: id,
      actorId: authorId,
      parentId,
      articleId,
      groupKey,
      at,
    });
  };
  if (parentId !== null) add(audience.parentAuthorId, "reply", `reply:${parentId}`);
  else add(audience.articleAuthorId, "article_comment", `article:${articleId}`);
  for (const member of comment.mentioned) add(member, "mention", `mention:${id}`);
  await repo.insertMany(trx, [...reasons.values()]);
}

/** One line of the list from its group's rows, newest first (at least one). */
function toLine(rows: repo.NotificationRow[]): Notification {
  const latest = rows[0] as repo.NotificationRow;
  const actors = new Set(rows.map((r) => r.actor_id));
  const text = markdownToPlainText(latest.content).replace(/\s+/g, " ").trim();
  return {
    id: latest.id,
    attributes: {
      kind: latest.kind,
      ids: rows.map((r) => r.id),
      read: rows.every((r) => r.read_at !== null),
      actor: {
        username:
          latest.actor_deleted_at || latest.actor_username === null
            ? DELETED_MEMBER_NAME
            : latest.actor_username,
      },
      others: actors.size - 1,
      commentId: latest.comment_id,
      excerpt: truncateText(text, EXCERPT_LENGTH),
      article: { title: latest.title, slug: latest.slug },
      link: `/p/${latest.slug}#comment-${latest.comment_id}`,
      createdAt: latest.created_at,
    },
  };
}

/** `NotificationsService.list`. */
async function list(k: Kysely<Database>, userId: number, page: number): Promise<NotificationList> {
  const pageSize = NOTIFICATIONS_PAGE_SIZE;
  const [total, unread, groups] = await Promise.all([
    repo.countGroups(k, userId, false),
    repo.countGroups(k, userId, true),
    repo.findGroupPage(k, userId, pageSize, (page - 1) * pageSize),
  ]);
  const rows = await repo.findInGroups(k, userId, groups);
  const byGroup = Map.groupBy(rows, (r) => r.group_key);
  const data = groups.flatMap((g) => {
    const members = byGroup.get(g);
    return members ? [toLine(members)] : [];
  });
  const pageCount = Math.ceil(total / pageSize);
  return { data, meta: { pagination: { page, pageSize, pageCount, total }, unread } };
}

/**
 * Builds the notifications service; `now` dates what is marked read. Its `notices` are handed to
 * the comments service (services.ts).
 */
export function createNotificationsService(
  db: Db,
  deps: { now?: () => Date } = {},
): NotificationsService {
  const k = db.kysely;
  const now = () => (deps.now ?? (() => new Date()))().toISOString();
  return {
    list: (userId, page) => list(k, userId, page),
    async markRead(userId, body) {
      if ("ids" in body) {
        const ids = [...new Set(body.ids)];
        if ((await repo.countOwn(k, userId, ids)) !== ids.length) {
          throw new NotFoundError("Notification not found");
        }
        await repo.markRead(k, userId, ids, now());
      } else {
        await repo.markRead(k, userId, "all" in body ? "all" : { comment: body.comment }, now());
      }
      return { unread: await repo.countGroups(k, userId, true) };
    },
    unreadCount: (userId) => repo.countGroups(k, userId, true),
    notices: {
      posted,
      hidden: (trx, commentId, hidden, at) => repo.setHidden(trx, commentId, hidden ? at : null),
      deleted: (trx, commentId) => repo.deleteByComment(trx, commentId),
    },
  };
}
