// The top of an article (docs/product/reader.md#article-page): labels, title, subtitle, author
// photo and name, date, reading time; the name links to the author's page and the topics to their
// category and ecosystem listings.
import type { ArticleLabel, Author, Term } from "@pragmatist/contracts";
import { Link } from "react-router";
import { Chip, ChipList } from "./chips.tsx";
import { ClockIcon } from "../../components/ui/icons.tsx";
import { AuthorAvatar } from "./author-avatar.tsx";

/** The article's fields the header shows. */
export interface ArticleHeaderProps {
  title: string;
  subTitle: string;
  author: Author | null;
  /** The author's page (`/authors/{slug}`), or null when the author has none. */
  authorHref: string | null;
  publishDate: string;
  /** The publish date as readers read it ("8 Mar 2024", formatLongDate), worked out by the loader. */
  publishDateText: string;
  readingTimeMinutes: number;
  categories: Term[];
  ecosystems: Term[];
  /** The article's label (contracts' articleLabel: Research, Newsletter, Market Report). */
  label: ArticleLabel;
}

/**
 * The article's `<header>`: the label, category chips (to `/categories/{slug}`) and ecosystem
 * chips (to `/ecosystems?ecosystem={slug}`), the `<h1>`, the subtitle, then the author's picture
 * and name (linked with rel="author" when the author has a page), the long date and reading time.
 */
export function ArticleHeader(props: ArticleHeaderProps) {
  const { title, subTitle, author, publishDate, readingTimeMinutes } = props;
  return (
    <header className="space-y-5">
      <ChipList label="Topics">
        <Chip tone="accent">{props.label}</Chip>
        {props.categories.map((c) => (
          <Chip
            key={`c-${c.slug}`}
            to={`/categories/${encodeURIComponent(c.slug)}`}
            title={`Category: ${c.name}`}
          >
            {c.name}
          </Chip>
        ))}
        {props.ecosystems.map((e) => (
          <Chip
            key={`e-${e.slug}`}
            to={`/ecosystems?ecosystem=${encodeURIComponent(e.slug)}`}
            title={`Ecosystem: ${e.name}`}
          >
            {e.name}
          </Chip>
        ))}
      </ChipList>
      <h1 className="text-[1.9rem] leading-[1.15] font-bold tracking-tight text-balance sm:text-[2.6rem]">
        {title}
      </h1>
      {subTitle && (
        <p className="text-lg leading-relaxed text-pretty text-muted sm:text-xl">{subTitle}</p>
      )}
      <div className="flex items-center gap-3 text-sm">
        <AuthorAvatar author={author} />
        <div className="min-w-0">
          <p className="font-medium text-ink">
            {author && props.authorHref ? (
              <Link
                to={props.authorHref}
                rel="author"
                className="underline decoration-muted/50 underline-offset-4 hover:text-accent hover:decoration-accent"
              >
                {author.username}
              </Link>
            ) : (
              (author?.username ?? "Editorial team")
            )}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 text-muted">
            <time dateTime={publishDate}>{props.publishDateText}</time>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1">
              <ClockIcon width={14} height={14} />
              {readingTimeMinutes} min read
            </span>
          </p>
        </div>
      </div>
    </header>
  );
}
