// The article bar (docs/product/reader.md#article-bar): sign-in links for anonymous readers, the
// reader's like and bookmark from the viewer store (GET /api/viewer), optimistic toggles that
// keep the store true, both versions in the server render, and the comment count the comments
// panel announces.
import type { OwnUser, ViewerArticle } from "@pragmatist/contracts";
import { act, fireEvent, renderHook, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMMENT_COUNT_EVENT } from "../../lib/events";
import { useViewerSnapshot } from "../../lib/viewer";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { loadViewerAs, viewerMarks } from "../../../test/viewer-test-kit.ts";
import { ArticleBar } from "./article-bar";

const SLUG = "eth-staking";
const reader = { id: 42, username: "Ada", email: "ada@example.test" } as OwnUser;

/**
 * The reader's marks on an article (by default this one: not liked, bookmarked, with the page's
 * counts).
 */
function marks(fields: Partial<ViewerArticle> = {}): ViewerArticle {
  return viewerMarks(SLUG, { bookmarked: true, likeCount: 3, bookmarkCount: 1, ...fields });
}

const bar = (
  <ArticleBar
    likeCount={3}
    commentCount={5}
    bookmarkCount={1}
    shareUrl="https://example.com/p/eth-staking"
    title="Ether staking"
    articleId={11}
    slug={SLUG}
  />
);

/** Renders the bar on the article's page for a signed-out reader. */
function renderBar() {
  return renderRoute(bar, { path: "/p/:slug", at: `/p/${SLUG}` });
}

/** The reader's marks on this article as the viewer store holds them. */
function storedMarks() {
  const { result, unmount } = renderHook(() => useViewerSnapshot());
  unmount();
  return result.current.article;
}

/** Answers each toggle with `toggleAnswer`; the mock records what the bar fetched. */
function stubToggles(toggleAnswer: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => toggleAnswer());
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("ArticleBar", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("renders on the server both a member's toggles and a visitor's sign-in links", () => {
    const html = renderToString(<MemoryRouter initialEntries={[`/p/${SLUG}`]}>{bar}</MemoryRouter>);
    const page = new DOMParser().parseFromString(html, "text/html");
    const member = page.querySelectorAll(".viewer-member button");
    expect([...member].map((b) => b.getAttribute("aria-label"))).toEqual([
      "Like, 3 likes",
      "Bookmark, 1 bookmark",
    ]);
    for (const button of member) {
      expect(button.getAttribute("aria-disabled")).toBe("true");
      expect(button.getAttribute("aria-pressed")).toBe("false");
    }
    const links = page.querySelectorAll(".viewer-anonymous a");
    expect([...links].map((a) => a.getAttribute("href"))).toEqual([
      "/login?next=/p/eth-staking",
      "/login?next=/p/eth-staking",
    ]);
  });

  it("sends anonymous readers to sign in and back, asking nobody who they are", async () => {
    renderBar();
    expect(await loadViewerAs(null, SLUG)).toEqual([]);
    const like = await screen.findByRole("link", { name: "Like, 3 likes (sign in)" });
    expect(like.getAttribute("href")).toBe("/login?next=/p/eth-staking");
    expect(screen.getByRole("link", { name: "Bookmark, 1 bookmark (sign in)" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Like/ })).toBeNull();
    expect(screen.getByTitle("5 comments")).toBeTruthy();
  });

  it("shows the reader's marks from /api/viewer and toggles a like at once", async () => {
    const fetch = stubToggles(() => Response.json({ liked: true, likeCount: 4 }));
    renderBar();
    expect(await loadViewerAs(reader, SLUG, marks())).toEqual([`/api/viewer?article=${SLUG}`]);
    const bookmark = await screen.findByRole("button", { name: "Bookmark, 1 bookmark" });
    expect(bookmark.getAttribute("aria-pressed")).toBe("true");
    const like = screen.getByRole("button", { name: "Like, 3 likes" });
    expect(like.getAttribute("aria-pressed")).toBe("false");
    expect(like.getAttribute("aria-disabled")).toBeNull();
    await act(async () => fireEvent.click(like));
    expect(like.getAttribute("aria-pressed")).toBe("true");
    expect(like.getAttribute("aria-label")).toBe("Like, 4 likes");
    // No read of its own: the toggle is the one request.
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/articles/toggle-like"]);
    expect(fetch.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ articleId: 11 }));

    // The store keeps the like for whatever shows this article next.
    expect(storedMarks()).toEqual(marks({ liked: true, likeCount: 4 }));
  });

  it("shows a member the counts as they are now, not as the cached page had them", async () => {
    renderBar();
    await loadViewerAs(reader, SLUG, marks({ likeCount: 7, bookmarkCount: 2 }));
    expect(await screen.findByRole("button", { name: "Like, 7 likes" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Bookmark, 2 bookmarks" })).toBeTruthy();
  });

  it("rolls a refused toggle back, in the store too, and says so", async () => {
    stubToggles(() => new Response(null, { status: 500 }));
    renderBar();
    await loadViewerAs(reader, SLUG, marks());
    const like = await screen.findByRole("button", { name: "Like, 3 likes" });
    await act(async () => fireEvent.click(like));
    expect(like.getAttribute("aria-pressed")).toBe("false");
    expect(like.getAttribute("aria-label")).toBe("Like, 3 likes");
    expect(screen.getByText("Your like was not saved. Please try again.")).toBeTruthy();
    expect(storedMarks()).toEqual(marks());
  });

  it("waits for the reader's marks on this article: another article's do not count", async () => {
    const fetch = stubToggles(() => Response.json({ liked: true, likeCount: 4 }));
    renderBar();
    await loadViewerAs(reader, "other-article", marks({ slug: "other-article", liked: true }));
    const like = await screen.findByRole("button", { name: "Like, 3 likes" });
    expect(like.getAttribute("aria-pressed")).toBe("false");
    expect(like.getAttribute("aria-disabled")).toBe("true");
    await act(async () => fireEvent.click(like));
    expect(like.getAttribute("aria-pressed")).toBe("false");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the count the comments panel announces for this article", async () => {
    renderBar();
    await screen.findByTitle("5 comments");
    act(() => {
      window.dispatchEvent(
        new CustomEvent(COMMENT_COUNT_EVENT, { detail: { slug: "other", count: 9 } }),
      );
      window.dispatchEvent(
        new CustomEvent(COMMENT_COUNT_EVENT, { detail: { slug: "eth-staking", count: 6 } }),
      );
    });
    expect(screen.getByTitle("6 comments")).toBeTruthy();
  });
});
