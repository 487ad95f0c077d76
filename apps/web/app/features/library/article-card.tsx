// One article card (docs/architecture.md#look-and-feel: thumbnail, label, title, date, reading
// time) and its skeleton.
import { Link } from "react-router";
import { LogoMark } from "../../components/logo";
import { Skeleton } from "../../components/ui/skeleton";
import { formatCardDate } from "../../lib/format";
import type { CardView } from "./listing";
import { thumbnailSources } from "../../lib/thumbnail-sources";

const labelTone: Record<CardView["label"], string> = {
  Research: "bg-accent/10 text-accent",
  Newsletter: "bg-amber-500/12 text-amber-700 dark:text-amber-300",
  "Market Report": "bg-sky-500/12 text-sky-700 dark:text-sky-300",
};

/** The cover of a card without a thumbnail, tinted by its label. */
const coverTone: Record<CardView["label"], string> = {
  Research: "from-accent/20 via-accent/8 to-surface",
  Newsletter: "from-amber-500/25 via-amber-500/8 to-surface",
  "Market Report": "from-sky-500/25 via-sky-500/8 to-surface",
};

/**
 * What a card without a thumbnail shows in its place (docs/product/reader.md#article-card; not an
 * empty grey block): its label's tint and the publication's mark, so the grid keeps its rhythm and
 * says what it is.
 */
function NoThumbnail({ label }: { label: CardView["label"] }) {
  return (
    <div
      className={`flex size-full items-center justify-center bg-gradient-to-br ${coverTone[label]}`}
    >
      <span className="opacity-80 transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none">
        <LogoMark size={44} />
      </span>
    </div>
  );
}

/** Thumbnails without stored dimensions are laid out at 16:9 (no layout shift either way). */
const FALLBACK_SIZE = { width: 640, height: 360 };
/**
 * The card's width for `sizes`: the whole list (the page less its 1 rem paddings) while the grid
 * has one column, below a 32 rem list; at most 24 rem from two columns on (article-grid.tsx).
 */
const CARD_SIZES = "(max-width: 34rem) calc(100vw - 2rem), 24rem";

/**
 * One card. `priority` marks the listing's first card: on a phone its image is the largest paint,
 * so it loads at once and first (fetchpriority high); other cards' images load as they near the
 * viewport.
 */
export function ArticleCard({
  article,
  priority = false,
}: {
  article: CardView;
  priority?: boolean;
}) {
  const thumb = article.thumbnail;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-line bg-surface transition-[border-color,box-shadow] hover:border-muted/40 hover:shadow-[0_6px_24px_-12px_rgb(0_0_0/0.25)] has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent">
      <div className="aspect-[16/9] overflow-hidden bg-line/50">
        {thumb ? (
          <img
            {...thumbnailSources(thumb, CARD_SIZES)}
            alt=""
            width={thumb.width ?? FALLBACK_SIZE.width}
            height={thumb.height ?? FALLBACK_SIZE.height}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
          />
        ) : (
          <NoThumbnail label={article.label} />
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <span
          className={`self-start rounded-full px-2 py-0.5 text-[0.6875rem] font-semibold tracking-wide uppercase ${labelTone[article.label]}`}
        >
          {article.label}
        </span>
        <h3 className="mt-2.5 line-clamp-3 text-[0.9375rem] leading-snug font-semibold tracking-tight text-pretty text-ink">
          <Link
            to={`/p/${article.slug}`}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {article.title}
          </Link>
        </h3>
        <p className="tabular mt-auto flex items-center gap-1.5 pt-3 text-xs text-muted">
          <time dateTime={article.publishDate}>{formatCardDate(article.publishDate)}</time>
          <span aria-hidden="true">·</span>
          <span>{article.readingTimeMinutes} min read</span>
        </p>
      </div>
    </article>
  );
}

/** Same footprint as a card, pulsing, while a page loads. */
export function ArticleCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex w-full flex-1 flex-col overflow-hidden rounded-xl border border-line bg-surface"
    >
      <Skeleton className="aspect-[16/9] rounded-none" />
      <div className="flex flex-col gap-2.5 p-4">
        <Skeleton className="h-4 w-20 rounded-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="mt-3 h-3 w-28" />
      </div>
    </div>
  );
}
