// The web version of a newsletter issue `/newsletter/{slug}`
// (docs/product/newsletter.md#newsletter): what the email said, readable in a browser, with links
// to the articles on the site.
import { formatLongDate, type PublicIssue } from "@pragmatist/contracts";
import { Link } from "react-router";
import { ArticleBody, proseClassName } from "../../components/article-body.tsx";
import { safeUrl } from "../../lib/safe-url.ts";

type IssueArticle = PublicIssue["attributes"]["articles"][number];

/** One article of a digest: thumbnail, title (linking to its page when published), subtitle. */
function DigestEntry({ article }: { article: IssueArticle }) {
  const thumbnail = article.thumbnail && safeUrl(article.thumbnail.url);
  const title = article.url ? (
    <Link to={`/p/${encodeURIComponent(article.slug)}`} className="hover:text-accent">
      {article.title}
    </Link>
  ) : (
    article.title
  );
  return (
    <li className="flex gap-4 py-5">
      {thumbnail && (
        <img
          src={thumbnail}
          alt=""
          width={article.thumbnail?.width ?? undefined}
          height={article.thumbnail?.height ?? undefined}
          loading="lazy"
          className="aspect-[16/9] w-32 shrink-0 rounded-lg border border-line object-cover sm:w-40"
        />
      )}
      <div className="min-w-0">
        <h2 className="font-semibold tracking-tight text-pretty">{title}</h2>
        <p className="mt-1 text-sm text-muted">{article.subTitle || article.excerpt}</p>
      </div>
    </li>
  );
}

/**
 * The issue: subject, date, the editor's intro (`introHtml`, its Markdown rendered on the server
 * as an article's is), then a post's article text (`html`) with a link to its page, or a digest's
 * list of articles.
 */
export function IssueView(props: {
  issue: PublicIssue;
  introHtml: string | null;
  html: string | null;
}) {
  const { issue, introHtml, html } = props;
  const { attributes: a } = issue;
  const post = a.kind === "post" ? a.articles[0] : undefined;
  return (
    <article className="mx-auto max-w-[42rem] space-y-8 pb-16">
      <header className="space-y-2">
        <p className="text-sm text-muted">
          <Link to="/newsletter" className="font-medium text-accent hover:underline">
            The Weekly Brief
          </Link>{" "}
          · <time dateTime={a.sentAt}>{formatLongDate(a.sentAt)}</time>
        </p>
        <h1 className="text-3xl font-semibold tracking-tight text-balance">{a.subject}</h1>
      </header>
      {introHtml && (
        // renderArticleHtml's output: React's escaped markup of our own renderers (safe to inject).
        <div className={proseClassName} dangerouslySetInnerHTML={{ __html: introHtml }} />
      )}
      {post && html !== null && <ArticleBody html={html} />}
      {post?.url && (
        <p>
          <Link
            to={`/p/${encodeURIComponent(post.slug)}`}
            className="font-medium text-accent hover:underline underline-offset-4"
          >
            Read “{post.title}” on the site, with its comments
          </Link>
        </p>
      )}
      {a.kind === "digest" && (
        <ol className="divide-y divide-line border-y border-line">
          {a.articles.map((article) => (
            <DigestEntry key={article.id} article={article} />
          ))}
        </ol>
      )}
    </article>
  );
}
