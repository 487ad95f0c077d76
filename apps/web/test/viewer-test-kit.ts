// Test kit of the web's component tests (no test itself): puts the viewer store (lib/viewer.ts)
// where the browser does, through the member hint cookie and GET /api/viewer answered here.
import {
  MEMBER_HINT_COOKIE,
  type OwnUser,
  type ViewerArticle,
  type ViewerState,
} from "@pragmatist/contracts";
import { act } from "@testing-library/react";
import { loadViewer } from "../app/lib/viewer";

/** Sets the member hint cookie for a signed-in `member`, or clears it (null or undefined). */
export function setMemberHint(member: unknown): void {
  document.cookie = member
    ? `${MEMBER_HINT_COOKIE}=1; Path=/`
    : `${MEMBER_HINT_COOKIE}=; Max-Age=0; Path=/`;
}

/**
 * A reader's marks on the article `slug`: by default none (not liked, not bookmarked, no comment
 * of theirs or liked, both counts 0); `fields` sets any of them.
 */
export function viewerMarks(slug: string, fields: Partial<ViewerArticle> = {}): ViewerArticle {
  return {
    slug,
    liked: false,
    bookmarked: false,
    likeCount: 0,
    bookmarkCount: 0,
    likedComments: [],
    ownComments: [],
    ...fields,
  };
}

/**
 * GET /api/viewer's answer for `member`, their `article` marks, whether they get the newsletter
 * and their unread notification lines.
 */
export function viewerAnswer(
  member: Pick<OwnUser, "id"> | OwnUser | null,
  article: ViewerArticle | null = null,
  subscribed = false,
  unreadNotifications = 0,
): Response {
  const data = { user: member, article, subscribed, unreadNotifications };
  return Response.json({ data } as ViewerState);
}

/**
 * Loads the viewer store for the page of article `slug` (null: a page without one) as the browser
 * does after hydration: for a `member` the hint cookie is set and GET /api/viewer answers
 * `{ user: member, article, subscribed }`; for null the cookie is cleared, so nothing is asked.
 * fetch answers that one call only and is put back after it.
 * @returns the addresses fetched
 */
export async function loadViewerAs(
  member: OwnUser | null,
  slug: string | null,
  article: ViewerArticle | null = null,
  subscribed = false,
): Promise<string[]> {
  setMemberHint(member);
  const asked: string[] = [];
  const previous = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return viewerAnswer(member, article, subscribed);
  };
  try {
    await act(() => loadViewer(slug));
  } finally {
    globalThis.fetch = previous;
  }
  return asked;
}
