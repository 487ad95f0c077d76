// The parts of an author or category page (docs/product/reader.md#category-pages): a breadcrumb
// trail, and one page of cards with real links to the newer and older pages (they work without
// JavaScript).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { StaticPart } from "../../components/ui/static-part";
import { ArticleCard } from "./article-card";
import { ArticleGrid } from "./article-grid";
import { type ArchivePage, pagePath } from "./listing";

/** "Home / {trail…}": every step links but the last, which is this page. */
export function Breadcrumbs({ trail }: { trail: { name: string; path: string }[] }) {
  const steps = [{ name: "Home", path: "/" }, ...trail];
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
        {steps.map((step, i) => {
          const last = i === steps.length - 1;
          return (
            <li key={step.path} className="flex items-center gap-2">
              {i > 0 && <span aria-hidden="true">/</span>}
              {last ? (
                <span aria-current="page" className="text-ink/80">
                  {step.name}
                </span>
              ) : (
                <Link
                  to={step.path}
                  className="hover:text-accent hover:underline underline-offset-4"
                >
                  {step.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

const pageLinkClass =
  "inline-flex h-10 items-center gap-1.5 rounded-lg border border-line bg-surface px-4 text-sm font-medium text-ink transition-colors hover:border-accent/50 hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";

/**
 * One page of an archive at `path`: the card grid, then "Newer" and "Older" links (`rel`
 * prev/next, `?page=N`) and where this page sits, when there is more than one page.
 */
export function ArchiveList({
  path,
  data,
  heading,
}: {
  path: string;
  data: ArchivePage;
  /** The list's heading for screen readers, e.g. "Articles by Maya Okafor". */
  heading: ReactNode;
}) {
  const { articles, page, pageCount } = data;
  return (
    <section aria-labelledby="archive-articles">
      <h2 id="archive-articles" className="sr-only">
        {heading}
      </h2>
      <ArticleGrid>
        {/* Each card as the server rendered it, not walked by React when the page hydrates. */}
        {articles.map((article, i) => (
          <StaticPart
            as="li"
            key={article.id}
            deps={[article, page === 1 && i === 0]}
            className="flex"
          >
            <ArticleCard article={article} priority={page === 1 && i === 0} />
          </StaticPart>
        ))}
      </ArticleGrid>
      {pageCount > 1 && (
        <nav
          aria-label="Pages"
          className="mt-8 grid grid-cols-[1fr_auto_1fr] items-center gap-3 border-t border-line pt-6"
        >
          <div>
            {page > 1 && (
              <Link to={pagePath(path, page - 1)} rel="prev" className={pageLinkClass}>
                <span aria-hidden="true">←</span> Newer
                <span className="sr-only"> articles</span>
              </Link>
            )}
          </div>
          <p className="tabular text-sm text-muted">
            Page {page} of {pageCount}
          </p>
          <div className="flex justify-end">
            {page < pageCount && (
              <Link to={pagePath(path, page + 1)} rel="next" className={pageLinkClass}>
                Older<span className="sr-only"> articles</span> <span aria-hidden="true">→</span>
              </Link>
            )}
          </div>
        </nav>
      )}
    </section>
  );
}
