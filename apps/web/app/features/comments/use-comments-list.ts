// The comments the panel shows (docs/product/reader.md#comment-thread): the server's
// first threads or the whole discussion, read again in the browser when needed, after a change, or
// on "Show all".
import type { Comment, CommentSort } from "@pragmatist/contracts";
import { useCallback, useEffect, useState } from "react";
import { announceCount } from "./comment-count-event.ts";
import { commentsApi } from "./comments-api.ts";
import { countVisible, FIRST_THREADS } from "./count.ts";

/** What the loader read; see CommentsSectionProps in comments-panel.tsx. */
export interface LoadedComments {
  slug: string;
  sort: CommentSort;
  /** Server-read comments (the first threads unless `complete`), or null to load them here. */
  comments: Comment[] | null;
  failed: boolean;
  /** `comments` holds every thread. */
  complete: boolean;
}

/**
 * The list (null until read), whether its read failed, whether it holds every thread (`whole`)
 * and shows them all (`expanded`), and `loading` while a read runs. New loader data (another
 * sort, another article) replaces what is shown; comments not read on the server are read on
 * mount. `reload` resolves to the fresh list or null when the read failed; `refresh` also tells
 * the article bar the new count; `showAll` reads the rest first when needed.
 */
export function useCommentsList({ slug, sort, comments, failed, complete }: LoadedComments) {
  const [list, setList] = useState(comments);
  const [loadFailed, setLoadFailed] = useState(failed);
  /** `list` holds every thread (the server sends the first FIRST_THREADS of a big discussion). */
  const [whole, setWhole] = useState(complete);
  /** Every thread is shown, not only the first FIRST_THREADS (as the server sent them all). */
  const [expanded, setExpanded] = useState(complete);
  const [loading, setLoading] = useState(false);

  // New loader data (another sort, another article) replaces what is shown.
  const [source, setSource] = useState(comments);
  if (source !== comments) {
    setSource(comments);
    setList(comments);
    setLoadFailed(failed);
    setWhole(complete);
    setExpanded(complete);
  }

  /** Reads the whole discussion again; the list, or null when the read failed. */
  const reload = useCallback(async (): Promise<Comment[] | null> => {
    setLoading(true);
    try {
      const fresh = await commentsApi.list(slug, sort);
      setList(fresh);
      setWhole(true);
      setLoadFailed(false);
      return fresh;
    } catch {
      setLoadFailed(true);
      return null;
    } finally {
      setLoading(false);
    }
  }, [slug, sort]);

  // Not read on the server (no listComments there): read now.
  useEffect(() => {
    if (comments === null && !failed) void reload();
  }, [comments, failed, reload]);

  return {
    list,
    loadFailed,
    whole,
    expanded,
    loading,
    reload,
    expand: () => setExpanded(true),
    async showAll() {
      if (whole || (await reload())) setExpanded(true);
    },
    async refresh() {
      const fresh = await reload();
      if (fresh) announceCount(slug, countVisible(fresh));
      return fresh;
    },
  };
}

/** The panel's list state, as `useCommentsList` returns it. */
export type CommentsList = ReturnType<typeof useCommentsList>;

/**
 * What the thread shows: `count`, the whole discussion's comments (replies included; `total` from
 * the server while only its first threads are here), the threads `shown` (the first
 * FIRST_THREADS until expanded), and whether "Show all" is offered (`more`).
 */
export function threadView(
  { list, whole, expanded }: Pick<CommentsList, "list" | "whole" | "expanded">,
  total: number | null,
) {
  const count = list ? (whole ? countVisible(list) : (total ?? countVisible(list))) : 0;
  const shown = list && !expanded ? list.slice(0, FIRST_THREADS) : list;
  const more = !!list && !expanded && (!whole || list.length > FIRST_THREADS);
  return { count, shown, more };
}
