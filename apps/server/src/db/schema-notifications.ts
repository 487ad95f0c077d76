// The notification tables (migrations 022, 025, 028), part of `Database` in schema.ts: in-app
// notifications and each member's notification email choices.
import type { Generated } from "kysely";

/** What a notification tells (docs/product/reader.md#notifications). */
export type NotificationKind = "reply" | "mention" | "article_comment";

/**
 * A member told of a reply, a mention or a new comment on their article (migration 022): one row
 * per recipient and comment; `group_key` names its line of the list; `hidden_at` is set while its
 * comment is hidden; `emailed_at` is set when a notification email worker claims it (null: not
 * mailed yet); `email_attempts` counts the times its mail was refused for now and `email_retry_at`
 * is when it may be tried again (migration 028). */
export interface NotificationsTable {
  id: Generated<number>;
  recipient_id: number;
  kind: NotificationKind;
  comment_id: number;
  actor_id: number | null;
  parent_id: number | null;
  article_id: number;
  group_key: string;
  created_at: string;
  read_at: string | null;
  hidden_at: string | null;
  emailed_at: string | null;
  email_attempts: Generated<number>;
  email_retry_at: string | null;
}

/** How a kind of notification is mailed (docs/product/accounts.md#notification-emails). */
export type NotificationEmailMode = "off" | "instant" | "daily";

/** A member's notification email choices (migration 025); no row: the defaults. */
export interface NotificationEmailSettingsTable {
  user_id: number;
  reply: NotificationEmailMode;
  mention: NotificationEmailMode;
  article_comment: NotificationEmailMode;
  updated_at: string;
}
