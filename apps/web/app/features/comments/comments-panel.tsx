// The interactive comments panel (docs/product/reader.md#comments, #comment-composer),
// loaded as its own chunk: heading with the count, sort (Best / Newest / Oldest), the composer, and
// the thread. Nothing here (nor in the modules it imports) takes a value from the article page's
// chunk.
import type { Comment, CommentSort } from "@pragmatist/contracts";
import { useNavigation } from "react-router";
import { VerifyEmailNotice } from "../../components/verify-email-notice.tsx";
import { useViewer } from "../../lib/viewer.ts";
import { CommentTargetContext, useCommentTarget } from "./comment-target.ts";
import { CommentsHeader } from "./comments-header.tsx";
import { CommentsThread } from "./comments-thread.tsx";
import { Composer } from "./composer.tsx";
import { useCommentDraft } from "./use-comment-draft.ts";
import { useCommentMarks } from "./use-comment-marks.ts";
import { useCommentPreview } from "./use-comment-preview.ts";
import { useCommentSend } from "./use-comment-send.ts";
import { useCommentsList } from "./use-comments-list.ts";

/** What the article page hands the comments section (and so this panel). */
export interface CommentsSectionProps {
  slug: string;
  /** The article's count, shown while the panel loads. */
  commentCount: number;
  sort: CommentSort;
  /** The server's first page of comments (replies folded), or null to load it in the browser. */
  comments: Comment[] | null;
  failed: boolean;
  /** Where the next page starts ("Show more comments"), or null after the last. */
  nextCursor: string | null;
}

/**
 * The discussion under an article (the default export, loaded lazily by comments-section.tsx):
 * "N Comments" and the sort, the composer (for everyone, with its Write / Preview switch;
 * signed-out readers keep their draft through sign-in; a signed-in reader whose email is not
 * verified gets "Email not verified" with "Send again" instead), and the thread, a page at a time
 * ("Show more comments"), deep and long reply lists folded ("Continue this thread", "N more
 * replies"), with the comment the address points at (`#comment-{id}`) read in, scrolled to and
 * highlighted. Needs a data router.
 */
export default function CommentsPanel(props: CommentsSectionProps) {
  const { slug, sort } = props;
  const marks = useCommentMarks(slug);
  const navigation = useNavigation();
  const thread = useCommentsList(props);
  // `#comment-{id}`: scrolled to and highlighted once the thread shows it.
  const target = useCommentTarget(thread);
  const draft = useCommentDraft(slug);
  const { sending, error, send, actions } = useCommentSend(slug, marks, thread, draft);
  const preview = useCommentPreview(slug, marks, draft, actions.onFailed);
  // Commenting needs a verified email: say so before anything is typed, not on Send.
  const viewer = useViewer();
  const unverified = viewer !== null && !viewer.confirmed;

  const sorting = navigation.state === "loading" && navigation.location.pathname === `/p/${slug}`;
  const busy = thread.loading || sorting;
  const { count } = thread;

  return (
    <>
      <CommentsHeader count={count} sort={sort} busy={busy} />
      <div className="mt-4" data-hydrated={draft.hydrated || undefined}>
        {unverified ? (
          <VerifyEmailNotice
            email={viewer.email}
            why="Please verify your email address to comment."
          />
        ) : (
          <Composer
            text={draft.text}
            onText={draft.setText}
            replyTo={draft.replyTo}
            onCancelReply={() => draft.setReplyTo(null)}
            onSend={() => void send()}
            preview={preview}
            sending={sending}
            error={error}
            fieldRef={draft.fieldRef}
            mentionsIn={viewer ? slug : null}
          />
        )}
      </div>
      <CommentTargetContext value={target}>
        <CommentsThread
          list={thread.list}
          loadFailed={thread.loadFailed}
          loading={thread.loading}
          moreLoading={thread.moreLoading}
          busy={busy}
          next={thread.next}
          moreFailed={thread.moreFailed}
          sort={sort}
          actions={actions}
          onRetry={() => void thread.reload()}
          onShowMore={() => void thread.showMore()}
        />
      </CommentTargetContext>
    </>
  );
}
