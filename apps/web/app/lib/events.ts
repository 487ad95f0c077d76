// Window events one feature announces and another listens to, so neither imports the other
// (docs/architecture.md "Web features").

/**
 * Window event `CustomEvent<{ slug, count }>`: an article's discussion has a new size, comments
 * and replies counted (after a post, an edit or a delete). The comments panel sends it; the
 * reader's article bar shows the count.
 */
export const COMMENT_COUNT_EVENT = "pragmatist:comment-count";

/** The `detail` of a COMMENT_COUNT_EVENT. */
export interface CommentCountDetail {
  slug: string;
  count: number;
}
