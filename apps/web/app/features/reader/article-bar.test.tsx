// The article bar (docs/product.md#article-bar): sign-in links for anonymous readers, optimistic
// like and bookmark toggles for signed-in ones, and the comment count the comments panel
// announces.
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMMENT_COUNT_EVENT } from "../../lib/events";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { ArticleBar } from "./article-bar";

/** Renders the bar under a root route whose loader says who is reading. */
function renderBar(viewer: { id: number } | null) {
  renderRoute(
    <ArticleBar
      likeCount={3}
      commentCount={5}
      bookmarkCount={1}
      shareUrl="https://example.com/p/eth-staking"
      title="Ether staking"
      articleId={11}
      slug="eth-staking"
    />,
    { path: "/p/:slug", at: "/p/eth-staking", viewer },
  );
}

/** Answers the reader's own state, then each toggle with `toggleAnswer`. */
function stubFetch(toggleAnswer: () => Response) {
  const fetch = vi.fn(async (url: string) =>
    url.endsWith("/likesbookmarks")
      ? Response.json({ likedBy: [], likeCount: 3, bookmarkedBy: [42], bookmarkCount: 1 })
      : toggleAnswer(),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("ArticleBar", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends anonymous readers to sign in and back", async () => {
    renderBar(null);
    const like = await screen.findByRole("link", { name: "Like, 3 likes (sign in)" });
    expect(like.getAttribute("href")).toBe("/login?next=/p/eth-staking");
    expect(screen.getByRole("link", { name: "Bookmark, 1 bookmark (sign in)" })).toBeTruthy();
    expect(screen.getByTitle("5 comments")).toBeTruthy();
  });

  it("loads the reader's state and toggles a like at once", async () => {
    const fetch = stubFetch(() => Response.json({ liked: true, likeCount: 4 }));
    renderBar({ id: 42 });
    const bookmark = await screen.findByRole("button", { name: "Bookmark, 1 bookmark" });
    await vi.waitFor(() => expect(bookmark.getAttribute("aria-pressed")).toBe("true"));
    const like = screen.getByRole("button", { name: "Like, 3 likes" });
    expect(like.getAttribute("aria-pressed")).toBe("false");
    await act(async () => fireEvent.click(like));
    expect(like.getAttribute("aria-pressed")).toBe("true");
    expect(like.getAttribute("aria-label")).toBe("Like, 4 likes");
    expect(fetch).toHaveBeenCalledWith("/api/articles/toggle-like", expect.anything());
  });

  it("rolls a refused toggle back and says so", async () => {
    stubFetch(() => new Response(null, { status: 500 }));
    renderBar({ id: 42 });
    const like = await screen.findByRole("button", { name: "Like, 3 likes" });
    await act(async () => fireEvent.click(like));
    expect(like.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByText("Your like was not saved. Please try again.")).toBeTruthy();
  });

  it("shows the count the comments panel announces for this article", async () => {
    renderBar(null);
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
