// Kysely queries for notification emails (docs/product/accounts.md#notification-emails): each
// member's choices, the notifications waiting for a mail, claiming them and what a mail says.
import type { ExpressionBuilder, Expression, Kysely, SqlBool } from "kysely";
import { sql } from "kysely";
import { NOTIFICATION_EMAIL_DEFAULTS } from "@pragmatist/contracts";
import type { Database, NotificationEmailMode, NotificationKind } from "../../db/schema.ts";
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

/** What may still be mailed: not mailed or claimed yet, and `stillShown` (the in-app rules). */
function mailable(eb: N): Expression<SqlBool> {
  return eb.and([eb("notifications.emailed_at", "is", null), stillShown(eb)]);
}

/** A notification waiting for its mail. */
export interface PendingRow {
  id: number;
  recipient_id: number;
  created_at: string;
}

/**
 * Up to `limit` mailable notifications created since `since` (oldest first) that their recipient
 * gets in `mode` (their choice for the kind, else `NOTIFICATION_EMAIL_DEFAULTS`), whose recipient
 * is a live member with a verified address that never bounced (the newsletter's suppression list).
 */
export async function findPending(
  db: Q,
  mode: Exclude<NotificationEmailMode, "off">,
  since: string,
  limit: number,
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
    .select(["notifications.id", "notifications.recipient_id", "notifications.created_at"])
    .where(mailable)
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

/**
 * Claims notifications `ids` for one mail by setting `emailed_at` to `at`, only those still
 * mailable, in one conditional UPDATE: of two workers racing for a row exactly one gets it, and a
 * claimed row is never mailed again, even when its sender dies before the SMTP server answers
 * (at most once, as the newsletter's deliveries: docs/decisions/007-newsletter-delivery.md).
 * @returns the ids claimed.
 */
export async function claim(db: Q, ids: number[], at: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable("notifications")
    .set({ emailed_at: at })
    .where("id", "in", ids)
    .where(mailable)
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

/** Gives back claimed notifications whose mail the SMTP server refused for now (a 4xx). */
export async function release(db: Q, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("notifications").set({ emailed_at: null }).where("id", "in", ids).execute();
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
}

/** The claimed notifications `ids` (one recipient's), oldest first, with what their mail says. */
export async function findForMail(db: Q, ids: number[]): Promise<MailRow[]> {
  return selectDetails(db)
    .innerJoin("users as r", "r.id", "notifications.recipient_id")
    .select("r.email")
    .where("notifications.id", "in", ids)
    .orderBy("notifications.id")
    .execute();
}
