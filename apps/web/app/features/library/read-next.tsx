// "Read next" under an article (docs/product/reader.md#read-next): related articles as cards, then
// more from its author as a list of titles.
import { Link } from "react-router";
import { formatCardDate } from "../../lib/format";
import { ArticleCard } from "./article-card";
import type { CardView } from "./listing";

/** What the article page passes: the cards of both lists and who wrote the article. */
export interface ReadNextProps {
  related: CardView[];
  byAuthor: CardView[];
  /** The author's name and page (null: no page); null without an author. */
  author: { name: string; href: string | null } | null;
}

/** One row of up to three cards: one column on a phone, three from 40 rem on. */
function CardRow({ articles }: { articles: CardView[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {articles.map((article) => (
        <li key={article.id} className="flex">
          <ArticleCard article={article} />
        </li>
      ))}
    </ul>
  );
}

/** Titles linking to their articles, each with its date and reading time: a short list on a phone. */
function TitleList({ articles }: { articles: CardView[] }) {
  return (
    <ul className="divide-y divide-line border-y border-line">
      {articles.map((article) => (
        <li key={article.id} className="py-3">
          <Link
            to={`/p/${article.slug}`}
            className="font-semibold text-pretty text-ink hover:text-accent"
          >
            {article.title}
          </Link>
          <p className="tabular mt-1 text-xs text-muted">
            <time dateTime={article.publishDate}>{formatCardDate(article.publishDate)}</time> ·{" "}
            {article.readingTimeMinutes} min read
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Read next" with the related cards, then "More from {author}" (the name linking to the author's
 * page when there is one) with their titles; each heading only over articles. Markup and links only: the
 * article page shows it as a static part.
 */
export function ReadNextSection({ related, byAuthor, author }: ReadNextProps) {
  return (
    <section aria-labelledby="read-next" className="space-y-8 border-t border-line pt-8">
      {related.length > 0 && (
        <div className="space-y-4">
          <h2 id="read-next" className="text-lg font-semibold">
            Read next
          </h2>
          <CardRow articles={related} />
        </div>
      )}
      {author && byAuthor.length > 0 && (
        <div className="space-y-4">
          <h2 id={related.length > 0 ? undefined : "read-next"} className="text-lg font-semibold">
            More from{" "}
            {author.href ? (
              <Link to={author.href} className="text-accent hover:underline underline-offset-4">
                {author.name}
              </Link>
            ) : (
              author.name
            )}
          </h2>
          <TitleList articles={byAuthor} />
        </div>
      )}
    </section>
  );
}
