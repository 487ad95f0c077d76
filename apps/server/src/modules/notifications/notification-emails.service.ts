// Rules of notification emails (docs/product/accounts.md#notification-emails): a member's choice
// per kind (off, at once, daily digest), only ever their own, and the mailed one-click link that
// turns kinds off without signing in (RFC 8058).
import {
  NOTIFICATION_EMAIL_DEFAULTS,
  type NotificationEmails,
  type NotificationEmailsBody,
  notificationKinds,
} from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import type { NotificationKind } from "../../db/schema.ts";
import * as repo from "./notification-emails.repository.ts";
import { kindsParam, readUnsubscribeToken } from "./notification-mail.ts";

/** A member's notification email choices. */
export interface NotificationEmailsService {
  /** The member's choice for each kind; the defaults when they never chose. */
  get(userId: number): Promise<NotificationEmails>;
  /** Changes the kinds `body.data` names, keeps the others. @returns every choice now. */
  set(userId: number, body: NotificationEmailsBody): Promise<NotificationEmails>;
  /**
   * Turns off the mails of `kinds` (a comma-separated list as a mail's link carries it) for the
   * member the token was mailed to, and no other kind.
   * @returns false when the token is not one this server signed for these kinds, or its member
   * deleted their account (nothing changed).
   */
  unsubscribe(kinds: readonly NotificationKind[], token: string): Promise<boolean>;
}

/** Builds the service; `secret` checks the mailed links, `now` dates each change. */
export function createNotificationEmailsService(
  db: Db,
  deps: { secret: string; now: () => Date },
): NotificationEmailsService {
  const k = db.kysely;
  const get = async (userId: number): Promise<NotificationEmails> => {
    const row = await repo.findSettings(k, userId);
    return row ? { ...row } : { ...NOTIFICATION_EMAIL_DEFAULTS };
  };
  const save = async (userId: number, changes: Partial<NotificationEmails>) => {
    const modes = { ...(await get(userId)), ...changes };
    await repo.saveSettings(k, userId, modes, deps.now().toISOString());
    return modes;
  };
  return {
    get,
    set: (userId, body) => save(userId, body.data),
    async unsubscribe(kinds, token) {
      const userId = readUnsubscribeToken(deps.secret, kindsParam(kinds), token);
      if (userId === null || !(await repo.isLiveMember(k, userId))) return false;
      const off = notificationKinds.filter((kind) => kinds.includes(kind));
      await save(userId, Object.fromEntries(off.map((kind) => [kind, "off"])));
      return true;
    },
  };
}
