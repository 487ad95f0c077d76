// Table types for Kysely: the stored shape, kept apart from the contract shape
// (docs/architecture.md#conventions).
import type { ReportOutcome } from "@pragmatist/contracts";
import type { Generated } from "kysely";
import type { NotificationEmailSettingsTable, NotificationsTable } from "./schema-notifications.ts";

export type * from "./schema-notifications.ts";

/** Members and staff (migrations 001, 004, 005); deleted accounts keep an anonymised row. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  password_hash: string | null;
  role: Generated<string>;
  profile_picture_id: number | null;
  bio: string | null;
  token_version: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Set when the member deleted their account; the row stays, anonymised (migration 004). */
  deleted_at: string | null;
  /** When the member proved they own the email (Google verified email, or a reset link). */
  email_verified_at: string | null;
  /**
   * `nameKey(username)`, unique: no two live members' names read alike (migration 015); null for
   * deleted members. Set wherever a username is written.
   */
  username_key: string | null;
}

/** Images: members' uploads and imported article images (migrations 001, 004). */
export interface MediaTable {
  id: Generated<number>;
  url: string;
  mime: string;
  width: number | null;
  height: number | null;
  size_bytes: number;
  alternative_text: string | null;
  created_at: string;
  /** The member who uploaded it; null for imported media (migration 004). */
  owner_id: number | null;
}

/** Articles in every status (migration 001); readers see published, past-dated ones. */
export interface ArticlesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  sub_title: string;
  content: string;
  /** 1 when the content is Markdown (docs/product/reader.md#article-body), else 0 (plain text). */
  body: number;
  excerpt: string;
  reading_time_minutes: number;
  publish_date: string;
  thumbnail_id: number | null;
  author_id: number | null;
  clicks: Generated<number>;
  status: string;
  source_name: string | null;
  source_url: string | null;
  source_licence: string | null;
  /** What search engines and link previews show instead of the title; null: the title. */
  meta_title: string | null;
  /** The meta description; null: the subtitle or the excerpt. */
  meta_description: string | null;
  /** Where the article was first published, for rel=canonical; null: its own address. */
  canonical_url: string | null;
  /** The picture link previews show (a media id); null: the thumbnail. */
  social_image_id: number | null;
  /**
   * The comments readers can read (docs/product/reader.md#comment-thread), written by the
   * comments module with every post, delete, hide and unhide (migration 030).
   */
  comment_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The kinds of terms an article is filed under. */
export type TermKind = "type" | "category" | "tag" | "ecosystem";

/** Types, categories, tags and ecosystems, unique by kind and slug. */
export interface TermsTable {
  id: Generated<number>;
  kind: TermKind;
  name: string;
  slug: string;
}

/** Which terms an article has, in the order they are shown (`position`). */
export interface ArticleTermsTable {
  article_id: number;
  term_id: number;
  position: number;
}

/** A like or a bookmark: one per article and member (article_likes, article_bookmarks). */
export interface ArticleReactionTable {
  article_id: number;
  user_id: number;
  created_at: string;
}

/** Single-use codes (migration 003): password reset links and the Google sign-in hand-off. */
export interface OneTimeCodesTable {
  id: Generated<number>;
  /** sha256 (base64url) of the code; the code itself is never stored. */
  code_hash: string;
  /**
   * An invitation's code chooses a first password and signs in; a reset's only sets one; an
   * "email-verification" code proves the member's address, an "email-change" code a new one.
   */
  purpose:
    "password-reset" | "invitation" | "google-sign-in" | "email-verification" | "email-change";
  user_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** The address the code was mailed to, for the codes that prove one (migration 018). */
  email: string | null;
}

/** Every table by name, as Kysely sees the schema (both engines). */
export interface Database {
  assistant_threads: AssistantThreadsTable;
  assistant_messages: AssistantMessagesTable;
  users: UsersTable;
  media: MediaTable;
  articles: ArticlesTable;
  terms: TermsTable;
  article_terms: ArticleTermsTable;
  article_likes: ArticleReactionTable;
  article_bookmarks: ArticleReactionTable;
  one_time_codes: OneTimeCodesTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  comment_reports: CommentReportsTable;
  comment_mentions: CommentMentionsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  page_views_daily: PageViewsDailyTable;
  page_view_sources_daily: PageViewSourcesDailyTable;
  page_view_visitors: PageViewVisitorsTable;
  article_revisions: ArticleRevisionsTable;
  audit_log: AuditLogTable;
  comment_bans: CommentBansTable;
  newsletter_issues: NewsletterIssuesTable;
  newsletter_issue_articles: NewsletterIssueArticlesTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  newsletter_suppressions: NewsletterSuppressionsTable;
  newsletter_links: NewsletterLinksTable;
  notifications: NotificationsTable;
  notification_email_settings: NotificationEmailSettingsTable;
  /** One row (id 1): the published library's version, raised by triggers (migration 032). */
  library_version: { id: number; version: number };
}

/** A comment or a reply (migration 006); readers never see hidden ones, deleted ones keep their replies. */
export interface CommentsTable {
  id: Generated<number>;
  article_id: number;
  /** The comment this one answers; null for a top-level comment. */
  parent_id: number | null;
  /** null only if the users row itself is removed; deleted accounts keep their row. */
  author_id: number | null;
  /** As written, plain text; emptied when the comment is deleted. */
  content: string;
  created_at: string;
  updated_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  /** Set by an editor: the comment and its replies disappear for readers. */
  hidden_at: string | null;
  hidden_by: number | null;
  /** Its rows in comment_likes, kept by the database's triggers (migration 026). */
  like_count: Generated<number>;
}

/** A like of a comment: one per comment and member (migration 006). */
export interface CommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: string;
}

/** A member a comment mentions (migration 027), replaced when the comment is edited. */
export interface CommentMentionsTable {
  comment_id: number;
  user_id: number;
}

/**
 * A member's report of a comment (migration 006): `reason` one of contracts `reportReasons` (free
 * text, or null, in reports made before them), `note` the words with "other" (migration 011);
 * `outcome` what became of it, null while it is open, with the moderator (`resolved_by`, null
 * when unknown) and the time (migration 020).
 */
export interface CommentReportsTable {
  comment_id: number;
  user_id: number;
  reason: string | null;
  note: string | null;
  created_at: string;
  outcome: ReportOutcome | null;
  resolved_by: number | null;
  resolved_at: string | null;
}

/**
 * A newsletter subscriber (migration 007): double opt-in, unsubscribe by a mailed link. The one
 * list (migration 017): a member's newsletter switch is the row of their account email.
 */
export interface NewsletterSubscribersTable {
  id: Generated<number>;
  /** Lower-case, unique. */
  email: string;
  status: "pending" | "confirmed" | "unsubscribed";
  /** sha256 (base64url) of the confirmation token; null once confirmed. */
  confirm_token_hash: string | null;
  /** sha256 (base64url) of the long-lived unsubscribe token. */
  unsubscribe_token_hash: string;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

/** Page views of one path on one UTC day (migration 008): every view, and distinct visitors. */
export interface PageViewsDailyTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** The page's path without query or fragment, e.g. `/p/staking-basics`. */
  path: string;
  views: number;
  visitors: number;
}

/** Views arriving from one external site on one UTC day (migration 008). */
export interface PageViewSourcesDailyTable {
  day: string;
  /** The referring host without `www.`, e.g. `news.ycombinator.com`; never a path or query. */
  source: string;
  views: number;
}

/**
 * The day's visitors of a path (migration 008), to count each once. `visitor` is a keyed hash of
 * the day, IP and user agent (never those themselves); rows of past days are deleted.
 */
export interface PageViewVisitorsTable {
  day: string;
  path: string;
  visitor: string;
}

/** A conversation with Max (migration 009): a member's (`user_id`) or a visitor's (`visitor_id`). */
export interface AssistantThreadsTable {
  id: Generated<number>;
  user_id: number | null;
  /** The anonymous visitor id carried by the signed thread cookie. */
  visitor_id: string | null;
  created_at: string;
}

/** One message of a thread (docs/product/data.md#entity-assistant-message). */
export interface AssistantMessagesTable {
  id: Generated<number>;
  thread_id: number;
  /** The member who owns the thread (null for a visitor's), for `/api/assistant-messages` filters. */
  user_id: number | null;
  /** 1 for the reader's message, 0 for Max's answer. */
  is_user: number;
  /** The message text (Markdown for answers). */
  content: string;
  /** JSON array of AI SDK UI message parts (text and tool outputs); null for text-only saves. */
  parts: string | null;
  created_at: string;
}

/** One saved version of an article's text (migration 010): every studio save keeps one. */
export interface ArticleRevisionsTable {
  id: Generated<number>;
  article_id: number;
  title: string;
  sub_title: string;
  content: string;
  /** The member who saved it; null only if a users row is ever removed. */
  saved_by: number | null;
  saved_at: string;
}

/** One staff action (migration 010): publish, unpublish, schedule, delete, roles, moderation. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  /** e.g. `article.publish`, `member.role`, `comment.hide` (contracts `auditActions`). */
  action: string;
  /** `article`, `comment` or `member`. */
  target_type: string;
  target_id: number | null;
  /** JSON object text: what changed (e.g. `{"from":"author","to":"editor"}`). */
  details: string;
  at: string;
}

/** A member who may no longer comment (migration 010), with why and by whom. */
export interface CommentBansTable {
  user_id: number;
  reason: string;
  banned_by: number | null;
  created_at: string;
}

/** A newsletter issue (migration 012): a post or a digest, written in the studio and sent once. */
export interface NewsletterIssuesTable {
  id: Generated<number>;
  /** Unique; the web version is `/newsletter/{slug}`. */
  slug: string;
  subject: string;
  /** The editor's intro, Markdown ("" for none). */
  intro: string;
  kind: "post" | "digest";
  status: "draft" | "sending" | "sent" | "cancelled";
  /** The HTML and text rendering frozen when the send started, with the unsubscribe placeholder. */
  html: string | null;
  text: string | null;
  created_by: number | null;
  sent_by: number | null;
  created_at: string;
  updated_at: string;
  /** When the recipients were frozen and the send began. */
  send_started_at: string | null;
  /** When the last delivery was settled. */
  sent_at: string | null;
  cancelled_at: string | null;
}

/** The articles an issue carries, in order (migration 012): one for a post, several for a digest. */
export interface NewsletterIssueArticlesTable {
  issue_id: number;
  article_id: number;
  position: number;
}

/** Where one delivery stands (docs/product/data.md#entity-newsletter-issue). */
export type DeliveryState =
  "pending" | "sending" | "sent" | "failed" | "bounced" | "cancelled" | "skipped";

/** One recipient of one issue (migration 012), frozen when the send started. */
export interface NewsletterDeliveriesTable {
  id: Generated<number>;
  issue_id: number;
  /** The address as frozen (lower case). */
  email: string;
  /** The row of the one list it was frozen from (migration 017); null once that row is deleted. */
  subscriber_id: number | null;
  state: DeliveryState;
  /** SMTP attempts started so far. */
  attempts: Generated<number>;
  /** Not to be tried before this instant (retry backoff). */
  next_attempt_at: string;
  /** The worker holding the row and until when (a claim, or the send in progress). */
  lease_owner: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  /** `issue-{issueId}-s{subscriberId}` (`-m{memberId}` before migration 017): unique, the base of the Message-ID. */
  idempotency_key: string;
  /** The Message-ID header sent. */
  message_id: string | null;
  sent_at: string | null;
  /** When this mail's unsubscribe link was used (the issue's "unsubscribes caused"). */
  unsubscribed_at: string | null;
  created_at: string;
}

/** An address never mailed again (migration 012): it bounced hard (SMTP 5xx at RCPT). */
export interface NewsletterSuppressionsTable {
  /** Lower case; the primary key. */
  email: string;
  reason: "hard-bounce";
  /** The server's answer, e.g. `550 5.1.1 no such user` (at most 500 characters). */
  detail: string;
  delivery_id: number | null;
  created_at: string;
}

/** A link of an issue behind the first-party redirect `/r/{token}` (migration 012). */
export interface NewsletterLinksTable {
  id: Generated<number>;
  issue_id: number;
  /** 128 random bits, base64url. */
  token: string;
  /** The absolute target. */
  url: string;
  /** Clicks counted while NEWSLETTER_TRACKING was on. */
  clicks: Generated<number>;
}
