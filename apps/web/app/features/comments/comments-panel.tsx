// The interactive comments panel (spec §2, §4 "Comment composer", issue #4), loaded as its own
// chunk: heading with the count, sort (Best / Newest / Oldest), the composer, and the thread.
import type { Comment, CommentSort } from "@pragmatist/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/icons.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useViewer } from "../../lib/viewer.ts";
import { type CommentActions, CommentItem } from "./comment-item.tsx";
import { CommentCallError, commentsApi } from "./comments-api.ts";
import type { COMMENT_COUNT_EVENT as CountEvent, CommentCountDetail } from "../../lib/events.ts";
import { Composer, type ReplyTarget } from "./composer.tsx";
import { countVisible, FIRST_THREADS } from "./count.ts";

const SORTS: [CommentSort, string][] = [
  ["best", "Best"],
  ["newest", "Newest"],
  ["oldest", "Oldest"],
];

const LOAD_FAILED = "Comments could not be loaded. Try again.";

// Spelled out, not imported: a value from the article's chunk would split it in two. The type keeps
// both in step.
const COMMENT_COUNT_EVENT: typeof CountEvent = "pragmatist:comment-count";

/** Tells the article bar the discussion's new size (after a post, an edit, a delete). */
function announceCount(slug: string, count: number) {
  window.dispatchEvent(
    new CustomEvent<CommentCountDetail>(COMMENT_COUNT_EVENT, { detail: { slug, count } }),
  );
}

/** What the article page hands the comments section (and so this panel). */
export interface CommentsSectionProps {
  slug: string;
  /** The article's count, shown while the panel loads. */
  commentCount: number;
  sort: CommentSort;
  /** Server-read comments (the first threads unless `complete`), or null to load them in the browser. */
  comments: Comment[] | null;
  failed: boolean;
  /** Comments in the whole discussion, replies included, or null when not read on the server. */
  total: number | null;
  /** `comments` holds every thread. */
  complete: boolean;
}

/** sessionStorage key of a signed-out reader's draft for one article (kept through sign-in). */
const draftKey = (slug: string) => `pragmatist.commentDraft.${slug}`;

export default function CommentsPanel({
  slug,
  sort,
  comments,
  failed,
  total,
  complete,
}: CommentsSectionProps) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [list, setList] = useState(comments);
  const [loadFailed, setLoadFailed] = useState(failed);
  /** `list` holds every thread (the server sends the first FIRST_THREADS of a big discussion). */
  const [whole, setWhole] = useState(complete);
  /** Every thread is shown, not only the first FIRST_THREADS (as the server sent them all). */
  const [expanded, setExpanded] = useState(complete);
  const [loading, setLoading] = useState(false);
  const [text, setText] = useState("");
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const loginUrl = `/login?next=${encodeURIComponent(`/p/${slug}#comments`)}`;

  // New loader data (another sort, another article) replaces what is shown.
  const [source, setSource] = useState(comments);
  if (source !== comments) {
    setSource(comments);
    setList(comments);
    setLoadFailed(failed);
    setWhole(complete);
    setExpanded(complete);
  }

  /** Reads the whole discussion again; the list, or null when the read failed. */
  const reload = useCallback(async (): Promise<Comment[] | null> => {
    setLoading(true);
    try {
      const fresh = await commentsApi.list(slug, sort);
      setList(fresh);
      setWhole(true);
      setLoadFailed(false);
      return fresh;
    } catch {
      setLoadFailed(true);
      return null;
    } finally {
      setLoading(false);
    }
  }, [slug, sort]);

  async function showAll() {
    if (whole || (await reload())) setExpanded(true);
  }

  // Not read on the server (no listComments there): read now.
  useEffect(() => {
    if (comments === null && !failed) void reload();
  }, [comments, failed, reload]);

  // A draft kept through sign-in comes back (spec §4; issue #4).
  useEffect(() => {
    setHydrated(true);
    const saved = sessionStorage.getItem(draftKey(slug));
    if (!saved) return;
    try {
      const draft = JSON.parse(saved) as { text?: string; replyTo?: ReplyTarget | null };
      setText(draft.text ?? "");
      setReplyTo(draft.replyTo ?? null);
    } catch {
      // A damaged draft is dropped.
    }
    sessionStorage.removeItem(draftKey(slug));
  }, [slug]);

  // Read from the box itself: words typed before hydration are not in React state yet.
  const typed = () => fieldRef.current?.value ?? text;

  function toLogin() {
    sessionStorage.setItem(draftKey(slug), JSON.stringify({ text: typed(), replyTo }));
    void navigate(loginUrl);
  }

  /** The sentence for a refused call; a lapsed session goes to sign-in instead. */
  function failure(e: unknown): string {
    if (e instanceof CommentCallError) {
      if (e.status === 401) {
        toLogin();
        return "Please sign in to continue.";
      }
      return e.message;
    }
    return "Could not reach the server. Check your connection and try again.";
  }

  async function send() {
    if (sending) return;
    if (!viewer) return toLogin();
    const content = typed().trim();
    if (!content) {
      setError("Write something before sending");
      fieldRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      const posted = replyTo
        ? await commentsApi.reply(replyTo.id, content)
        : await commentsApi.post(slug, content);
      setText("");
      setReplyTo(null);
      const fresh = await reload();
      if (fresh) announceCount(slug, countVisible(fresh));
      // A new thread beyond the first ones shows with all of them.
      if (!replyTo && fresh && !fresh.slice(0, FIRST_THREADS).some((c) => c.id === posted.id)) {
        setExpanded(true);
      }
    } catch (e) {
      setError(failure(e));
    } finally {
      setSending(false);
    }
  }

  const actions: CommentActions = {
    signedIn: !!viewer,
    loginUrl,
    onReply(comment) {
      setReplyTo({
        id: comment.id,
        author: comment.author?.username ?? "Deleted member",
        text: comment.content,
      });
      setError(null);
      fieldRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
      fieldRef.current?.focus({ preventScroll: true });
    },
    async onChanged() {
      const fresh = await reload();
      if (fresh) announceCount(slug, countVisible(fresh));
    },
    onFailed: failure,
  };

  const sorting = navigation.state === "loading" && navigation.location.pathname === `/p/${slug}`;
  // The whole discussion's count, also while only its first threads are here.
  const n = list ? (whole ? countVisible(list) : (total ?? countVisible(list))) : 0;
  const shown = list && !expanded ? list.slice(0, FIRST_THREADS) : list;
  const more = !!list && !expanded && (!whole || list.length > FIRST_THREADS);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-title" className="text-xl font-semibold tracking-tight">
          {n} {n === 1 ? "Comment" : "Comments"}
        </h2>
        <nav aria-label="Sort comments" className="flex items-center gap-2 text-sm">
          {(loading || sorting) && <Spinner size={14} className="text-muted" />}
          <span className="inline-flex rounded-lg border border-line bg-surface p-0.5">
            {SORTS.map(([value, label]) => (
              <Link
                key={value}
                to={`?commentSort=${value}`}
                replace
                preventScrollReset
                aria-current={value === sort ? "true" : undefined}
                className={`rounded-md px-2.5 py-1 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-accent ${
                  value === sort ? "bg-accent text-accent-ink" : "text-muted hover:text-ink"
                }`}
              >
                {label}
              </Link>
            ))}
          </span>
        </nav>
      </div>
      <div className="mt-4" data-hydrated={hydrated || undefined}>
        <Composer
          text={text}
          onText={setText}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onSend={() => void send()}
          sending={sending}
          error={error}
          fieldRef={fieldRef}
        />
      </div>
      <div className="mt-8" aria-busy={loading || sorting || undefined}>
        {loadFailed ? (
          <div role="alert" className="rounded-lg border border-line px-4 py-5 text-center text-sm">
            <p className="text-ink">{LOAD_FAILED}</p>
            <Button
              variant="secondary"
              className="mt-3"
              onClick={() => void reload()}
              disabled={loading}
            >
              {loading && <Spinner size={14} />}
              Try again
            </Button>
          </div>
        ) : list === null ? (
          <div className="space-y-4" aria-label="Loading comments">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : list.length === 0 || !shown ? (
          <p className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
            No comments yet. Start the discussion.
          </p>
        ) : (
          <>
            <ol className="space-y-6" aria-label="Comments">
              {shown.map((c) => (
                <CommentItem
                  key={c.id}
                  comment={c}
                  depth={0}
                  parentAuthor={null}
                  actions={actions}
                />
              ))}
            </ol>
            {more && (
              // Without JavaScript the link asks the server for every thread.
              <a
                href={`?commentSort=${sort}&allComments=1#comments`}
                onClick={(event) => {
                  event.preventDefault();
                  void showAll();
                }}
                aria-disabled={loading || undefined}
                className="mt-6 flex items-center justify-center gap-2 rounded-lg border border-line px-4 py-2.5 text-sm font-medium text-ink transition-colors hover:bg-line/40 focus-visible:outline-2 focus-visible:outline-accent"
              >
                {loading && <Spinner size={14} />}
                Show all {n} comments
              </a>
            )}
          </>
        )}
      </div>
    </>
  );
}
