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
import { threadView, useCommentsList } from "./use-comments-list.ts";

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

/**
 * The discussion under an article (the default export, loaded lazily by comments-section.tsx):
 * "N Comments" and the sort, the composer (for everyone, with its Write / Preview switch;
 * signed-out readers keep their draft through sign-in; a signed-in reader whose email is not
 * verified gets "Email not verified" with "Send again" instead), and the thread, first threads
 * then "Show all", with the comment the address points at (`#comment-{id}`) scrolled to and
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
  const preview = useCommentPreview(marks, draft, actions.onFailed);
  // Commenting needs a verified email: say so before anything is typed, not on Send.
  const viewer = useViewer();
  const unverified = viewer !== null && !viewer.confirmed;

  const sorting = navigation.state === "loading" && navigation.location.pathname === `/p/${slug}`;
  const busy = thread.loading || sorting;
  // The whole discussion's count, also while only its first threads are here.
  const { count, shown, more } = threadView(thread, props.total);

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
          />
        )}
      </div>
      <CommentTargetContext value={target}>
        <CommentsThread
          list={thread.list}
          shown={shown}
          loadFailed={thread.loadFailed}
          loading={thread.loading}
          busy={busy}
          more={more}
          count={count}
          sort={sort}
          actions={actions}
          onRetry={() => void thread.reload()}
          onShowAll={() => void thread.showAll()}
        />
      </CommentTargetContext>
    </>
  );
}
