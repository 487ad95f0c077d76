// Tells the article bar the discussion's new size (lib/events.ts COMMENT_COUNT_EVENT), from the
// comments panel's chunk.
import type { COMMENT_COUNT_EVENT as CountEvent, CommentCountDetail } from "../../lib/events.ts";

// Spelled out, not imported: a value from the article's chunk would split it in two. The type keeps
// both in step.
const COMMENT_COUNT_EVENT: typeof CountEvent = "pragmatist:comment-count";

/** Tells the article bar the discussion's new size (after a post, an edit, a delete). */
export function announceCount(slug: string, count: number) {
  window.dispatchEvent(
    new CustomEvent<CommentCountDetail>(COMMENT_COUNT_EVENT, { detail: { slug, count } }),
  );
}
