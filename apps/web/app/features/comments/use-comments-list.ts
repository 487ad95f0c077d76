// The comments the panel shows (docs/product/reader.md#comment-thread): the server's first page,
// then "Show more comments" page by page, folded replies read under their comment ("Continue this
// thread", "N more replies"), the thread around a linked comment, and the first page read again
// after a change.
import type { Comment, CommentSort } from "@pragmatist/contracts";
import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from "react";
import { announceCount } from "./comment-count-event.ts";
import { commentsApi } from "./comments-api.ts";
import { appendPage, graft, graftReplies, holds } from "./thread-tree.ts";

/** What the loader read; see CommentsSectionProps in comments-panel.tsx. */
export interface LoadedComments {
  slug: string;
  sort: CommentSort;
  /** The article's count of comments and replies readers read. */
  commentCount: number;
  /** The server's first page, or null to load it here. */
  comments: Comment[] | null;
  failed: boolean;
  /** Where the next page starts, or null after the last. */
  nextCursor: string | null;
}

/**
 * "Show more comments" (`showMore`: the page at `next` appended, `moreLoading` meanwhile,
 * `moreFailed` when it could not be read) and a comment's folded replies (`showReplies`, rejecting
 * when they cannot be read), read into the list `setList` sets.
 */
function useMorePages(
  slug: string,
  sort: CommentSort,
  state: {
    next: string | null;
    setNext: (next: string | null) => void;
    setList: Dispatch<SetStateAction<Comment[] | null>>;
  },
) {
  const { next, setNext, setList } = state;
  const [moreLoading, setMoreLoading] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  return {
    moreLoading,
    moreFailed,
    async showMore() {
      if (!next || moreLoading) return;
      setMoreLoading(true);
      setMoreFailed(false);
      try {
        const page = await commentsApi.page(slug, { sort, cursor: next });
        setList((current) => appendPage(current ?? [], page.data));
        setNext(page.meta.nextCursor);
      } catch {
        setMoreFailed(true);
      } finally {
        setMoreLoading(false);
      }
    },
    async showReplies(comment: Comment) {
      const page = await commentsApi.page(slug, {
        parent: comment.id,
        cursor: comment.repliesCursor ?? null,
      });
      setList((current) => graftReplies(current ?? [], comment, page.data, page.meta.nextCursor));
    },
  };
}

/**
 * The list (null until read), whether its read failed, the discussion's `count`, `next` (the
 * cursor of "Show more comments", null after the last page) and `loading` while the first page is
 * read, with `useMorePages`' reads. New loader data (another sort, another article) replaces what is shown;
 * comments not read on the server are read on mount. `reload` reads the first page again
 * (resolving to it, or null when the read failed); `refresh` also reads the count and tells the
 * article bar, and keeps the comment `keep` in view (the thread around it) when the first page
 * does not hold it; `reveal` lays in the thread around a comment (false when readers do not see it).
 */
export function useCommentsList(loaded: LoadedComments) {
  const { slug, sort, comments, failed, nextCursor } = loaded;
  const [list, setList] = useState(comments);
  const [next, setNext] = useState(nextCursor);
  const [loadFailed, setLoadFailed] = useState(failed);
  const [count, setCount] = useState(loaded.commentCount);
  const [loading, setLoading] = useState(false);

  // New loader data (another sort, another article) replaces what is shown.
  const [source, setSource] = useState(comments);
  if (source !== comments) {
    setSource(comments);
    setList(comments);
    setNext(nextCursor);
    setLoadFailed(failed);
  }

  /** Reads the first page again; it, or null when the read failed. */
  const reload = useCallback(async (): Promise<Comment[] | null> => {
    setLoading(true);
    try {
      const page = await commentsApi.page(slug, { sort });
      setList(page.data);
      setNext(page.meta.nextCursor);
      setLoadFailed(false);
      return page.data;
    } catch {
      setLoadFailed(true);
      return null;
    } finally {
      setLoading(false);
    }
  }, [slug, sort]);

  /** Lays in the thread around comment `id`; false when it cannot be read. */
  const reveal = useCallback(
    async (id: number): Promise<boolean> => {
      try {
        const page = await commentsApi.page(slug, { around: id });
        setList((current) => page.data.reduce(graft, current ?? []));
        return true;
      } catch {
        return false;
      }
    },
    [slug],
  );

  const more = useMorePages(slug, sort, { next, setNext, setList });

  // Not read on the server: read now.
  useEffect(() => {
    if (comments === null && !failed) void reload();
  }, [comments, failed, reload]);

  return {
    list,
    loadFailed,
    loading,
    count,
    next,
    reload,
    reveal,
    ...more,
    async refresh(keep?: number) {
      const fresh = await reload();
      if (!fresh) return;
      if (keep !== undefined && !holds(fresh, keep)) await reveal(keep);
      try {
        const n = await commentsApi.count(slug);
        setCount(n);
        announceCount(slug, n);
      } catch {
        // The count stays as it was; the thread is read.
      }
    },
  };
}

/** The panel's list state, as `useCommentsList` returns it. */
export type CommentsList = ReturnType<typeof useCommentsList>;
