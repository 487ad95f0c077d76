// Newsletter issues in their contract shapes (studio, archive, web version) and as mail content:
// stored rows never leave the server (docs/architecture.md#conventions).
import type { ArticleStatus, PublicIssue, StudioIssue } from "@pragmatist/contracts";
import { markdownToPlainText } from "../../text/plain-text.ts";
import { articleUrl } from "../distribution/distribution.sitemaps.ts";
import type { MailArticle, MailIssue } from "./issue-email.ts";
import type { IssueArticleRow, IssueRow } from "./issues.repository.ts";

/** What the shapes depend on besides the rows. */
export interface PresentContext {
  /** PUBLIC_URL, no trailing slash. */
  publicUrl: string;
  /** The current instant: an article is live once published and past its publish date. */
  now: Date;
}

/** The web version's address: `{PUBLIC_URL}/newsletter/{slug}`. */
export const webUrl = (publicUrl: string, slug: string) =>
  `${publicUrl}/newsletter/${encodeURIComponent(slug)}`;

/** The article's page when readers can open it (published, publish date passed), else null. */
function pageOf(ctx: PresentContext, a: IssueArticleRow): string | null {
  const live = a.status === "published" && Date.parse(a.publish_date) <= ctx.now.getTime();
  return live ? articleUrl(ctx.publicUrl, a.slug) : null;
}

/** The issue as the studio shows it. */
export function toStudioIssue(
  ctx: PresentContext,
  row: IssueRow,
  articles: IssueArticleRow[],
): StudioIssue {
  return {
    id: row.id,
    attributes: {
      slug: row.slug,
      subject: row.subject,
      intro: row.intro,
      kind: row.kind,
      status: row.status,
      articles: articles.map((a) => ({
        id: a.id,
        title: a.title,
        slug: a.slug,
        status: a.status as ArticleStatus,
      })),
      createdBy:
        row.created_by !== null && row.created_by_name !== null
          ? { id: row.created_by, username: row.created_by_name }
          : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      sendStartedAt: row.send_started_at,
      sentAt: row.sent_at,
      cancelledAt: row.cancelled_at,
      webUrl: webUrl(ctx.publicUrl, row.slug),
    },
  };
}

/** The archive's entry of an issue that went out. */
export function toPublicSummary(ctx: PresentContext, row: IssueRow) {
  return {
    id: row.id,
    attributes: {
      slug: row.slug,
      subject: row.subject,
      kind: row.kind,
      intro: row.intro,
      introText: markdownToPlainText(row.intro),
      sentAt: row.send_started_at ?? row.created_at,
      webUrl: webUrl(ctx.publicUrl, row.slug),
    },
  };
}

/** The web version: the summary with its articles (a post's with its text). */
export function toPublicIssue(
  ctx: PresentContext,
  row: IssueRow,
  articles: IssueArticleRow[],
): PublicIssue {
  const summary = toPublicSummary(ctx, row);
  return {
    id: row.id,
    attributes: {
      ...summary.attributes,
      articles: articles.map((a) => ({
        id: a.id,
        title: a.title,
        subTitle: a.sub_title,
        slug: a.slug,
        url: pageOf(ctx, a),
        excerpt: a.excerpt,
        thumbnail: a.thumbnail_url
          ? { url: a.thumbnail_url, width: a.thumbnail_width, height: a.thumbnail_height }
          : null,
        content: row.kind === "post" ? a.content : null,
        body: a.body === 1,
      })),
    },
  };
}

/** The issue as mail content (issue-email.ts). */
export function toMailIssue(
  ctx: PresentContext,
  row: Pick<IssueRow, "kind" | "subject" | "intro" | "slug">,
  articles: IssueArticleRow[],
): MailIssue {
  return {
    kind: row.kind,
    subject: row.subject,
    intro: row.intro,
    webUrl: webUrl(ctx.publicUrl, row.slug),
    articles: articles.map((a): MailArticle => ({
      title: a.title,
      subTitle: a.sub_title,
      url: pageOf(ctx, a),
      content: a.content,
      body: a.body === 1,
      excerpt: a.excerpt,
      thumbnail: a.thumbnail_url
        ? { url: a.thumbnail_url, width: a.thumbnail_width, height: a.thumbnail_height }
        : null,
    })),
  };
}
