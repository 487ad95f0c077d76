// Kysely queries for notifications: who a comment reaches, the rows it writes, hiding and removing
// them with their comment, the member's lines, their unread count and marking them read.
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type { Database, NotificationKind } from "../../db/schema.ts";

type Q = Kysely<Database>;
type N = ExpressionBuilder<Database, "notifications">;

/** Who a new comment may reach: the article's author and the parent's, when live members. */
export interface Audience {
  articleAuthorId: number | null;
  parentAuthorId: number | null;
}

/** The authors (live members) of the article and, for a reply, of the comment it answers. */
export async function findAudience(
  db: Q,
  articleId: number,
  parentId: number | null,
): Promise<Audience> {
  const liveAuthor = (id: Expression<number | null>) =>
    db
      .selectFrom("users")
      .select("users.id")
      .where("users.id", "=", id)
      .where("users.deleted_at", "is", null);
  const row = await db
    .selectFrom("articles as a")
    .leftJoin("comments as p", (j) => j.on("p.id", "=", parentId ?? 0))
    .select((eb) => [
      liveAuthor(eb.ref("a.author_id")).as("article_author"),
      liveAuthor(eb.ref("p.author_id")).as("parent_author"),
    ])
    .where("a.id", "=", articleId)
    .executeTakeFirst();
  return {
    articleAuthorId: row?.article_author ?? null,
    parentAuthorId: row?.parent_author ?? null,
  };
}

/** One notification to write. */
export interface NewNotification {
  recipientId: number;
  kind: NotificationKind;
  commentId: number;
  actorId: number;
  parentId: number | null;
  articleId: number;
  groupKey: string;
  at: string;
}

/** Writes the notifications of one comment in one statement. */
export async function insertMany(db: Q, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("notifications")
    .values(
      rows.map((r) => ({
        recipient_id: r.recipientId,
        kind: r.kind,
        comment_id: r.commentId,
        actor_id: r.actorId,
        parent_id: r.parentId,
        article_id: r.articleId,
        group_key: r.groupKey,
        created_at: r.at,
      })),
    )
    .execute();
}

/**
 * Hides (at `at`) or shows again the notifications of the comment and of the replies under it;
 * showing again walks down only through replies that are not hidden themselves (the comments
 * service tells of an unhide only when nothing above the comment is still hidden).
 */
export async function setHidden(db: Q, commentId: number, at: string | null): Promise<void> {
  const walk = at === null ? sql`and c.hidden_at is null` : sql``;
  const under = sql<number>`(with recursive down(id) as (
      select id from comments where id = ${commentId}
      union all
      select c.id from comments as c join down on c.parent_id = down.id ${walk}
    ) select id from down)`;
  await db
    .updateTable("notifications")
    .set({ hidden_at: at })
    .where("comment_id", "in", under)
    .execute();
}

/** Removes the notifications of a deleted comment. */
export async function deleteByComment(db: Q, commentId: number): Promise<void> {
  await db.deleteFrom("notifications").where("comment_id", "=", commentId).execute();
}

/**
 * A notification anyone may still be told of (docs/product/reader.md#notifications): its comment
 * not hidden (a deleted comment's rows are gone), its author not banned from commenting since.
 * The in-app list and notification emails both apply it.
 */
export function stillShown(eb: N): Expression<SqlBool> {
  return eb.and([
    eb("notifications.hidden_at", "is", null),
    eb.not(
      eb.exists(
        eb
          .selectFrom("comment_bans as b")
          .select("b.user_id")
          .whereRef("b.user_id", "=", "notifications.actor_id"),
      ),
    ),
  ]);
}

/** The member's notifications as they see them (`stillShown`). */
function shownTo(recipientId: number) {
  return (eb: N): Expression<SqlBool> =>
    eb.and([eb("notifications.recipient_id", "=", recipientId), stillShown(eb)]);
}

/** How many lines (groups) of the member's notifications there are, or are unread. */
export async function countGroups(db: Q, recipientId: number, unreadOnly: boolean) {
  let query = db
    .selectFrom("notifications")
    .select((eb) => eb.fn.count<number>("notifications.group_key").distinct().as("n"))
    .where(shownTo(recipientId));
  if (unreadOnly) query = query.where("notifications.read_at", "is", null);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The group keys of one page of the member's lines, the line with the newest row first. */
export async function findGroupPage(db: Q, recipientId: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom("notifications")
    .select((eb) => ["notifications.group_key", eb.fn.max("notifications.id").as("latest")])
    .where(shownTo(recipientId))
    .groupBy("notifications.group_key")
    .orderBy("latest", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.group_key);
}

/** One notification with who, what and where, as a line of the list needs it. */
export interface NotificationRow {
  id: number;
  group_key: string;
  kind: NotificationKind;
  comment_id: number;
  actor_id: number | null;
  actor_username: string | null;
  actor_deleted_at: string | null;
  content: string;
  title: string;
  slug: string;
  created_at: string;
  read_at: string | null;
}

/**
 * Notifications with what a line of the list and a notification email show: the kind, the
 * comment's id and text, the article's title and slug, and who acted (their name, and whether they
 * deleted their account).
 */
export function selectDetails(db: Q) {
  return db
    .selectFrom("notifications")
    .innerJoin("comments as c", "c.id", "notifications.comment_id")
    .innerJoin("articles as a", "a.id", "notifications.article_id")
    .leftJoin("users as u", "u.id", "notifications.actor_id")
    .select([
      "notifications.id",
      "notifications.kind",
      "notifications.comment_id",
      "u.username as actor_username",
      "u.deleted_at as actor_deleted_at",
      "c.content",
      "a.title",
      "a.slug",
    ]);
}

/** Every notification of the member in these groups, newest first. */
export async function findInGroups(
  db: Q,
  recipientId: number,
  groups: string[],
): Promise<NotificationRow[]> {
  if (groups.length === 0) return [];
  return selectDetails(db)
    .select([
      "notifications.group_key",
      "notifications.actor_id",
      "notifications.created_at",
      "notifications.read_at",
    ])
    .where(shownTo(recipientId))
    .where("notifications.group_key", "in", groups)
    .orderBy("notifications.id", "desc")
    .execute();
}

/** How many of `ids` are the member's notifications. */
export async function countOwn(db: Q, recipientId: number, ids: number[]): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("recipient_id", "=", recipientId)
    .where("id", "in", ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks the member's unread notifications read at `at`: those of `ids`, all, or those caused by
 * one comment.
 */
export async function markRead(
  db: Q,
  recipientId: number,
  ids: number[] | "all" | { comment: number },
  at: string,
): Promise<void> {
  let query = db
    .updateTable("notifications")
    .set({ read_at: at })
    .where("recipient_id", "=", recipientId)
    .where("read_at", "is", null);
  if (Array.isArray(ids)) query = query.where("id", "in", ids);
  else if (ids !== "all") query = query.where("comment_id", "=", ids.comment);
  await query.execute();
}
