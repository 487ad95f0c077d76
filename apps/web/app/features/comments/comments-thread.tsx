// The comments panel's thread (docs/product/reader.md#comment-thread,
// docs/product/data.md#entity-comment): the read's failure with Try again, the skeleton
// while reading, "No comments yet", or the comments and "Show all".
import type { Comment, CommentSort } from "@pragmatist/contracts";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/action-icons.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import type { CommentActions } from "./comment-actions.ts";
import { CommentItem } from "./comment-item.tsx";

const LOAD_FAILED = "Comments could not be loaded. Try again.";

/** The read failed: the sentence and Try again (disabled, with a spinner, while reading). */
function LoadFailedNotice({ loading, onRetry }: { loading: boolean; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-line px-4 py-5 text-center text-sm">
      <p className="text-ink">{LOAD_FAILED}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry} disabled={loading}>
        {loading && <Spinner size={14} />}
        Try again
      </Button>
    </div>
  );
}

/** "Show all N comments": reads the rest in the browser; without JavaScript, asks the server. */
function ShowAllLink(props: {
  sort: CommentSort;
  count: number;
  loading: boolean;
  onShowAll: () => void;
}) {
  return (
    // Without JavaScript the link asks the server for every thread.
    <a
      href={`?commentSort=${props.sort}&allComments=1#comments`}
      onClick={(event) => {
        event.preventDefault();
        props.onShowAll();
      }}
      aria-disabled={props.loading || undefined}
      className="mt-6 flex items-center justify-center gap-2 rounded-lg border border-line px-4 py-2.5 text-sm font-medium text-ink transition-colors hover:bg-line/40 focus-visible:outline-2 focus-visible:outline-accent"
    >
      {props.loading && <Spinner size={14} />}
      Show all {props.count} comments
    </a>
  );
}

/** What the thread shows; see `CommentsThread`. */
export interface CommentsThreadProps {
  /** Every comment read (null: not read yet). */
  list: Comment[] | null;
  /** The threads to show (see threadView). */
  shown: Comment[] | null;
  loadFailed: boolean;
  /** A read (or, with `busy`, a sort) is under way. */
  loading: boolean;
  busy: boolean;
  /** "Show all" is offered, naming `count` comments. */
  more: boolean;
  count: number;
  sort: CommentSort;
  actions: CommentActions;
  onRetry: () => void;
  onShowAll: () => void;
}

/** The discussion, aria-busy while `busy`: failure, skeleton, empty note, or the comments. */
export function CommentsThread(props: CommentsThreadProps) {
  const { list, shown, loading } = props;
  return (
    <div className="mt-8" aria-busy={props.busy || undefined}>
      {props.loadFailed ? (
        <LoadFailedNotice loading={loading} onRetry={props.onRetry} />
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
                actions={props.actions}
              />
            ))}
          </ol>
          {props.more && (
            <ShowAllLink
              sort={props.sort}
              count={props.count}
              loading={loading}
              onShowAll={props.onShowAll}
            />
          )}
        </>
      )}
    </div>
  );
}
