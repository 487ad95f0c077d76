// Single article `/p/{slug}` (docs/product/reader.md#article-page): server-rendered text, counts,
// share, subscribe.
import {
  articleLabel,
  authorSlug,
  formatLongDate,
  publicationContext,
  slugify,
} from "@pragmatist/contracts";
import { data } from "react-router";
import { ArticleBar } from "../features/reader/article-bar.tsx";
import { ARTICLE_BODY_HTML, ArticleBody } from "../components/article-body.tsx";
import { ArticleHeader } from "../features/reader/article-header.tsx";
import { contentsOf, renderArticle } from "../features/reader/article-html.server.tsx";
import { documentOnly } from "../lib/document-only.server.ts";
import { useDocumentData } from "../lib/document-only.ts";
import { ArticleThumbnail } from "../features/reader/article-thumbnail.tsx";
import { Chip, ChipList } from "../features/reader/chips.tsx";
import { notFoundMeta, notFoundOf } from "../shell/not-found-data.ts";
import { PageErrorBoundary } from "../shell/page-error-boundary.tsx";
import { SourceCredit } from "../features/reader/source-credit.tsx";
import { notFoundData } from "../shell/suggestions.server.ts";
import { organizationJsonLd, pageMeta } from "../lib/meta.ts";
import { CommentsSection } from "../features/comments/comments-section.tsx";
import { commentsAddressOf, loadComments } from "../features/comments/comments.server.ts";
import { lazyPart } from "../components/ui/lazy-load.tsx";
import { toCardView } from "../features/library/listing.ts";
import { StaticPart } from "../components/ui/static-part.tsx";
import type { Route } from "./+types/article";

/**
 * "Coins in this article", below the text: inside a StaticPart, so hydration never renders it and
 * its chunk (with the market figures' formats) loads only when a client-side navigation does.
 */
const ArticleCoinsSection = lazyPart(() =>
  import("../features/markets/article-coins.tsx").then((m) => m.ArticleCoinsSection),
);

/**
 * "Read next", after the tags and credit: inside a StaticPart, so hydration never renders it and
 * its chunk (the cards) loads only when a client-side navigation does.
 */
const ReadNextSection = lazyPart(() =>
  import("../features/library/read-next.tsx").then((m) => m.ReadNextSection),
);

/** The DocumentOnly key of a long read's contents (kept out of the hydration data). */
const ARTICLE_CONTENTS = "article-contents";
/** The DocumentOnly key of "Read next" (kept out of the hydration data). */
const READ_NEXT = "read-next";

/**
 * A long read's contents: inside a StaticPart, so hydration never renders it and its chunk loads
 * only when a client-side navigation does.
 */
const ArticleContents = lazyPart(() =>
  import("../features/reader/article-contents.tsx").then((m) => m.ArticleContents),
);

/** The subscribe panel under the text, below the fold: hydrated from a chunk of its own. */
const SubscribePanel = lazyPart(() =>
  import("../features/newsletter/subscribe-panel.tsx").then((m) => m.SubscribePanel),
);

/**
 * Reads the article by slug (`filters[slug][$eq]`, published only,
 * docs/product/api.md#api-articles).
 * @throws a 404 response with search suggestions for an unknown slug.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const api = context.get(publicationContext);
  const article = await api.findArticle(params.slug);
  if (!article) throw data(await notFoundData(api, request), { status: 404 });
  const { site } = api;
  // Comments are server-rendered too (docs/product/reader.md#comments), as every reader sees them;
  // a failure stays inside their section (docs/product/reader.md#comment-thread).
  const url = new URL(request.url);
  const author = article.attributes.author;
  const [comments, authorPage, coins, readNext] = await Promise.all([
    loadComments(api, article.attributes.slug, commentsAddressOf(url)),
    // Linked only when the page exists: a deleted account, or a name another author's page
    // already answers for, has none.
    author ? api.findAuthor(authorSlug(author.username)) : null,
    // The coins it names: the text with each first mention linked, and their dated figures
    // (docs/product/reader.md#article-coins).
    api.findArticleCoins(article),
    // Related articles and the author's latest (docs/product/reader.md#read-next).
    api.findReadNext(article),
  ]);
  // The text travels as server-rendered HTML, not Markdown: no parser in the browser; and once: a
  // document request keeps it out of the hydration data (ArticleBody reads it from the page).
  const { content: _content, ...attributes } = article.attributes;
  const { html, headings } = renderArticle(coins.content, article.attributes.body);
  // A long read's contents (docs/product/reader.md#contents), shown as the server's markup.
  const contents = contentsOf(headings, attributes.readingTimeMinutes);
  return {
    id: article.id,
    article: attributes,
    html: documentOnly(context, ARTICLE_BODY_HTML, html),
    longRead: contents !== null,
    contents: documentOnly(context, ARTICLE_CONTENTS, contents),
    // Computed here so the browser bundle needs nothing from contracts at run time (zod), nor the
    // date formats.
    label: articleLabel(attributes),
    publishDateText: formatLongDate(attributes.publishDate),
    site: { name: site.name },
    comments,
    coins: coins.coins,
    // Each tag with its page (docs/product/reader.md#tag-pages): a term's slug is `slugify` of its
    // name, the one slug rule every writer of terms uses.
    tags: attributes.tags.map((name) => ({ name, path: `/tags/${slugify(name)}` })),
    canonicalUrl: `${site.publicUrl}/p/${encodeURIComponent(article.attributes.slug)}`,
    authorHref:
      authorPage && authorPage.id === author?.id
        ? `/authors/${encodeURIComponent(authorPage.slug)}`
        : null,
    // Shown as the server's markup, so kept out of a document's hydration data; none for a lone
    // article.
    hasReadNext: readNext.related.length + readNext.byAuthor.length > 0,
    readNext: documentOnly(context, READ_NEXT, {
      related: readNext.related.map(toCardView),
      byAuthor: readNext.byAuthor.map(toCardView),
    }),
  };
}

/**
 * The article's head: og:type article with article:published_time, article:author (the author's
 * page) and article:section, its social image (else its thumbnail) as og:image with its size and
 * as twitter:image, Article JSON-LD with author and dates, and breadcrumbs Home › first category ›
 * article; the editor's meta title, description and canonical address where set.
 */
export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return notFoundMeta(notFoundOf(error));
  const { article: a, authorHref, canonicalUrl } = loaderData;
  // An editor's search and social fields win over the defaults (docs/product/studio.md#studio-seo).
  const description = a.seo.metaDescription ?? (a.subTitle || a.excerpt);
  const category = a.categories[0];
  const authorUrl = authorHref ? new URL(authorHref, canonicalUrl).href : null;
  return pageMeta({
    matches,
    title: a.seo.metaTitle ?? a.title,
    description,
    path: `/p/${encodeURIComponent(a.slug)}`,
    canonical: a.seo.canonicalUrl,
    type: "article",
    image: a.seo.socialImage ?? a.thumbnailUrl,
    breadcrumbs: [
      ...(category
        ? [{ name: category.name, path: `/categories/${encodeURIComponent(category.slug)}` }]
        : []),
      { name: a.title, path: `/p/${encodeURIComponent(a.slug)}` },
    ],
    extra: [
      { property: "article:published_time", content: a.publishDate },
      { property: "article:modified_time", content: a.updatedAt },
      ...(authorUrl ? [{ property: "article:author", content: authorUrl }] : []),
      ...(category ? [{ property: "article:section", content: category.name }] : []),
      ...a.tags.map((tag) => ({ property: "article:tag", content: tag })),
    ],
    jsonLd: ({ url, image, site }) => [
      {
        "@type": "Article",
        headline: a.title,
        description,
        datePublished: a.publishDate,
        dateModified: a.updatedAt,
        mainEntityOfPage: url,
        ...(image ? { image } : {}),
        ...(a.author
          ? {
              author: {
                "@type": "Person",
                name: a.author.username,
                ...(authorUrl ? { url: authorUrl } : {}),
              },
            }
          : {}),
        publisher: organizationJsonLd(site),
      },
    ],
  });
};

/**
 * What follows the text: the coins it names with their figures, its tags linking to their pages
 * and the source credit; links and text as the server rendered them (a StaticPart), nothing when
 * the article has none of them.
 */
function ArticleNotes({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { article: a, coins, tags } = loaderData;
  if (coins.length === 0 && tags.length === 0 && !a.source) return null;
  return (
    <StaticPart deps={[loaderData]} className="space-y-8">
      <ArticleCoinsSection coins={coins} />
      {tags.length > 0 && (
        <ChipList label="Tags">
          {tags.map((t) => (
            <Chip key={t.path} to={t.path}>
              #{t.name}
            </Chip>
          ))}
        </ChipList>
      )}
      {a.source && <SourceCredit source={a.source} />}
    </StaticPart>
  );
}

/**
 * The article: header, bar (reactions, comments count, share), lead image, a long read's contents
 * and reading-progress bar, the server-rendered text, the coins it names, tags, source credit, read
 * next, the subscribe panel and the comments. The header, the contents, the coins, tags and credit,
 * and read next are StaticParts and the text one element's inner HTML: React does not walk them
 * when the page hydrates (docs/decisions/026-static-parts-not-hydrated.md).
 */
export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { id, article: a, html, label, site, canonicalUrl, comments } = loaderData;
  const contents = useDocumentData(ARTICLE_CONTENTS, loaderData.contents);
  const readNext = useDocumentData(READ_NEXT, loaderData.readNext);
  return (
    <main className="px-4 pt-8 pb-16 sm:pt-12">
      {/* A long read's reading-progress bar: drawn by app.css alone (docs/product/reader.md#contents). */}
      {loaderData.longRead && <div className="reading-progress" aria-hidden="true" />}
      <article className="mx-auto max-w-[42rem] space-y-8">
        {/* Links and text, kept as the server rendered them when the page hydrates. */}
        <StaticPart deps={[loaderData]}>
          <ArticleHeader
            title={a.title}
            subTitle={a.subTitle}
            author={a.author}
            authorHref={loaderData.authorHref}
            publishDate={a.publishDate}
            publishDateText={loaderData.publishDateText}
            readingTimeMinutes={a.readingTimeMinutes}
            categories={a.categories}
            ecosystems={a.ecosystems}
            label={label}
          />
        </StaticPart>
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
        <div className="relative space-y-8">
          {loaderData.longRead && (
            // The contents' links, as the server rendered them (they need no code).
            // From xl up only the list beside the text shows: the part takes no room in the column.
            <StaticPart deps={[loaderData]} className="xl:contents">
              <ArticleContents entries={contents ?? []} />
            </StaticPart>
          )}
          <ArticleBody html={html} />
        </div>
        <ArticleNotes loaderData={loaderData} />
        {loaderData.hasReadNext && (
          // Cards: links and text, as the server rendered them.
          <StaticPart deps={[loaderData]}>
            <ReadNextSection
              related={readNext?.related ?? []}
              byAuthor={readNext?.byAuthor ?? []}
              author={a.author && { name: a.author.username, href: loaderData.authorHref }}
            />
          </StaticPart>
        )}
        <SubscribePanel siteName={site.name} />
        <CommentsSection
          key={a.slug}
          slug={a.slug}
          commentCount={a.commentCount}
          sort={comments.sort}
          comments={comments.comments}
          failed={comments.failed}
          nextCursor={comments.nextCursor}
        />
      </article>
    </main>
  );
}

/** A 404 with suggestions for an unknown slug, else the error screen with a retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageErrorBoundary error={error} />;
}
