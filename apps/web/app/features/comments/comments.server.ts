// Server side of the article's comments (docs/product/reader.md#comments): reads them for the
// server render, so the first HTML already holds the discussion; a failure stays inside the
// comments section (docs/product/reader.md#comment-thread).
import {
  type Comment,
  type CommentSort,
  commentSorts,
  type PublicationApi,
} from "@pragmatist/contracts";
import { countVisible, FIRST_THREADS } from "./count.ts";

/** What the comments panel starts from. `comments` null: not loaded here (the browser loads them). */
export interface InitialComments {
  sort: CommentSort;
  comments: Comment[] | null;
  /** The read failed: the section says so and offers to try again. */
  failed: boolean;
  /** Comments in the whole discussion (replies included), or null when not read here. */
  total: number | null;
  /** `comments` is the whole discussion, not only its first FIRST_THREADS threads. */
  complete: boolean;
}

/** The `?commentSort=` value if it is one of best | newest | oldest, else "best". */
export function commentSortOf(url: URL): CommentSort {
  const value = url.searchParams.get("commentSort");
  return (commentSorts as readonly string[]).includes(value ?? "")
    ? (value as CommentSort)
    : "best";
}

/** `?allComments=1`: the server renders every thread (the "Show all" link without JavaScript). */
export function allCommentsOf(url: URL): boolean {
  return url.searchParams.get("allComments") === "1";
}

/**
 * The article's comments in `sort` order, the same for every reader (whose own comments and likes
 * come from GET /api/viewer in the browser): the first FIRST_THREADS threads with their replies
 * (big discussions stay light), or all of them with `all`. Never throws: a failure is logged and
 * returned as `failed` so the article still renders.
 */
export async function loadComments(
  api: PublicationApi,
  slug: string,
  sort: CommentSort,
  all = false,
): Promise<InitialComments> {
  try {
    const list = await api.listComments(slug, sort);
    if (!list) return { sort, comments: null, failed: false, total: null, complete: false };
    const complete = all || list.length <= FIRST_THREADS;
    return {
      sort,
      comments: complete ? list : list.slice(0, FIRST_THREADS),
      failed: false,
      total: countVisible(list),
      complete,
    };
  } catch (error) {
    console.error("Comments could not be loaded for %s", slug, error);
    return { sort, comments: null, failed: true, total: null, complete: false };
  }
}
