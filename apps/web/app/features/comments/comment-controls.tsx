// A comment's controls (docs/product/reader.md#comment-actions): the edit form, and the row of
// Like, Reply, Edit/Delete (with its confirmation) for one's own comment or Report (with its
// dialog) for others'.
import { useId, useRef } from "react";
import type { Comment } from "@pragmatist/contracts";
import { Spinner } from "../../components/ui/action-icons.tsx";
import { actionClass, authorName, type CommentActions } from "./comment-actions.ts";
import { COMMENT_MAX } from "./composer.tsx";
import { LikeButton } from "./like-button.tsx";
import { useMentionBox } from "./mention-box.tsx";
import { ReportDialog } from "./report-dialog.tsx";
import type { CommentItemState } from "./use-comment-item.ts";

/**
 * Editing one's comment: the text in a 4-row box with the suggestions after `@` of the article
 * `mentionsIn` (docs/product/reader.md#mentions), Save (not for an empty text) and Cancel.
 */
export function CommentEditForm({
  item,
  mentionsIn,
}: {
  item: CommentItemState;
  mentionsIn: string;
}) {
  const fieldId = useId();
  const labelId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionBox(mentionsIn, item.draft, item.setDraft);
  return (
    <form
      className="mt-1.5 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        item.saveEdit();
      }}
    >
      <label id={labelId} htmlFor={fieldId} className="sr-only">
        Edit your comment
      </label>
      <div className="relative">
        <textarea
          id={fieldId}
          ref={fieldRef}
          rows={4}
          maxLength={COMMENT_MAX}
          value={item.draft}
          {...mentions.events}
          className="block w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-[0.9375rem] text-ink focus:border-accent focus:outline-2 focus:outline-accent/30"
        />
        {mentions.list({ fieldRef, inputId: fieldId, labelId })}
      </div>
      <div className="flex gap-2 text-sm">
        <button
          type="submit"
          disabled={item.busy || !item.draft.trim()}
          className={`${actionClass} font-medium text-accent`}
        >
          {item.busy && <Spinner size={12} />}Save
        </button>
        <button type="button" className={actionClass} onClick={item.cancelEdit}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** "Delete this comment?" with "Yes, delete" (a spinner while the call runs) and Keep. */
function DeleteConfirm({ item }: { item: CommentItemState }) {
  return (
    <span role="group" aria-label="Confirm delete" className="inline-flex items-center gap-1">
      <span className="px-1 text-ink">Delete this comment?</span>
      <button
        type="button"
        disabled={item.busy}
        className={`${actionClass} font-medium text-red-700 hover:text-red-700 dark:text-red-400`}
        onClick={item.remove}
      >
        {item.busy && <Spinner size={12} />}Yes, delete
      </button>
      <button type="button" className={actionClass} onClick={item.keep}>
        Keep
      </button>
    </span>
  );
}

/**
 * The row under a comment: Like, Reply; on one's own comment Edit and Delete (or the delete
 * question); on others' Report for signed-in readers, which asks why in a dialog, and for
 * moderators Hide and Delete (docs/product/studio.md#studio-moderation). Both wait until
 * the reader's marks are here (nothing moves: they end the row). Once sent, Report reads
 * "Reported" and does nothing more; it stays focusable (aria-disabled), so the focus the closing
 * dialog gives back lands on it and a screen reader says so.
 */
export function CommentToolbar(props: {
  comment: Comment;
  actions: CommentActions;
  item: CommentItemState;
}) {
  const { comment, actions, item } = props;
  const own = actions.marks.isOwn(comment.id);
  return (
    <div className="mt-1 -ml-1.5 flex flex-wrap items-center gap-x-1 text-sm">
      <LikeButton key={comment.likeCount} comment={comment} actions={actions} />
      <button type="button" className={actionClass} onClick={() => actions.onReply(comment)}>
        Reply
      </button>
      {own && item.mode === "view" && (
        <>
          <button type="button" className={actionClass} onClick={item.startEdit}>
            Edit
          </button>
          <button type="button" className={actionClass} onClick={item.askDelete}>
            Delete
          </button>
        </>
      )}
      {item.mode === "confirm-delete" && <DeleteConfirm item={item} />}
      {!own && actions.marks.viewer === "member" && (
        <>
          <button
            type="button"
            className={`${actionClass} aria-disabled:opacity-50`}
            aria-disabled={item.reported || undefined}
            onClick={item.reported ? undefined : item.openReport}
            aria-haspopup={item.reported ? undefined : "dialog"}
          >
            {item.reported ? "Reported" : "Report"}
          </button>
          <ReportDialog
            open={item.reporting}
            author={authorName(comment)}
            busy={item.busy}
            error={item.reporting ? item.error : null}
            onReport={item.report}
            onClose={item.closeReport}
          />
        </>
      )}
      {!own && actions.marks.moderator && item.mode === "view" && (
        <>
          <button
            type="button"
            disabled={item.busy}
            className={actionClass}
            onClick={item.hide}
            title="Hide it and its replies from readers"
          >
            {item.busy && <Spinner size={12} />}Hide
          </button>
          <button type="button" className={actionClass} onClick={item.askDelete}>
            Delete
          </button>
        </>
      )}
    </div>
  );
}
