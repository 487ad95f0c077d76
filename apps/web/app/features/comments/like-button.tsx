// A comment's like button (docs/product/reader.md#comment-actions): a heart and the count, toggled
// at once and confirmed by the server; signed-out readers get a link to sign in instead. Whether
// the reader likes it is theirs alone (use-comment-marks.ts).
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
 * The like state of `comment` (`on` from the reader's marks, `count`) and `toggle`: flips both at
 * once, then takes the server's answer; a refused call puts them back and goes to
 * `actions.onFailed`. Nothing is sent until the reader is known to be a member.
 */
function useLike(comment: Comment, actions: CommentActions) {
  const { marks } = actions;
  const on = marks.isLiked(comment.id);
  const [count, setCount] = useState(comment.likeCount);
  const [busy, setBusy] = useState(false);
  async function toggle() {
    if (busy || marks.viewer !== "member") return;
    setBusy(true);
    marks.setLiked(comment.id, !on);
    setCount(count + (on ? -1 : 1));
    try {
      const r = await commentsApi.like(comment.id);
      marks.setLiked(comment.id, r.liked);
      setCount(r.likeCount);
    } catch (error) {
      marks.setLiked(comment.id, on);
      setCount(count);
      actions.onFailed(error);
    } finally {
      setBusy(false);
    }
  }
  return { on, count, toggle };
}

/**
 * "Like, n likes": a toggle button for members, a link to `actions.loginUrl` for visitors. Until
 * the reader is known it is the button, neutral and inert (aria-disabled), so it looks the same
 * either way and the page's HTML holds one control, not both. Give it a `key` from the comment's
 * like count so new server data resets it.
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
  if (actions.marks.viewer === "anonymous") {
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
      aria-disabled={actions.marks.viewer === "unknown" || undefined}
      aria-label={label}
      onClick={() => void toggle()}
    >
      {body}
    </button>
  );
}
