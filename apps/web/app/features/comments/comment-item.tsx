// One comment and its replies (docs/product/reader.md#comment-thread): author photo and name, date,
// "(edited)", the text, like, reply, and edit/delete for one's own or report for others'. Replies
// nest with a thread line; on phones the indentation stops after two levels so deep threads keep
// a readable width.
import type { Comment } from "@pragmatist/contracts";
import { useState } from "react";
import { Spinner } from "../../components/ui/action-icons.tsx";
import { CommentHtml } from "../../components/comment-html.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { formatLongDate } from "../../lib/format.ts";
import { authorName, type CommentActions } from "./comment-actions.ts";
import { CommentEditForm, CommentToolbar } from "./comment-controls.tsx";
import { commentAnchor, useIsCommentTarget } from "./comment-target.ts";
import { foldedReplies } from "./thread-tree.ts";
import { type CommentItemState, useCommentItem } from "./use-comment-item.ts";

/**
 * Class names of the replies' list under a comment at `depth` (0 = a thread): a thread line and
 * indentation; on phones two levels of it, then deeper replies stay in line (the thread line
 * remains); from depth 5 no further indentation at all.
 */
export function replyIndent(depth: number): string {
  if (depth >= 5) return "";
  if (depth >= 2)
    return "max-sm:ml-0 max-sm:border-l-0 max-sm:pl-0 sm:ml-[17px] sm:border-l sm:pl-4";
  return "ml-[17px] border-l pl-3 sm:pl-4";
}

/** The comment's byline: author, date and "(edited)". */
function CommentByline({ comment, name }: { comment: Comment; name: string }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="font-semibold text-ink">{name}</span>
      <time dateTime={comment.createdAt} className="text-muted">
        {formatLongDate(comment.createdAt)}
      </time>
      {comment.edited && <span className="text-muted">(edited)</span>}
    </p>
  );
}

/** One comment in the thread; see `CommentItem`. */
export interface CommentItemProps {
  comment: Comment;
  /** 0 for a thread, then one more per level of replies. */
  depth: number;
  /** The name of the comment's author it answers; null for a thread. */
  parentAuthor: string | null;
  actions: CommentActions;
}

/** What a comment's body needs: the item's props, the author's name and the comment's state. */
interface CommentBodyProps extends CommentItemProps {
  name: string;
  item: CommentItemState;
}

/** The highlight of the comment the address points at (`#comment-{id}`). */
const TARGET_CLASS = "rounded-lg bg-accent/10 outline-2 outline-offset-4 outline-accent/60";

/**
 * A comment that is not deleted, at its anchor (`#comment-{id}`, highlighted when the address
 * points at it): photo, byline, "Reply to …" on phones from depth 2 (where the indentation
 * stops), the text or its edit form, the controls and a refused call's sentence.
 */
function CommentBody({ comment, name, depth, parentAuthor, actions, item }: CommentBodyProps) {
  const target = useIsCommentTarget(comment.id);
  return (
    <article
      id={commentAnchor(comment.id)}
      tabIndex={-1}
      data-highlighted={target || undefined}
      className={`flex scroll-mt-24 gap-3 ${target ? TARGET_CLASS : ""}`}
      aria-label={`Comment by ${name}`}
    >
      <Avatar name={name} url={comment.author?.profilePicture?.url} size={35} />
      <div className="min-w-0 flex-1">
        <CommentByline comment={comment} name={name} />
        {parentAuthor && depth >= 2 && (
          <p className="text-xs text-muted sm:hidden">Reply to {parentAuthor}</p>
        )}
        {item.mode === "edit" ? (
          <CommentEditForm item={item} mentionsIn={actions.slug} />
        ) : (
          <CommentHtml
            html={comment.contentHtml}
            className="mt-1 text-[0.9375rem] leading-relaxed text-ink"
          />
        )}
        <CommentToolbar comment={comment} actions={actions} item={item} />
        {item.error && !item.reporting && (
          <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {item.error}
          </p>
        )}
      </div>
    </article>
  );
}

/**
 * The link to the replies folded under `comment` (`count` of them): "Continue this thread" when
 * none is shown (it sits deep), else "N more replies". It reads them in place; without
 * JavaScript it asks the server for the page with the thread around the comment.
 */
function FoldedReplies(props: { comment: Comment; count: number; actions: CommentActions }) {
  const { comment, count, actions } = props;
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const label =
    comment.subcomments.length === 0
      ? `Continue this thread (${count} ${count === 1 ? "reply" : "replies"})`
      : `${count} more ${count === 1 ? "reply" : "replies"}`;
  return (
    <p className="mt-3 text-sm">
      <a
        href={`?commentAround=${comment.id}#${commentAnchor(comment.id)}`}
        onClick={(event) => {
          event.preventDefault();
          if (loading) return;
          setLoading(true);
          setFailed(false);
          actions
            .onShowReplies(comment)
            .catch(() => setFailed(true))
            .finally(() => setLoading(false));
        }}
        aria-disabled={loading || undefined}
        className="inline-flex items-center gap-1.5 rounded font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent"
      >
        {loading && <Spinner size={12} />}
        {label}
      </a>
      {failed && (
        <span role="alert" className="ml-2 text-red-700 dark:text-red-400">
          Replies could not be loaded. Try again.
        </span>
      )}
    </p>
  );
}

/**
 * A comment (a list item) and its replies, nested one level deeper, then the link to its folded
 * replies when the page does not hold them all. A deleted comment shows as
 * such and keeps its replies.
 */
export function CommentItem(props: CommentItemProps) {
  const { comment, depth, actions } = props;
  const item = useCommentItem(comment, actions);
  const name = authorName(comment);
  const replies = comment.subcomments;
  const folded = foldedReplies(comment);
  return (
    <li>
      {comment.deleted ? (
        <p
          id={commentAnchor(comment.id)}
          className="scroll-mt-24 rounded-lg bg-line/40 px-3 py-2 text-sm text-muted italic"
        >
          This comment was deleted
        </p>
      ) : (
        <CommentBody {...props} name={name} item={item} />
      )}
      {replies.length > 0 && (
        <ol
          className={`mt-4 space-y-4 border-line ${replyIndent(depth)}`}
          aria-label={`Replies to ${name}`}
        >
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
      {folded > 0 && (
        <div className={`border-line ${replyIndent(depth)}`}>
          <FoldedReplies comment={comment} count={folded} actions={actions} />
        </div>
      )}
    </li>
  );
}
