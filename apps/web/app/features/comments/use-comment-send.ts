// Posting from the composer and what each comment may ask of the panel
// (docs/product/reader.md#comment-composer, #comment-actions): send, reply, reload after
// a change, and the sentence for a refused call.
import { useState } from "react";
import { authorName, type CommentActions } from "./comment-actions.ts";
import { CommentCallError, commentsApi } from "./comments-api.ts";
import { commentsLoginUrl, type CommentDraft } from "./use-comment-draft.ts";
import type { CommentMarks } from "./use-comment-marks.ts";
import type { CommentsList } from "./use-comments-list.ts";

/**
 * `send()` posts the draft (a reply when it has a target): signed-out readers go to sign in with
 * their draft kept (a reader not known yet tries, and a 401 sends them there), an empty text gets
 * "Write something before sending"; once posted the draft empties, the new comment is the
 * reader's own in `marks` (edit and delete), the list is read again and the article bar told its
 * count, the new comment in view even when the first page does not hold it (the thread around it). A refused call leaves the draft
 * and sets `error` (a 401 goes to sign in). `actions` is what each comment gets.
 */
export function useCommentSend(
  slug: string,
  marks: CommentMarks,
  thread: CommentsList,
  draft: CommentDraft,
) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** The sentence for a refused call; a lapsed session goes to sign-in instead. */
  function failure(e: unknown): string {
    if (e instanceof CommentCallError) {
      if (e.status === 401) {
        draft.toLogin();
        return "Please sign in to continue.";
      }
      return e.message;
    }
    return "Could not reach the server. Check your connection and try again.";
  }

  async function send() {
    if (sending) return;
    if (marks.viewer === "anonymous") return draft.toLogin();
    const content = draft.typed().trim();
    if (!content) {
      setError("Write something before sending");
      draft.fieldRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    const { replyTo } = draft;
    try {
      const posted = replyTo
        ? await commentsApi.reply(replyTo.id, content)
        : await commentsApi.post(slug, content);
      draft.setText("");
      draft.setReplyTo(null);
      marks.addOwn(posted.id);
      await thread.refresh(posted.id);
    } catch (e) {
      setError(failure(e));
    } finally {
      setSending(false);
    }
  }

  const actions: CommentActions = {
    slug,
    marks,
    loginUrl: commentsLoginUrl(slug),
    onReply(comment) {
      draft.setReplyTo({ id: comment.id, author: authorName(comment), text: comment.content });
      setError(null);
      draft.fieldRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
      draft.fieldRef.current?.focus({ preventScroll: true });
    },
    async onChanged(keep) {
      await thread.refresh(keep);
    },
    onShowReplies: (comment) => thread.showReplies(comment),
    onFailed: failure,
  };

  return { sending, error, send, actions };
}
