// A comment's like button (docs/product.md#comment-actions): a heart and the count, toggled at
// once and confirmed by the server; signed-out readers get a link to sign in instead.
import type { Comment } from "@pragmatist/contracts";
import { useState } from "react";
import { Link } from "react-router";
import { actionClass, type CommentActions } from "./comment-actions.ts";
import { commentsApi } from "./comments-api.ts";

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

/**
 * The like state of `comment` (`on`, `count`) and `toggle`: flips it at once, then takes the
 * server's answer; a refused call puts it back and goes to `actions.onFailed`.
 */
function useLike(comment: Comment, actions: CommentActions) {
  const [state, setState] = useState({ on: comment.likedByMe, count: comment.likeCount });
  const [busy, setBusy] = useState(false);
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
  return { ...state, toggle };
}

/**
 * "Like, n likes": a toggle button for signed-in readers, a link to `actions.loginUrl` for others.
 * Give it a `key` from the comment's like fields so new server data resets it.
 */
export function LikeButton({ comment, actions }: { comment: Comment; actions: CommentActions }) {
  const { on, count, toggle } = useLike(comment, actions);
  const label = `Like, ${count} ${count === 1 ? "like" : "likes"}`;
  const body = (
    <>
      <Heart on={on} />
      <span className="tabular">{count}</span>
    </>
  );
  if (!actions.signedIn) {
    return (
      <Link to={actions.loginUrl} className={actionClass} aria-label={`${label} (sign in)`}>
        {body}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={`${actionClass} ${on ? "text-accent hover:text-accent" : ""}`}
      aria-pressed={on}
      aria-label={label}
      onClick={() => void toggle()}
    >
      {body}
    </button>
  );
}
