// The bar under the byline (spec §2): like, comment and bookmark counts, then the share links.
// Signed-in readers toggle like and bookmark (optimistic, rolled back on refusal, spec §4);
// anonymous readers are sent to sign in and come back to the article (spec §5).
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useViewer } from "../../lib/viewer";
import { COMMENT_COUNT_EVENT, type CommentCountDetail } from "../../lib/events.ts";
import { BookmarkIcon, CommentIcon, HeartIcon } from "../../components/ui/icons.tsx";
import { AskMaxLink } from "./ask-max-link.tsx";
import { ShareLinks } from "./share-links.tsx";
import { type ReactionKind, useReactions } from "./use-reactions.ts";

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

const actionClass =
  "-mx-1.5 inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 transition-colors hover:bg-line/60 focus-visible:outline-2 focus-visible:outline-accent";

export interface ArticleBarProps {
  likeCount: number;
  commentCount: number;
  bookmarkCount: number;
  /** Absolute canonical address, shared as is. */
  shareUrl: string;
  title: string;
  articleId: number;
  slug: string;
}

export function ArticleBar(props: ArticleBarProps) {
  // A fresh state per article: the route component stays mounted from one article to the next.
  return <Bar key={props.slug} {...props} />;
}

function Bar({
  likeCount,
  commentCount,
  bookmarkCount,
  shareUrl,
  title,
  articleId,
  slug,
}: ArticleBarProps) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const loginUrl = `/login?next=/p/${encodeURIComponent(slug)}`;
  const onSignedOut = useCallback(() => void navigate(loginUrl), [navigate, loginUrl]);
  // The comments panel announces a new count after a post or a delete; it holds until the loader's
  // count changes.
  const [announced, setAnnounced] = useState<[from: number, count: number] | null>(null);
  useEffect(() => {
    const listen = (event: Event) => {
      const { detail } = event as CustomEvent<CommentCountDetail>;
      if (detail.slug === slug) setAnnounced([commentCount, detail.count]);
    };
    window.addEventListener(COMMENT_COUNT_EVENT, listen);
    return () => window.removeEventListener(COMMENT_COUNT_EVENT, listen);
  }, [slug, commentCount]);
  const comments = announced?.[0] === commentCount ? announced[1] : commentCount;
  const { state, error, toggle } = useReactions(
    articleId,
    viewer?.id ?? null,
    { likeCount, bookmarkCount },
    onSignedOut,
  );

  function action(kind: ReactionKind, verb: string, Icon: typeof HeartIcon) {
    const { on, count } = state[kind];
    const label = `${verb}, ${plural(count, kind, `${kind}s`)}`;
    const content = (
      <>
        <Icon fill={on ? "currentColor" : "none"} />
        <span className="tabular">{count}</span>
      </>
    );
    // Spec §5: only signed-in readers like and bookmark; the link brings the others back here.
    return viewer && articleId ? (
      <button
        type="button"
        className={`${actionClass} ${on ? "text-accent" : "hover:text-ink"}`}
        aria-pressed={on}
        aria-label={label}
        title={on ? `Remove ${kind}` : verb}
        onClick={() => toggle(kind)}
      >
        {content}
      </button>
    ) : (
      <Link
        to={loginUrl}
        className={`${actionClass} hover:text-ink`}
        aria-label={`${label} (sign in)`}
        title={`Sign in to ${kind}`}
      >
        {content}
      </Link>
    );
  }

  return (
    <div className="relative flex items-center justify-between gap-4 border-y border-line py-1.5 text-sm text-muted">
      <div className="flex items-center gap-5 pl-1">
        {action("like", "Like", HeartIcon)}
        <a
          href="#comments"
          className="inline-flex rounded hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
        >
          <Count
            icon={<CommentIcon />}
            value={comments}
            label={plural(comments, "comment", "comments")}
          />
        </a>
        {action("bookmark", "Bookmark", BookmarkIcon)}
      </div>
      <div className="flex items-center sm:gap-2">
        <AskMaxLink slug={slug} />
        <ShareLinks url={shareUrl} title={title} />
      </div>
      <p
        role="status"
        className="absolute top-full left-0 mt-1 text-xs text-red-700 empty:hidden dark:text-red-400"
      >
        {error}
      </p>
    </div>
  );
}
