// What the account services that mail a member share (password reset and change, email
// verification and change): their dependencies, and one way to send a mail in the house style.
import type { RateLimits } from "../../plugins/rate-limit.ts";
import { composeMail, type MailContent } from "../mail/compose.ts";
import type { MailLogger, Mailer } from "../mail/mailer.ts";

/** The dependencies of an account service that mails members. */
export interface AccountMailDeps {
  mailer: Mailer;
  limits: RateLimits;
  /** The clock for code expiry and the dates recorded (tests move it). */
  now: () => Date;
  publicUrl: string;
  siteName: string;
}

/** A mail's subject and its words (composeMail's intro, call to action and outro). */
export interface AccountMailWords {
  subject: string;
  intro: string[];
  action?: MailContent["action"];
  outro?: string[];
}

/**
 * Mails `to` the house-style mail `words` (composeMail: HTML and text parts) through the mailer.
 * @throws what the mailer throws (SMTP errors); callers mailing after the answer run it in the
 * background and log the failure.
 */
export async function sendAccountMail(
  deps: Pick<AccountMailDeps, "mailer" | "publicUrl" | "siteName">,
  to: string,
  words: AccountMailWords,
  log: MailLogger,
): Promise<void> {
  const { subject, ...content } = words;
  const mail = composeMail({ siteName: deps.siteName, publicUrl: deps.publicUrl, ...content });
  await deps.mailer.send({ to, subject, ...mail }, log);
}
