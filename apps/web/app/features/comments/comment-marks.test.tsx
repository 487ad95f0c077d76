// The reader's own marks on comments (docs/product/reader.md#comment-actions,
// docs/architecture.md#caching): the thread is the same for everyone, so edit and delete on one's
// own comments, report on others' and the likes come from the viewer store (GET /api/viewer), and a
// like keeps it true.
import type { Comment, OwnUser, ViewerArticle } from "@pragmatist/contracts";
import { renderHook, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useViewerSnapshot } from "../../lib/viewer.ts";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { loadViewerAs, viewerMarks } from "../../../test/viewer-test-kit.ts";
import CommentsPanel from "./comments-panel.tsx";

const SLUG = "bitcoin-halving";
const member = { id: 7, username: "Maya Okafor", profilePicture: null } as unknown as OwnUser;
const at = "2025-05-01T10:00:00.000Z";

/** A comment by `author` with `likeCount` likes and no replies, as the comment manager lists it. */
function comment(id: number, author: string, likeCount = 0): Comment {
  return {
    ...{ id, content: `Comment ${id}`, contentHtml: `<p>Comment ${id}</p>`, createdAt: at },
    ...{ updatedAt: at, edited: false },
    ...{ deleted: false, likeCount, subcomments: [] },
    author: { id: id + 100, username: author, profilePicture: null },
  };
}

const theirs = comment(1, "Tomás Ruiz", 2);
const mine = comment(2, "Maya Okafor");
const other = comment(3, "Lena Park");

/** Maya's marks: she wrote comment 2 and likes comment 1. */
function marks(fields: Partial<ViewerArticle> = {}): ViewerArticle {
  return viewerMarks(SLUG, { likedComments: [theirs.id], ownComments: [mine.id], ...fields });
}

const panel = (
  <CommentsPanel
    slug={SLUG}
    commentCount={3}
    sort="best"
    comments={[theirs, mine, other]}
    failed={false}
    nextCursor={null}
  />
);

/** Renders the panel on the article's page (a signed-out reader until the test loads one). */
function renderPanel() {
  renderRoute(panel, { path: "p/:slug", at: `/p/${SLUG}` });
}

/** The comment by `author`, to look inside. */
const byAuthor = (author: string) =>
  within(screen.getByRole("article", { name: `Comment by ${author}` }));

/** The like fetches answer `answer`; the mock records the calls. */
function stubLikes(answer: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("the reader's marks on comments", () => {
  it("renders on the server one inert like per comment and no one's controls", () => {
    const Stub = createRoutesStub([{ path: "p/:slug", Component: () => panel }]);
    const html = renderToString(<Stub initialEntries={[`/p/${SLUG}`]} />);
    const page = new DOMParser().parseFromString(html, "text/html");
    const likes = [...page.querySelectorAll("button[aria-label^='Like']")];
    expect(likes.map((b) => b.getAttribute("aria-label"))).toEqual([
      "Like, 2 likes",
      "Like, 0 likes",
      "Like, 0 likes",
    ]);
    for (const like of likes) {
      expect(like.getAttribute("aria-disabled")).toBe("true");
      expect(like.getAttribute("aria-pressed")).toBe("false");
    }
    const buttons = [...page.querySelectorAll("button")].map((b) => b.textContent);
    for (const control of ["Edit", "Delete", "Report"]) expect(buttons).not.toContain(control);
    expect(page.querySelectorAll("a[href^='/login']")).toHaveLength(0);
  });

  it("offers edit and delete on the reader's own comment, report on others'", async () => {
    renderPanel();
    await loadViewerAs(member, SLUG, marks());
    for (const author of ["Tomás Ruiz", "Lena Park"]) {
      expect(byAuthor(author).getByRole("button", { name: "Report" })).toBeTruthy();
      expect(byAuthor(author).queryByRole("button", { name: "Edit" })).toBeNull();
    }
    expect(byAuthor("Maya Okafor").getByRole("button", { name: "Edit" })).toBeTruthy();
    expect(byAuthor("Maya Okafor").getByRole("button", { name: "Delete" })).toBeTruthy();
    expect(byAuthor("Maya Okafor").queryByRole("button", { name: "Report" })).toBeNull();
    const liked = byAuthor("Tomás Ruiz").getByRole("button", { name: "Like, 2 likes" });
    expect(liked.getAttribute("aria-pressed")).toBe("true");
    const notLiked = byAuthor("Lena Park").getByRole("button", { name: "Like, 0 likes" });
    expect(notLiked.getAttribute("aria-pressed")).toBe("false");
  });

  it("takes a like back at once and keeps the store true to the server's answer", async () => {
    const fetch = stubLikes(() => Response.json({ liked: false, likeCount: 1 }));
    const user = userEvent.setup();
    renderPanel();
    await loadViewerAs(member, SLUG, marks());
    const like = byAuthor("Tomás Ruiz").getByRole("button", { name: "Like, 2 likes" });
    await user.click(like);
    expect(like.getAttribute("aria-pressed")).toBe("false");
    expect(like.getAttribute("aria-label")).toBe("Like, 1 like");
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([
      ["/api/comment-manager/comments/1/like", "POST"],
    ]);
    const store = renderHook(() => useViewerSnapshot());
    expect(store.result.current.article?.likedComments).toEqual([]);
    store.unmount();

    // Liked again, refused: the heart and the store go back.
    fetch.mockImplementation(async () => new Response(null, { status: 500 }));
    await user.click(like);
    expect(like.getAttribute("aria-pressed")).toBe("false");
    expect(like.getAttribute("aria-label")).toBe("Like, 1 like");
    const after = renderHook(() => useViewerSnapshot());
    expect(after.result.current.article?.likedComments).toEqual([]);
    after.unmount();
  });

  it("gives a visitor sign-in links and nothing to report", async () => {
    renderPanel();
    expect(await loadViewerAs(null, SLUG)).toEqual([]);
    const like = byAuthor("Tomás Ruiz").getByRole("link", { name: "Like, 2 likes (sign in)" });
    expect(like.getAttribute("href")).toBe(
      `/login?next=${encodeURIComponent(`/p/${SLUG}#comments`)}`,
    );
    expect(screen.queryByRole("button", { name: /^Like/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^(Report|Edit|Delete)$/ })).toBeNull();
  });

  it("waits for the marks on this article: another article's name no comment here", async () => {
    const fetch = stubLikes(() => Response.json({ liked: true, likeCount: 1 }));
    const user = userEvent.setup();
    renderPanel();
    await loadViewerAs(member, "other-article", marks({ slug: "other-article" }));
    expect(screen.queryByRole("button", { name: /^(Report|Edit|Delete)$/ })).toBeNull();
    const like = byAuthor("Lena Park").getByRole("button", { name: "Like, 0 likes" });
    expect(like.getAttribute("aria-disabled")).toBe("true");
    const liked = byAuthor("Tomás Ruiz").getByRole("button", { name: /^Like/ });
    expect(liked.getAttribute("aria-pressed")).toBe("false");
    await user.click(like);
    expect(like.getAttribute("aria-pressed")).toBe("false");
    expect(fetch).not.toHaveBeenCalled();
  });
});
