// Single article `/p/{slug}` (spec §2 "Article page"): server-rendered text, counts, share, subscribe.
import { articleLabel, publicationContext, viewerContext } from "@pragmatist/contracts";
import { data } from "react-router";
import { ArticleBar } from "../features/article/article-bar.tsx";
import { ArticleBody } from "../features/article/article-body.tsx";
import { ArticleHeader } from "../features/article/article-header.tsx";
import { renderArticleHtml } from "../features/article/article-html.server.tsx";
import { ArticleThumbnail } from "../features/article/article-thumbnail.tsx";
import { Chip, ChipList } from "../features/article/chips.tsx";
import { ErrorScreen, errorDetail } from "../features/article/error-screen.tsx";
import { NotFound, notFoundMeta, notFoundOf } from "../features/article/not-found.tsx";
import { SourceCredit } from "../features/article/source-credit.tsx";
import { SubscribePanel } from "../features/article/subscribe-panel.tsx";
import { notFoundData } from "../features/article/suggestions.server.ts";
import { useRecordRead } from "../features/article/use-record-read.ts";
import { CommentsSection } from "../features/comments/comments-section.tsx";
import {
  allCommentsOf,
  commentSortOf,
  loadComments,
} from "../features/comments/comments.server.ts";
import type { Route } from "./+types/article";

/** An absolute address for link previews: relative upload paths get the public origin. */
function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, `${origin}/`).href;
  } catch {
    return url;
  }
}

/**
 * Reads the article by slug (spec §7 "filters[slug][$eq]", published only).
 * @throws a 404 response with search suggestions for an unknown slug.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const api = context.get(publicationContext);
  const article = await api.findArticle(params.slug);
  if (!article) throw data(await notFoundData(api, request), { status: 404 });
  const { site } = api;
  // Comments are server-rendered too (issue #4); a failure stays inside their section (spec §8).
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const comments = await loadComments(
    api,
    article.attributes.slug,
    commentSortOf(url),
    viewer?.id ?? null,
    allCommentsOf(url),
  );
  // The text travels as server-rendered HTML, not Markdown: no parser in the browser.
  const { content, ...attributes } = article.attributes;
  return {
    id: article.id,
    article: attributes,
    html: renderArticleHtml(content, article.attributes.body),
    // Computed here so the browser bundle needs nothing from contracts at run time (zod).
    label: articleLabel(attributes.title, attributes.subTitle, attributes.publishDate),
    site: { name: site.name },
    comments,
    canonicalUrl: `${site.publicUrl}/p/${encodeURIComponent(article.attributes.slug)}`,
    imageUrl: article.attributes.thumbnailUrl
      ? absoluteUrl(article.attributes.thumbnailUrl.url, site.publicUrl)
      : null,
  };
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(notFoundOf(error));
  const { article: a, site, canonicalUrl, imageUrl } = loaderData;
  const description = a.subTitle || a.excerpt;
  return [
    { title: `${a.title} — ${site.name}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: a.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { property: "article:published_time", content: a.publishDate },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: a.title,
        description,
        datePublished: a.publishDate,
        mainEntityOfPage: canonicalUrl,
        ...(imageUrl ? { image: imageUrl } : {}),
        ...(a.author ? { author: { "@type": "Person", name: a.author.username } } : {}),
        publisher: { "@type": "Organization", name: site.name },
      },
    },
  ];
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { id, article: a, html, label, site, canonicalUrl, comments } = loaderData;
  useRecordRead(a.slug);
  return (
    <main className="px-4 pt-8 pb-16 sm:pt-12">
      <article className="mx-auto max-w-[42rem] space-y-8">
        <ArticleHeader
          title={a.title}
          subTitle={a.subTitle}
          author={a.author}
          publishDate={a.publishDate}
          readingTimeMinutes={a.readingTimeMinutes}
          categories={a.categories}
          ecosystems={a.ecosystems}
          label={label}
        />
        <ArticleBar
          likeCount={a.likeCount}
          commentCount={a.commentCount}
          bookmarkCount={a.bookmarkCount}
          shareUrl={canonicalUrl}
          title={a.title}
          articleId={id}
          slug={a.slug}
        />
        {a.thumbnailUrl && <ArticleThumbnail image={a.thumbnailUrl} title={a.title} />}
        <ArticleBody html={html} />
        {a.tags.length > 0 && (
          <ChipList label="Tags">
            {a.tags.map((t) => (
              <Chip key={t}>#{t}</Chip>
            ))}
          </ChipList>
        )}
        {a.source && <SourceCredit source={a.source} />}
        <SubscribePanel siteName={site.name} />
        <CommentsSection
          key={a.slug}
          slug={a.slug}
          commentCount={a.commentCount}
          sort={comments.sort}
          comments={comments.comments}
          failed={comments.failed}
          total={comments.total}
          complete={comments.complete}
        />
      </article>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = notFoundOf(error);
  if (notFound) return <NotFound data={notFound} />;
  return <ErrorScreen title="Unexpected Application Error!" detail={errorDetail(error)} canRetry />;
}
