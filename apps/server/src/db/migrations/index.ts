// The ordered list of migrations; each takes the engine so engine-specific DDL stays explicit.
import type { Kysely } from "kysely";
import type { Dialect } from "../client.ts";
import * as core from "./001-core.ts";
import * as search from "./002-search.ts";
import * as accounts from "./003-accounts.ts";
import * as users from "./004-users.ts";
import * as emailVerified from "./005-email-verified.ts";
import * as comments from "./006-comments.ts";
import * as newsletter from "./007-newsletter.ts";
import * as analytics from "./008-analytics.ts";
import * as assistant from "./009-assistant.ts";
import * as studio from "./010-studio.ts";
import * as reportNotes from "./011-report-notes.ts";
import * as newsletterIssues from "./012-newsletter-issues.ts";
import * as articleTermsOrder from "./013-article-terms-order.ts";
import * as articlesByAuthor from "./014-articles-by-author.ts";
import * as usernameKeys from "./015-username-keys.ts";
import * as newsletterType from "./016-newsletter-type.ts";
import * as oneNewsletterList from "./017-one-newsletter-list.ts";
import * as emailCodes from "./018-email-codes.ts";
import * as articleSeo from "./019-article-seo.ts";
import * as reportOutcomes from "./020-report-outcomes.ts";
import * as articleSocialImage from "./021-article-social-image.ts";
import * as notifications from "./022-notifications.ts";
import * as commentThreadOrder from "./023-comment-thread-order.ts";
import * as archiveIndexes from "./024-archive-indexes.ts";
import * as notificationEmails from "./025-notification-emails.ts";
import * as commentLikeCount from "./026-comment-like-count.ts";
import * as commentMentions from "./027-comment-mentions.ts";
import * as notificationEmailRetries from "./028-notification-email-retries.ts";
import * as studioSearchIndexes from "./029-studio-search-indexes.ts";
import * as articleCommentCount from "./030-article-comment-count.ts";
import * as termArticlesNewest from "./031-term-articles-newest.ts";
import * as libraryVersion from "./032-library-version.ts";
import * as articleTextIndexes from "./033-article-text-indexes.ts";

/** A migration: `up` creates or changes tables with DDL for the given engine. */
export interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Migrations by name; names sort in the order they run. */
export const migrations: Record<string, DialectMigration> = {
  "001-core": core,
  "002-search": search,
  "003-accounts": accounts,
  "004-users": users,
  "005-email-verified": emailVerified,
  "006-comments": comments,
  "007-newsletter": newsletter,
  "008-analytics": analytics,
  "009-assistant": assistant,
  "010-studio": studio,
  "011-report-notes": reportNotes,
  "012-newsletter-issues": newsletterIssues,
  "013-article-terms-order": articleTermsOrder,
  "014-articles-by-author": articlesByAuthor,
  "015-username-keys": usernameKeys,
  "016-newsletter-type": newsletterType,
  "017-one-newsletter-list": oneNewsletterList,
  "018-email-codes": emailCodes,
  "019-article-seo": articleSeo,
  "020-report-outcomes": reportOutcomes,
  "021-article-social-image": articleSocialImage,
  "022-notifications": notifications,
  "023-comment-thread-order": commentThreadOrder,
  "024-archive-indexes": archiveIndexes,
  "025-notification-emails": notificationEmails,
  "026-comment-like-count": commentLikeCount,
  "027-comment-mentions": commentMentions,
  "028-notification-email-retries": notificationEmailRetries,
  "029-studio-search-indexes": studioSearchIndexes,
  "030-article-comment-count": articleCommentCount,
  "031-term-articles-newest": termArticlesNewest,
  "032-library-version": libraryVersion,
  "033-article-text-indexes": articleTextIndexes,
};
