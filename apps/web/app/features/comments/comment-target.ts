// The comment a link points at (`#comment-{id}`, docs/product/reader.md#notifications): scrolled
// to and highlighted once the thread holds it, reading the thread around it first when it is on a
// later page or folded.
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { markCommentNotificationsRead } from "../../lib/notification-reads.ts";
import type { CommentsList } from "./use-comments-list.ts";

/** The highlighted comment's id, or null: what each comment of the thread compares itself with. */
export const CommentTargetContext = createContext<number | null>(null);

/** Whether `id` is the comment the page's address points at (and has been scrolled to). */
export function useIsCommentTarget(id: number): boolean {
  return useContext(CommentTargetContext) === id;
}

/** A comment's anchor: `comment-{id}`, the same for every reader. */
export function commentAnchor(id: number): string {
  return `comment-${id}`;
}

/**
 * Follows `#comment-{id}` in the address: once the thread is read and shows that comment, scrolls
 * it to the middle of the screen, focuses it, marks the member's notifications of it read and
 * returns its id (to highlight it); when the thread
 * does not show it yet, reads the thread around it (once; a comment readers do not see is not
 * followed). Each address is followed once, so reading the thread again after a post does not
 * scroll back.
 * @returns the highlighted comment's id, or null.
 */
export function useCommentTarget(thread: Pick<CommentsList, "list" | "reveal">): number | null {
  const { hash, key } = useLocation();
  const match = /^#comment-(\d+)$/.exec(hash);
  const id = match ? Number(match[1]) : null;
  const [target, setTarget] = useState<number | null>(null);
  const followed = useRef<string | null>(null);
  const revealing = useRef<string | null>(null);
  const { list, reveal } = thread;

  useEffect(() => {
    if (id === null || list === null || followed.current === key) return;
    const element = document.getElementById(commentAnchor(id));
    if (element) {
      followed.current = key;
      setTarget(id);
      element.scrollIntoView({ block: "center" });
      element.focus({ preventScroll: true });
      void markCommentNotificationsRead(id);
    } else if (revealing.current !== key) {
      revealing.current = key;
      void reveal(id).then((found) => {
        if (!found) followed.current = key;
      });
    }
  }, [id, key, list, reveal]);

  return id === null ? null : target;
}
