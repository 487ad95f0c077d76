// What a notification email says (docs/product/accounts.md#notification-emails): each comment
// as the one comment renderer shows it, with its link, in the house style with the publication's
// footer, and a one-click link (RFC 8058) that stops the kinds of notification the mail is about.
import { DELETED_MEMBER_NAME, notificationKinds } from "@pragmatist/contracts";
import type { NotificationKind } from "../../db/schema.ts";
import { renderCommentHtml } from "../../text/comment-markdown.ts";
import { composeMail, type MailItem } from "../mail/compose.ts";
import { type MailMessage, mailingListId } from "../mail/mailer.ts";
import { readSignedIdToken, signedIdToken } from "../newsletter/delivery-tokens.ts";
import type { MailRow } from "./notification-emails.repository.ts";

/** The publication as a notification email names it, and the key its links are signed with. */
export interface NotificationMailSite {
  publicUrl: string;
  siteName: string;
  secret: string;
}

/** The kinds as the query string carries them: canonical order, joined by commas. */
export function kindsParam(kinds: readonly NotificationKind[]): string {
  return notificationKinds.filter((k) => kinds.includes(k)).join(",");
}

/** The token's purpose: which kinds its link stops, so a link stops no other kind. */
const purpose = (kinds: string) => `notification-unsubscribe:${kinds}`;

/**
 * The member id of an unsubscribe token for `kinds` (as `kindsParam` writes them), or null for a
 * forged, altered or other kinds' token (delivery-tokens.ts, HMAC-SHA256). Never throws.
 */
export function readUnsubscribeToken(secret: string, kinds: string, token: string): number | null {
  return readSignedIdToken(secret, purpose(kinds), token);
}

/** `{PUBLIC_URL}/api/notifications/unsubscribe?kinds=…&token=…` for member `userId`. */
export function unsubscribeLink(site: NotificationMailSite, userId: number, kinds: string): string {
  const token = signedIdToken(site.secret, purpose(kinds), userId);
  return `${site.publicUrl}/api/notifications/unsubscribe?kinds=${encodeURIComponent(kinds)}&token=${token}`;
}

const WHAT: Record<NotificationKind, { heading: (who: string, title: string) => string }> = {
  reply: { heading: (who, title) => `${who} replied to your comment on “${title}”` },
  mention: { heading: (who, title) => `${who} mentioned you on “${title}”` },
  article_comment: { heading: (who, title) => `${who} commented on your article “${title}”` },
};

const KIND_WORDS: Record<NotificationKind, string> = {
  reply: "replies",
  mention: "mentions",
  article_comment: "comments on your articles",
};

/**
 * The mail of one recipient's claimed notifications `rows` (oldest first, at least one):
 * the subject names the one event, or how many; each comment's text is rendered by
 * `renderCommentHtml` (sanitised; its mentions linking to the site's whole addresses) with its link `/p/{slug}#comment-{id}`; `List-Unsubscribe`
 * (RFC 2369) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058) stop the kinds
 * in the mail; `List-Id` (RFC 2919) names the notifications list (`mailingListId`, the
 * newsletter's form); the Message-ID is made from the first and last notification ids.
 */
export function notificationMessage(
  site: NotificationMailSite,
  recipient: { id: number; email: string },
  rows: readonly MailRow[],
  digest: boolean,
): MailMessage & { messageId: string } {
  const items: MailItem[] = rows.map((r) => {
    const who = r.actor_deleted_at || !r.actor_username ? DELETED_MEMBER_NAME : r.actor_username;
    return {
      heading: WHAT[r.kind].heading(who, r.title),
      // A mention's link is a path of the site; a mail needs its whole address.
      html: renderCommentHtml(
        r.content,
        r.mentions.map((m) => ({ ...m, href: `${site.publicUrl}${m.href}` })),
      ),
      // The text part shows the comment as its author typed it (Markdown reads as plain text).
      text: r.content,
      link: { label: "Read it", url: `${site.publicUrl}/p/${r.slug}#comment-${r.comment_id}` },
    };
  });
  const kinds = kindsParam(rows.map((r) => r.kind));
  const url = unsubscribeLink(site, recipient.id, kinds);
  const words = kinds
    .split(",")
    .map((k) => KIND_WORDS[k as NotificationKind])
    .join(" and ");
  const first = items[0] as MailItem;
  const subject =
    items.length === 1 && !digest
      ? first.heading
      : `${digest ? "Your daily digest: " : ""}${items.length} new ${items.length === 1 ? "notification" : "notifications"} on ${site.siteName}`;
  const host = new URL(site.publicUrl).hostname;
  return {
    to: recipient.email,
    subject,
    ...composeMail({
      siteName: site.siteName,
      publicUrl: site.publicUrl,
      intro: [],
      items,
      outro: [`Choose which emails you get on your account page: ${site.publicUrl}/account`],
      unsubscribe: [{ label: `Stop emails about ${words}`, url }],
    }),
    messageId: `<notification-${rows[0]?.id}-${rows.at(-1)?.id}@${host}>`,
    list: { id: mailingListId(site, "notifications"), unsubscribe: { url } },
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
