// One comment's own state (docs/product/reader.md#comment-actions): viewing, editing or confirming
// a delete, the report dialog, the call under way, "Reported", the refused call's sentence, and the
// edit, delete and report calls.
import type { Comment, ReportBody } from "@pragmatist/contracts";
import { useState } from "react";
import type { CommentActions } from "./comment-actions.ts";
import { commentsApi } from "./comments-api.ts";

/** What a comment shows: its text, the edit form, or the "Delete this comment?" question. */
export type CommentMode = "view" | "edit" | "confirm-delete";

/**
 * The comment's mode, edit `draft`, `busy` (a call under way), `reporting` (the report dialog is
 * open), `reported` and `error` (the sentence `actions.onFailed` gave for a refused call), with
 * its actions. Edit and delete reload the list through `actions.onChanged` and go back to "view"
 * once done; a report closes its dialog once sent.
 */
export function useCommentItem(comment: Comment, actions: CommentActions) {
  const [mode, setMode] = useState<CommentMode>("view");
  const [draft, setDraft] = useState(comment.content);
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
  const toView = () => setMode("view");

  return {
    mode,
    draft,
    setDraft,
    busy,
    reporting,
    reported,
    error,
    startEdit() {
      setDraft(comment.content);
      setMode("edit");
    },
    cancelEdit() {
      setMode("view");
      setDraft(comment.content);
    },
    saveEdit() {
      void run(
        () => commentsApi.edit(comment.id, draft).then(() => actions.onChanged(comment.id)),
        toView,
      );
    },
    askDelete: () => setMode("confirm-delete"),
    keep: toView,
    /** Deletes the comment: the reader's own, or (a moderator) another's through the studio. */
    remove() {
      const own = actions.marks.isOwn(comment.id);
      const call = own ? commentsApi.remove : commentsApi.moderatorRemove;
      void run(() => call(comment.id).then(() => actions.onChanged()), toView);
    },
    /** Hides another's comment and its replies from readers (moderators). */
    hide() {
      void run(() => commentsApi.hide(comment.id).then(() => actions.onChanged()), toView);
    },
    openReport() {
      setError(null);
      setReporting(true);
    },
    closeReport: () => setReporting(false),
    report(body: ReportBody) {
      void run(
        () => commentsApi.report(comment.id, body),
        () => {
          setReported(true);
          setReporting(false);
        },
      );
    },
  };
}

/** One comment's state and actions, as `useCommentItem` returns them. */
export type CommentItemState = ReturnType<typeof useCommentItem>;
