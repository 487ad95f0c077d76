// Changing the password while signed in (docs/product/accounts.md#account-security):
// the current password, a new one under the sign-up rules, every other session ended, a
// notice.
import { createBackgroundTasks } from "../../background-tasks.ts";
import type { Db } from "../../db/client.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import type { MailLogger } from "../mail/mailer.ts";
import { type AccountMailDeps, sendAccountMail } from "./account-mail.ts";
import * as repo from "./accounts.repository.ts";
import { revokeOneTimeCodes } from "./one-time-codes.ts";
import { assertCurrentPassword, assertPasswordAllowed, hashPassword } from "./passwords.ts";

/** The signed-in member's password change (`POST /api/auth/change-password`). */
export interface PasswordChangeService {
  /**
   * Checks the current password (`assertCurrentPassword`), the new one against the policy
   * (contracts `passwordSchema` at the edge, common passwords here) and that it differs, stores
   * its argon2id hash and bumps the token version, so every session issued before ends (OWASP
   * ASVS 7.4.3: sessions end on a password change; Strapi CVE-2026-22706); the caller issues the
   * current session anew. Open reset links are voided, and a notice goes to the account's email
   * after the answer (ASVS 6.2.x / 2.5.5: notify on a credential change). Limited per member
   * (`change-password-user` of http/rate-limits.ts: the current password is a guess), like sign-in
   * from a known browser.
   * @throws ValidationError (wrong current password, no password yet, a common or unchanged
   * password), NotFoundError (member gone); 429.
   */
  changePassword(
    userId: number,
    input: { currentPassword: string; password: string },
    context: { log: MailLogger },
  ): Promise<void>;
  /** Resolves when the notices already accepted have been mailed (for shutdown and tests). */
  settle(): Promise<void>;
}

/** The notice mailed after a password change. */
function noticeWords(site: { siteName: string; publicUrl: string }, username: string) {
  return {
    subject: `Your ${site.siteName} password was changed`,
    intro: [
      `Hello ${username},`,
      `the password of your ${site.siteName} account was just changed, and every other device signed in to it was signed out.`,
    ],
    action: { label: "Reset my password", url: `${site.publicUrl}/login` },
    outro: [
      "If you made this change, there is nothing to do.",
      `If it was not you, choose a new password at once: "Forget Password?" on the sign-in page mails you a link.`,
    ],
  };
}

/** Builds the password change service. */
export function createPasswordChangeService(db: Db, deps: AccountMailDeps): PasswordChangeService {
  const k = db.kysely;
  const byUser = deps.limits.of("change-password-user");
  const background = createBackgroundTasks();
  return {
    async changePassword(userId, input, { log }) {
      await byUser.consume(`user:${userId}`);
      const user = await repo.findUserById(k, userId);
      if (!user) throw new NotFoundError("User not found");
      await assertCurrentPassword(user.password_hash, input.currentPassword);
      if (input.password === input.currentPassword) {
        throw new ValidationError("The new password is the same as the current one.", {
          errors: [{ path: ["password"], message: "Same as the current password" }],
        });
      }
      assertPasswordAllowed(input.password);
      const hash = await hashPassword(input.password);
      const at = deps.now();
      await k.transaction().execute(async (trx) => {
        await repo.setPassword(trx, {
          userId,
          passwordHash: hash,
          now: at.toISOString(),
          emailProven: false,
        });
        const purposes = ["password-reset", "invitation"] as const;
        await revokeOneTimeCodes(trx, { userId, purposes, now: at });
      });
      await byUser.reset(`user:${userId}`);
      const to = user.email;
      if (!to) return;
      const words = noticeWords(deps, user.username);
      background.run(
        () => sendAccountMail(deps, to, words, log),
        (err) => log.error({ err }, "password change notice failed"),
      );
    },
    settle: background.settle,
  };
}
