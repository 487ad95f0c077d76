// The comments panel's thread (docs/product/reader.md#comment-thread,
// docs/product/data.md#entity-comment): the read's failure with Try again, the skeleton
// while reading, "No comments yet", or the comments and "Show more comments".
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

/**
 * "Show more comments": appends the next page in the browser; without JavaScript, asks the server
 * for the page after `cursor`. Says so when the last try failed.
 */
function ShowMoreLink(props: {
  sort: CommentSort;
  cursor: string;
  loading: boolean;
  failed: boolean;
  onShowMore: () => void;
}) {
  const query = new URLSearchParams({ commentSort: props.sort, commentCursor: props.cursor });
  return (
    <>
      {props.failed && (
        <p role="alert" className="mt-6 text-center text-sm text-ink">
          {LOAD_FAILED}
        </p>
      )}
      <a
        href={`?${query.toString()}#comments`}
        onClick={(event) => {
          event.preventDefault();
          props.onShowMore();
        }}
        aria-disabled={props.loading || undefined}
        className="mt-6 flex items-center justify-center gap-2 rounded-lg border border-line px-4 py-2.5 text-sm font-medium text-ink transition-colors hover:bg-line/40 focus-visible:outline-2 focus-visible:outline-accent"
      >
        {props.loading && <Spinner size={14} />}
        Show more comments
      </a>
    </>
  );
}

/** What the thread shows; see `CommentsThread`. */
export interface CommentsThreadProps {
  /** The comments read so far (null: not read yet). */
  list: Comment[] | null;
  loadFailed: boolean;
  /** A read (or, with `busy`, a sort) is under way. */
  loading: boolean;
  busy: boolean;
  /** Where the next page starts ("Show more comments"), or null after the last. */
  next: string | null;
  /** The next page is being read. */
  moreLoading: boolean;
  /** The last "Show more comments" failed. */
  moreFailed: boolean;
  sort: CommentSort;
  actions: CommentActions;
  onRetry: () => void;
  onShowMore: () => void;
}

/** The discussion, aria-busy while `busy`: failure, skeleton, empty note, or the comments. */
export function CommentsThread(props: CommentsThreadProps) {
  const { list, loading } = props;
  return (
    <div className="mt-8" aria-busy={props.busy || undefined}>
      {props.loadFailed ? (
        <LoadFailedNotice loading={loading} onRetry={props.onRetry} />
      ) : list === null ? (
        <div className="space-y-4" aria-label="Loading comments">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          No comments yet. Start the discussion.
        </p>
      ) : (
        <>
          <ol className="space-y-6" aria-label="Comments">
            {list.map((c) => (
              <CommentItem
                key={c.id}
                comment={c}
                depth={0}
                parentAuthor={null}
                actions={props.actions}
              />
            ))}
          </ol>
          {props.next && (
            <ShowMoreLink
              sort={props.sort}
              cursor={props.next}
              loading={props.moreLoading}
              failed={props.moreFailed}
              onShowMore={props.onShowMore}
            />
          )}
        </>
      )}
    </div>
  );
}
