// The reader's own marks on the article's comments (docs/architecture.md#caching): the thread is
// the same for every reader, so which comments they wrote and like comes from the viewer store
// (GET /api/viewer) and is kept true to what they do here.
import type { ViewerArticle } from "@pragmatist/contracts";
import { useMemo } from "react";
import {
  isEditor,
  updateViewerArticle,
  useViewerMarks,
  useViewerSnapshot,
  type ViewerStatus,
} from "../../lib/viewer.ts";

/** Who reads the article's comments and which of them are theirs; see `useCommentMarks`. */
export interface CommentMarks {
  /**
   * "member" once the reader's marks on this article are here, "anonymous" for a visitor, and
   * "unknown" before (the server render, hydration, the wait for GET /api/viewer).
   */
  viewer: ViewerStatus;
  /**
   * The reader moderates (an editor or an admin, docs/product/studio.md#studio-moderation): hide
   * and delete are offered on others' comments, as in the studio's queue.
   */
  moderator: boolean;
  /** The reader wrote the comment: edit and delete are offered. */
  isOwn: (id: number) => boolean;
  /** The reader likes the comment. */
  isLiked: (id: number) => boolean;
  /** Records the reader's new comment or reply. */
  addOwn: (id: number) => void;
  /** Records the reader's like of the comment (true) or its withdrawal. */
  setLiked: (id: number, liked: boolean) => void;
}

/**
 * The marks of the reader of the article `slug`, from the viewer store; changes go to the store
 * (`updateViewerArticle`) only while it holds this article's marks.
 */
export function useCommentMarks(slug: string): CommentMarks {
  const { status, marks } = useViewerMarks(slug);
  const { user } = useViewerSnapshot();
  const own = useMemo(() => new Set(marks?.ownComments), [marks]);
  const liked = useMemo(() => new Set(marks?.likedComments), [marks]);
  const update = (change: (article: ViewerArticle) => ViewerArticle) =>
    updateViewerArticle(slug, change);
  return {
    viewer: status,
    moderator: status === "member" && isEditor(user?.role),
    isOwn: (id) => own.has(id),
    isLiked: (id) => liked.has(id),
    addOwn: (id) => update((a) => ({ ...a, ownComments: [...a.ownComments, id] })),
    setLiked: (id, on) =>
      update((a) => {
        const others = a.likedComments.filter((other) => other !== id);
        return { ...a, likedComments: on ? [...others, id] : others };
      }),
  };
}
