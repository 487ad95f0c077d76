// The bar under the byline (docs/product/reader.md#article-bar): like, comment and bookmark counts,
// then the share links. Signed-in readers toggle like and bookmark (optimistic, rolled back on
// refusal); anonymous readers are sent to sign in and come back to the article. The page is the
// same for everyone, so until the browser knows who reads both versions are there
// (components/by-viewer).
import { memo, type ReactNode, useCallback, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ByViewer } from "../../components/by-viewer";
import { COMMENT_COUNT_EVENT, type CommentCountDetail } from "../../lib/events.ts";
import { BookmarkIcon, CommentIcon, HeartIcon } from "../../components/ui/icons.tsx";
import { lazyPart } from "../../components/ui/lazy-load.tsx";
import { AskMaxLink } from "./ask-max-link.tsx";
import { type Reaction, type ReactionKind, useReactions } from "./use-reactions.ts";

/**
 * The share links: plain links and two buttons, server-rendered, hydrated from a chunk of their
 * own, so "Copy link" and "Share…" add nothing to the page's initial JavaScript; where they first
 * render in the browser (a client-side navigation) a box of their height holds the place. Memoised:
 * the bar renders again when the reader's marks arrive, and an update reaching the part before its
 * code would make React drop the server's markup for the fallback (a layout shift).
 */
const ShareLinks = memo(
  lazyPart(
    () => import("./share-links.tsx").then((m) => m.ShareLinks),
    () => <div className="h-9" />,
  ),
);

/** "1 comment", "5 comments". */
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

/** What the article page passes to the bar: the server-rendered counts and the article. */
export interface ArticleBarProps {
  likeCount: number;
  commentCount: number;
  bookmarkCount: number;
  /** Absolute canonical address, shared as is. */
  shareUrl: string;
  title: string;
  /** The article's id for the like and bookmark calls; 0 offers only the sign-in links. */
  articleId: number;
  slug: string;
}

/**
 * The bar of one article: like, comments (a link to #comments) and bookmark, then Ask Max and the
 * share links, and under it the sentence of a refused toggle.
 */
export function ArticleBar(props: ArticleBarProps) {
  // A fresh state per article: the route component stays mounted from one article to the next.
  return <Bar key={props.slug} {...props} />;
}

/**
 * The comment count to show: the loader's `commentCount`, or the one the comments panel announced
 * for `slug` after a post or a delete (COMMENT_COUNT_EVENT), until the loader's count changes.
 */
function useCommentCount(slug: string, commentCount: number): number {
  const [announced, setAnnounced] = useState<[from: number, count: number] | null>(null);
  useEffect(() => {
    const listen = (event: Event) => {
      const { detail } = event as CustomEvent<CommentCountDetail>;
      if (detail.slug === slug) setAnnounced([commentCount, detail.count]);
    };
    window.addEventListener(COMMENT_COUNT_EVENT, listen);
    return () => window.removeEventListener(COMMENT_COUNT_EVENT, listen);
  }, [slug, commentCount]);
  return announced?.[0] === commentCount ? announced[1] : commentCount;
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
  const navigate = useNavigate();
  const loginUrl = `/login?next=/p/${encodeURIComponent(slug)}`;
  const onSignedOut = useCallback(() => void navigate(loginUrl), [navigate, loginUrl]);
  const comments = useCommentCount(slug, commentCount);
  const { viewer, state, error, toggle } = useReactions(
    articleId,
    slug,
    { likeCount, bookmarkCount },
    onSignedOut,
  );
  // Only signed-in readers like and bookmark; the link brings the others back here
  // (docs/product/reader.md#article-bar).
  const reaction = (kind: ReactionKind, verb: string, Icon: typeof HeartIcon) => {
    const shown = { kind, verb, Icon, reaction: state[kind] };
    const signIn = <ReactionLink {...shown} signInUrl={loginUrl} />;
    if (!articleId) return signIn;
    const onToggle = viewer === "member" ? () => toggle(kind) : null;
    return (
      <ByViewer member={<ReactionButton {...shown} onToggle={onToggle} />} anonymous={signIn} />
    );
  };

  return (
    <div className="relative flex flex-wrap items-center justify-between gap-x-4 border-y border-line py-1.5 text-sm text-muted">
      <div className="flex items-center gap-5 pl-1">
        {reaction("like", "Like", HeartIcon)}
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
        {reaction("bookmark", "Bookmark", BookmarkIcon)}
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

/** What a reaction shows: which one, its accessible verb ("Like", "Bookmark"), icon and state. */
interface ReactionShown {
  kind: ReactionKind;
  verb: string;
  Icon: typeof HeartIcon;
  reaction: Reaction;
}

/** The icon, filled when on, and the count. */
function ReactionContent({ Icon, reaction: { on, count } }: ReactionShown) {
  return (
    <>
      <Icon fill={on ? "currentColor" : "none"} />
      <span className="tabular">{count}</span>
    </>
  );
}

/** "Like, 3 likes": the start of a reaction's accessible name. */
const labelOf = ({ kind, verb, reaction }: ReactionShown) =>
  `${verb}, ${plural(reaction.count, kind, `${kind}s`)}`;

/**
 * A member's toggle (aria-pressed); `onToggle` null while their marks have not come: inert
 * (aria-disabled) and looking as it will, so nothing flashes.
 */
function ReactionButton(props: ReactionShown & { onToggle: (() => void) | null }) {
  const { kind, verb, reaction, onToggle } = props;
  return (
    <button
      type="button"
      className={`${actionClass} ${reaction.on ? "text-accent" : "hover:text-ink"}`}
      aria-pressed={reaction.on}
      aria-disabled={onToggle === null || undefined}
      aria-label={labelOf(props)}
      title={reaction.on ? `Remove ${kind}` : verb}
      onClick={onToggle ?? undefined}
    >
      <ReactionContent {...props} />
    </button>
  );
}

/** A visitor's link to `signInUrl`, which returns to the article. */
function ReactionLink(props: ReactionShown & { signInUrl: string }) {
  return (
    <Link
      to={props.signInUrl}
      className={`${actionClass} hover:text-ink`}
      aria-label={`${labelOf(props)} (sign in)`}
      title={`Sign in to ${props.kind}`}
    >
      <ReactionContent {...props} />
    </Link>
  );
}
