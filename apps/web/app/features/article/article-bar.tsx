// The bar under the byline (spec §2): like, comment and bookmark counts, then the share links.
import type { ReactNode } from "react";
import { BookmarkIcon, CommentIcon, HeartIcon } from "./icons.tsx";
import { ShareLinks } from "./share-links.tsx";

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function Count({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5" title={label}>
      {icon}
      <span className="tabular" aria-hidden="true">
        {value}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

export interface ArticleBarProps {
  likeCount: number;
  commentCount: number;
  bookmarkCount: number;
  /** Absolute canonical address, shared as is. */
  shareUrl: string;
  title: string;
}

/** Counts are read-only here; liking and bookmarking arrive with accounts. */
export function ArticleBar({
  likeCount,
  commentCount,
  bookmarkCount,
  shareUrl,
  title,
}: ArticleBarProps) {
  return (
    <div className="flex items-center justify-between gap-4 border-y border-line py-1.5 text-sm text-muted">
      <div className="flex items-center gap-5 pl-1">
        <Count icon={<HeartIcon />} value={likeCount} label={plural(likeCount, "like", "likes")} />
        <a
          href="#comments"
          className="inline-flex rounded hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
        >
          <Count
            icon={<CommentIcon />}
            value={commentCount}
            label={plural(commentCount, "comment", "comments")}
          />
        </a>
        <Count
          icon={<BookmarkIcon />}
          value={bookmarkCount}
          label={plural(bookmarkCount, "bookmark", "bookmarks")}
        />
      </div>
      <ShareLinks url={shareUrl} title={title} />
    </div>
  );
}
