// The web version of a newsletter issue `/newsletter/{slug}`
// (docs/product/newsletter.md#newsletter), inside the shared layout; the email's "View in your
// browser" link leads here.
import { publicationContext } from "@pragmatist/contracts";
import { data } from "react-router";
import { IssueView } from "../features/newsletter/issue-view.tsx";
import { renderArticleHtml } from "../features/reader/article-html.server.tsx";
import { pageMeta } from "../lib/meta.ts";
import { notFoundMeta, notFoundOf } from "../shell/not-found-data.ts";
import { PageErrorBoundary } from "../shell/page-error-boundary.tsx";
import { notFoundData } from "../shell/suggestions.server.ts";
import type { Route } from "./+types/newsletter-issue";

/**
 * The issue once its send started (drafts are not public), its intro and a post's article text
 * rendered to HTML as the article page renders Markdown.
 * @throws a 404 response for a draft or an unknown slug.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const api = context.get(publicationContext);
  const issue = await api.findNewsletterIssue(params.slug);
  if (!issue) throw data(await notFoundData(api, request), { status: 404 });
  const post = issue.attributes.kind === "post" ? issue.attributes.articles[0] : undefined;
  return {
    issue,
    introHtml: issue.attributes.intro.trim()
      ? renderArticleHtml(issue.attributes.intro, true)
      : null,
    html: post?.content ? renderArticleHtml(post.content, post.body) : null,
  };
}

/** The issue's subject as title, its intro as description, canonical `/newsletter/{slug}`. */
export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return notFoundMeta(notFoundOf(error));
  const { attributes: a } = loaderData.issue;
  const path = `/newsletter/${encodeURIComponent(a.slug)}`;
  return pageMeta({
    matches,
    title: a.subject,
    description: a.introText.slice(0, 200) || `The Weekly Brief of ${a.sentAt.slice(0, 10)}.`,
    path,
    type: "article",
    breadcrumbs: [
      { name: "Newsletter", path: "/newsletter" },
      { name: a.subject, path },
    ],
  });
};

/** The issue as it was mailed. */
export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  const { issue, introHtml, html } = loaderData;
  return <IssueView issue={issue} introHtml={introHtml} html={html} />;
}

/** A 404 with suggestions for an unknown issue, else the error screen with a retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageErrorBoundary error={error} />;
}
