// Kysely queries for notification emails (docs/product/accounts.md#notification-emails): each
// member's choices, the notifications waiting for a mail, claiming them and what a mail says.
import type { ExpressionBuilder, Expression, Kysely, SqlBool } from "kysely";
import { sql } from "kysely";
import { NOTIFICATION_EMAIL_DEFAULTS } from "@pragmatist/contracts";
import type { Database, NotificationEmailMode, NotificationKind } from "../../db/schema.ts";
import type { RenderedMention } from "../../text/comment-markdown.ts";
import { findMentionLinks } from "../comments/comment-mentions.ts";
import { selectDetails, stillShown } from "./notifications.repository.ts";

type Q = Kysely<Database>;
type N = ExpressionBuilder<Database, "notifications">;

/** A member's stored choices; undefined when they never chose (the defaults apply). */
export async function findSettings(db: Q, userId: number) {
  return db
    .selectFrom("notification_email_settings")
    .select(["reply", "mention", "article_comment"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Stores a member's three choices at `at`, over any stored before. */
export async function saveSettings(
  db: Q,
  userId: number,
  modes: Record<NotificationKind, NotificationEmailMode>,
  at: string,
): Promise<void> {
  await db
    .insertInto("notification_email_settings")
    .values({ user_id: userId, ...modes, updated_at: at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...modes, updated_at: at }))
    .execute();
}

/** Whether member `userId` exists and has not deleted their account. */
export async function isLiveMember(db: Q, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What may still be mailed: not mailed or claimed yet, refused for now fewer than `maxAttempts`
 * times (then it is given up: never mailed), and `stillShown` (the in-app rules).
 */
function mailable(maxAttempts: number) {
  return (eb: N): Expression<SqlBool> =>
    eb.and([
      eb("notifications.emailed_at", "is", null),
      eb("notifications.email_attempts", "<", maxAttempts),
      stillShown(eb),
    ]);
}

/** A notification waiting for its mail. */
export interface PendingRow {
  id: number;
  recipient_id: number;
  created_at: string;
  /** Not to be mailed before this time (its last mail was refused for now); null: when due. */
  email_retry_at: string | null;
}

/**
 * Up to `limit` mailable notifications created since `since` (oldest first) that their recipient
 * gets in `mode` (their choice for the kind, else `NOTIFICATION_EMAIL_DEFAULTS`), whose recipient
 * is a live member with a verified address that never bounced (the newsletter's suppression list);
 * those waiting for a retry time too (`email_retry_at`), so their recipient's next mail waits with
 * them.
 */
export async function findPending(
  db: Q,
  mode: Exclude<NotificationEmailMode, "off">,
  since: string,
  limit: number,
  maxAttempts: number,
): Promise<PendingRow[]> {
  const d = NOTIFICATION_EMAIL_DEFAULTS;
  const chosen = sql<NotificationEmailMode>`case notifications.kind
    when 'reply' then coalesce(s.reply, ${d.reply})
    when 'mention' then coalesce(s.mention, ${d.mention})
    else coalesce(s.article_comment, ${d.article_comment}) end`;
  return db
    .selectFrom("notifications")
    .innerJoin("users as u", "u.id", "notifications.recipient_id")
    .leftJoin("notification_email_settings as s", "s.user_id", "notifications.recipient_id")
    .select([
      "notifications.id",
      "notifications.recipient_id",
      "notifications.created_at",
      "notifications.email_retry_at",
    ])
    .where(mailable(maxAttempts))
    .where(chosen, "=", mode)
    .where("notifications.created_at", ">=", since)
    .where("u.deleted_at", "is", null)
    .where("u.email", "is not", null)
    .where("u.email_verified_at", "is not", null)
    .where(
      sql<SqlBool>`not exists (select 1 from newsletter_suppressions x where x.email = lower(u.email))`,
    )
    .orderBy("notifications.id")
    .limit(limit)
    .execute();
}

/** A claimed notification: its id and how many times its mail was refused for now before. */
export interface ClaimedRow {
  id: number;
  email_attempts: number;
}

/**
 * Claims notifications `ids` for one mail by setting `emailed_at` to `at`, only those still
 * mailable (`maxAttempts` as in `findPending`) whose retry time, if any, has come, in one
 * conditional UPDATE: of two workers (or processes) racing for a row exactly one gets it, and a
 * claimed row is never mailed again, even when its sender dies before the SMTP server answers
 * (at most once, as the newsletter's deliveries: docs/decisions/007-newsletter-delivery.md).
 * @returns the rows claimed.
 */
export async function claim(
  db: Q,
  ids: number[],
  at: string,
  maxAttempts: number,
): Promise<ClaimedRow[]> {
  if (ids.length === 0) return [];
  return db
    .updateTable("notifications")
    .set({ emailed_at: at })
    .where("id", "in", ids)
    .where(mailable(maxAttempts))
    .where((eb) => eb.or([eb("email_retry_at", "is", null), eb("email_retry_at", "<=", at)]))
    .returning(["id", "email_attempts"])
    .execute();
}

/**
 * Gives back claimed notifications `ids` whose mail the SMTP server refused for now (a 4xx, or no
 * answer), as refused `attempts` times in all: mailable again from `retryAt`, or, with `retryAt`
 * null, never (given up after the last attempt; `findPending` and `claim` skip them).
 */
export async function release(
  db: Q,
  ids: number[],
  attempts: number,
  retryAt: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("notifications")
    .set({ emailed_at: null, email_attempts: attempts, email_retry_at: retryAt })
    .where("id", "in", ids)
    .execute();
}

/** A claimed notification as its mail shows it. */
export interface MailRow {
  id: number;
  kind: NotificationKind;
  comment_id: number;
  content: string;
  slug: string;
  title: string;
  actor_username: string | null;
  actor_deleted_at: string | null;
  email: string | null;
  /** The comment's mentions as the thread links them at the time of the mail (site paths). */
  mentions: RenderedMention[];
}

/**
 * The claimed notifications `ids` (one recipient's), oldest first, with what their mail says:
 * their comments' mentions linked as at `now` (ISO 8601: the worker's round, so its clock decides
 * what a mention links to), read for all of them at once.
 */
export async function findForMail(db: Q, ids: number[], now: string): Promise<MailRow[]> {
  const rows = await selectDetails(db)
    .innerJoin("users as r", "r.id", "notifications.recipient_id")
    .select("r.email")
    .where("notifications.id", "in", ids)
    .orderBy("notifications.id")
    .execute();
  const links = await findMentionLinks(db, { commentIds: rows.map((r) => r.comment_id) }, now);
  return rows.map((r) => ({ ...r, mentions: links.get(r.comment_id) ?? [] }));
}
