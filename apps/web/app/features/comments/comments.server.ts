// Server side of the article's comments (docs/product/reader.md#comments): reads their first page
// for the server render, so the first HTML already holds the discussion; a failure stays inside the
// comments section (docs/product/reader.md#comment-thread).
import {
  COMMENT_PAGE_DEFAULT,
  type Comment,
  type CommentSort,
  commentSorts,
  type PublicationApi,
} from "@pragmatist/contracts";
import { graft } from "./thread-tree.ts";

/** What the comments panel starts from. `comments` null: not loaded here (the browser loads them). */
export interface InitialComments {
  sort: CommentSort;
  comments: Comment[] | null;
  /** The read failed: the section says so and offers to try again. */
  failed: boolean;
  /** Where the next page of top-level comments starts, or null after the last. */
  nextCursor: string | null;
}

/** Where the page's address asks the discussion to be: `?commentSort=`, `?commentCursor=`, `?commentAround=`. */
export interface CommentsAddress {
  /** best | newest | oldest; "best" for anything else. */
  sort: CommentSort;
  /** The page after this cursor ("Show more comments" without JavaScript). */
  cursor: string | null;
  /** The thread around this comment too ("Continue this thread" without JavaScript). */
  around: number | null;
}

/** What `url`'s query asks of the comments (see CommentsAddress); values it cannot use are ignored. */
export function commentsAddressOf(url: URL): CommentsAddress {
  const value = url.searchParams.get("commentSort");
  const around = /^[1-9]\d{0,9}$/.exec(url.searchParams.get("commentAround") ?? "");
  return {
    sort: (commentSorts as readonly string[]).includes(value ?? "")
      ? (value as CommentSort)
      : "best",
    cursor: url.searchParams.get("commentCursor")?.slice(0, 300) || null,
    around: around ? Number(around[0]) : null,
  };
}

/**
 * The article's comments, the same for every reader (whose own comments and likes come from GET
 * /api/viewer in the browser): the page of COMMENT_PAGE_DEFAULT top-level comments at
 * `address.cursor` in its sort, replies folded, with the thread around `address.around` laid in
 * when it asks for one. Never throws: a failure (a cursor of another order, a comment readers do
 * not see) is logged and returned as `failed` so the article still renders.
 */
export async function loadComments(
  api: PublicationApi,
  slug: string,
  address: CommentsAddress,
): Promise<InitialComments> {
  const { sort, cursor, around } = address;
  try {
    const page = await api.findCommentPage(slug, {
      sort,
      limit: COMMENT_PAGE_DEFAULT,
      ...(cursor ? { cursor } : {}),
    });
    if (!page) return { sort, comments: null, failed: false, nextCursor: null };
    let comments = page.data;
    if (around !== null) {
      const thread = await api.findCommentPage(slug, { sort, limit: 1, around });
      for (const root of thread?.data ?? []) comments = graft(comments, root);
    }
    return { sort, comments, failed: false, nextCursor: page.meta.nextCursor };
  } catch (error) {
    console.error("Comments could not be loaded for %s", slug, error);
    return { sort, comments: null, failed: true, nextCursor: null };
  }
}
