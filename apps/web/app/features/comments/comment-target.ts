// The comment a link points at (`#comment-{id}`, docs/product/reader.md#notifications): scrolled
// to and highlighted once the thread holds it, reading every thread first when it is not among
// the first ones shown.
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
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
 * it to the middle of the screen, focuses it and returns its id (to highlight it); when the thread
 * does not show it yet, shows every thread (once). Each address is followed once, so reading the
 * thread again after a post does not scroll back.
 * @returns the highlighted comment's id, or null.
 */
export function useCommentTarget(
  thread: Pick<CommentsList, "list" | "expanded" | "showAll">,
): number | null {
  const { hash, key } = useLocation();
  const match = /^#comment-(\d+)$/.exec(hash);
  const id = match ? Number(match[1]) : null;
  const [target, setTarget] = useState<number | null>(null);
  const followed = useRef<string | null>(null);
  const expanding = useRef<string | null>(null);
  const { list, expanded, showAll } = thread;

  useEffect(() => {
    if (id === null || list === null || followed.current === key) return;
    const element = document.getElementById(commentAnchor(id));
    if (element) {
      followed.current = key;
      setTarget(id);
      element.scrollIntoView({ block: "center" });
      element.focus({ preventScroll: true });
    } else if (!expanded) {
      if (expanding.current !== key) void showAll();
      expanding.current = key;
    } else {
      followed.current = key;
    }
  }, [id, key, list, expanded, showAll]);

  return id === null ? null : target;
}
