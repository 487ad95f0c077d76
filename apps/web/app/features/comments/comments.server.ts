// Server side of the article's comments (issue #4): reads them for the server render, so the
// first HTML already holds the discussion; a failure stays inside the comments section (spec §8).
import {
  type Comment,
  type CommentSort,
  commentSorts,
  type PublicationApi,
} from "@pragmatist/contracts";

/** What the comments panel starts from. `comments` null: not loaded here (the browser loads them). */
export interface InitialComments {
  sort: CommentSort;
  comments: Comment[] | null;
  /** The read failed: the section says so and offers to try again. */
  failed: boolean;
}

/** The `?commentSort=` value if it is one of best | newest | oldest, else "best". */
export function commentSortOf(url: URL): CommentSort {
  const value = url.searchParams.get("commentSort");
  return (commentSorts as readonly string[]).includes(value ?? "")
    ? (value as CommentSort)
    : "best";
}

/**
 * The article's comments in `sort` order as `viewerId` sees them (likedByMe, mine). Never throws:
 * a failure is logged and returned as `failed` so the article still renders.
 */
export async function loadComments(
  api: PublicationApi,
  slug: string,
  sort: CommentSort,
  viewerId: number | null,
): Promise<InitialComments> {
  try {
    return { sort, comments: await api.listComments(slug, sort, viewerId), failed: false };
  } catch (error) {
    console.error("Comments could not be loaded for %s", slug, error);
    return { sort, comments: null, failed: true };
  }
}
