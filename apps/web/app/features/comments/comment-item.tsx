// One comment and its replies (spec §3): author photo and name, date, "(edited)", the text, like,
// reply, and edit/delete for one's own or report for others'. Replies nest with a thread line; on
// phones the indentation stops after two levels so deep threads keep a readable width.
import type { Comment } from "@pragmatist/contracts";
import { useState } from "react";
import { Link } from "react-router";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Spinner } from "../../components/ui/icons.tsx";
import { formatLongDate } from "../../lib/format.ts";
import { CommentText } from "./comment-text.tsx";
import { commentsApi } from "./comments-api.ts";
import { COMMENT_MAX } from "./composer.tsx";

/** What a comment asks of the panel. */
export interface CommentActions {
  signedIn: boolean;
  loginUrl: string;
  onReply: (comment: Comment) => void;
  /** Reload the list after an edit or a delete. */
  onChanged: () => Promise<void>;
  /** A call was refused: 401 sends the reader to sign in; others show the sentence. */
  onFailed: (error: unknown) => string;
}

const action =
  "inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-muted transition-colors hover:bg-line/60 hover:text-ink focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50";

function Heart({ on }: { on: boolean }) {
  return (
    <svg
      width="15"
      height="15"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill={on ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="1.9"
      strokeLinejoin="round"
    >
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
    </svg>
  );
}

function LikeButton({ comment, actions }: { comment: Comment; actions: CommentActions }) {
  const [state, setState] = useState({ on: comment.likedByMe, count: comment.likeCount });
  const [busy, setBusy] = useState(false);
  const label = `Like, ${state.count} ${state.count === 1 ? "like" : "likes"}`;
  const body = (
    <>
      <Heart on={state.on} />
      <span className="tabular">{state.count}</span>
    </>
  );
  if (!actions.signedIn) {
    return (
      <Link to={actions.loginUrl} className={action} aria-label={`${label} (sign in)`}>
        {body}
      </Link>
    );
  }
  async function toggle() {
    if (busy) return;
    const before = state;
    setBusy(true);
    setState({ on: !before.on, count: before.count + (before.on ? -1 : 1) });
    try {
      const r = await commentsApi.like(comment.id);
      setState({ on: r.liked, count: r.likeCount });
    } catch (error) {
      setState(before);
      actions.onFailed(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={`${action} ${state.on ? "text-accent hover:text-accent" : ""}`}
      aria-pressed={state.on}
      aria-label={label}
      onClick={() => void toggle()}
    >
      {body}
    </button>
  );
}

export function CommentItem({
  comment,
  depth,
  parentAuthor,
  actions,
}: {
  comment: Comment;
  depth: number;
  parentAuthor: string | null;
  actions: CommentActions;
}) {
  const [mode, setMode] = useState<"view" | "edit" | "confirm-delete">("view");
  const [draft, setDraft] = useState(comment.content);
  const [busy, setBusy] = useState(false);
  const [reported, setReported] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = comment.author?.username ?? "Deleted member";

  async function run(task: () => Promise<unknown>, after?: () => void) {
    setBusy(true);
    setError(null);
    try {
      await task();
      after?.();
    } catch (e) {
      setError(actions.onFailed(e));
    } finally {
      setBusy(false);
    }
  }

  const replies = comment.subcomments;
  // Phones: two levels of indentation, then deeper replies stay in line (the thread line remains).
  const nested =
    depth >= 5
      ? ""
      : depth >= 2
        ? "max-sm:ml-0 max-sm:border-l-0 max-sm:pl-0 sm:ml-[17px] sm:border-l sm:pl-4"
        : "ml-[17px] border-l pl-3 sm:pl-4";

  return (
    <li>
      {comment.deleted ? (
        <p className="rounded-lg bg-line/40 px-3 py-2 text-sm text-muted italic">
          This comment was deleted
        </p>
      ) : (
        <article className="flex gap-3" aria-label={`Comment by ${name}`}>
          <Avatar name={name} url={comment.author?.profilePicture?.url} size={35} />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold text-ink">{name}</span>
              <time dateTime={comment.createdAt} className="text-muted">
                {formatLongDate(comment.createdAt)}
              </time>
              {comment.edited && <span className="text-muted">(edited)</span>}
            </p>
            {parentAuthor && depth >= 2 && (
              <p className="text-xs text-muted sm:hidden">Reply to {parentAuthor}</p>
            )}
            {mode === "edit" ? (
              <form
                className="mt-1.5 space-y-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  void run(
                    () => commentsApi.edit(comment.id, draft).then(actions.onChanged),
                    () => setMode("view"),
                  );
                }}
              >
                <textarea
                  aria-label="Edit your comment"
                  rows={4}
                  maxLength={COMMENT_MAX}
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  className="block w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-[0.9375rem] text-ink focus:border-accent focus:outline-2 focus:outline-accent/30"
                />
                <div className="flex gap-2 text-sm">
                  <button
                    type="submit"
                    disabled={busy || !draft.trim()}
                    className={`${action} font-medium text-accent`}
                  >
                    {busy && <Spinner size={12} />}Save
                  </button>
                  <button
                    type="button"
                    className={action}
                    onClick={() => {
                      setMode("view");
                      setDraft(comment.content);
                    }}
                  >
                    Cancel
                  </button>
                </div>
              </form>
            ) : (
              <CommentText
                text={comment.content}
                className="mt-1 text-[0.9375rem] leading-relaxed text-ink"
              />
            )}
            <div className="mt-1 -ml-1.5 flex flex-wrap items-center gap-x-1 text-sm">
              <LikeButton
                key={`${comment.likedByMe}:${comment.likeCount}`}
                comment={comment}
                actions={actions}
              />
              <button type="button" className={action} onClick={() => actions.onReply(comment)}>
                Reply
              </button>
              {comment.mine && mode === "view" && (
                <>
                  <button
                    type="button"
                    className={action}
                    onClick={() => {
                      setDraft(comment.content);
                      setMode("edit");
                    }}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={action}
                    onClick={() => setMode("confirm-delete")}
                  >
                    Delete
                  </button>
                </>
              )}
              {comment.mine && mode === "confirm-delete" && (
                <span
                  role="group"
                  aria-label="Confirm delete"
                  className="inline-flex items-center gap-1"
                >
                  <span className="px-1 text-ink">Delete this comment?</span>
                  <button
                    type="button"
                    disabled={busy}
                    className={`${action} font-medium text-red-700 hover:text-red-700 dark:text-red-400`}
                    onClick={() =>
                      void run(
                        () => commentsApi.remove(comment.id).then(actions.onChanged),
                        () => setMode("view"),
                      )
                    }
                  >
                    {busy && <Spinner size={12} />}Yes, delete
                  </button>
                  <button type="button" className={action} onClick={() => setMode("view")}>
                    Keep
                  </button>
                </span>
              )}
              {!comment.mine && actions.signedIn && (
                <button
                  type="button"
                  className={action}
                  disabled={reported || busy}
                  onClick={() =>
                    void run(
                      () => commentsApi.report(comment.id),
                      () => setReported(true),
                    )
                  }
                >
                  {reported ? "Reported" : "Report"}
                </button>
              )}
            </div>
            {error && (
              <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            )}
          </div>
        </article>
      )}
      {replies.length > 0 && (
        <ol className={`mt-4 space-y-4 border-line ${nested}`} aria-label={`Replies to ${name}`}>
          {replies.map((reply) => (
            <CommentItem
              key={reply.id}
              comment={reply}
              depth={depth + 1}
              parentAuthor={name}
              actions={actions}
            />
          ))}
        </ol>
      )}
    </li>
  );
}
