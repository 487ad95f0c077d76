// The comment an address points at (docs/product/reader.md#notifications): every comment has the
// anchor comment-{id}; a page opened at one scrolls to it and highlights it, reading the thread
// around it first when it is on a later page or folded.
import type { Comment } from "@pragmatist/contracts";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import CommentsPanel from "./comments-panel.tsx";

const SLUG = "bitcoin-halving";

/** Thread `id`: a comment with one reply (id + 1000). */
function thread(id: number): Comment {
  const at = "2025-05-01T10:00:00.000Z";
  const base = { createdAt: at, updatedAt: at, edited: false, deleted: false, likeCount: 0 };
  const author = (n: number) => ({ id: n, username: `Reader ${n}`, profilePicture: null });
  const reply = { ...base, id: id + 1000, content: "an answer", contentHtml: "<p>an answer</p>" };
  return {
    ...base,
    ...{ id, content: `thread ${id}`, contentHtml: `<p>thread ${id}</p>`, author: author(id) },
    subcomments: [{ ...reply, author: author(id + 1000), subcomments: [] }],
  };
}

const all = Array.from({ length: 25 }, (_, i) => thread(i + 1));

/**
 * Renders the panel at `/p/{slug}{hash}` with the server's first page, 20 threads of 25; the
 * comment manager answers `?around=` for the replies of the other five, a 404 for anything else.
 */
function renderAt(hash: string) {
  const list = vi.fn(async (input: RequestInfo | URL) => {
    const around = Number(new URL(String(input), "http://localhost").searchParams.get("around"));
    const root = all.find((t) => t.subcomments[0]?.id === around);
    return root
      ? Response.json({ data: [root], meta: { nextCursor: null } })
      : Response.json(
          {
            data: null,
            error: { status: 404, name: "NotFoundError", message: "Comment not found" },
          },
          { status: 404 },
        );
  });
  vi.stubGlobal("fetch", list);
  const scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled;
  renderRoute(
    <CommentsPanel
      slug={SLUG}
      commentCount={50}
      sort="best"
      comments={all.slice(0, 20)}
      nextCursor="after-20"
      failed={false}
    />,
    { path: "p/:slug", at: `/p/${SLUG}${hash}` },
  );
  return { list, scrolled };
}

const highlighted = () => document.querySelectorAll("[data-highlighted]");

afterEach(() => vi.unstubAllGlobals());

describe("a comment's anchor", () => {
  it("scrolls to and highlights the comment shown, reading nothing more", async () => {
    const { list, scrolled } = renderAt("#comment-1004");
    await waitFor(() => expect(highlighted()).toHaveLength(1));
    expect(highlighted()[0]?.id).toBe("comment-1004");
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(list).not.toHaveBeenCalled();
    expect(document.getElementById("comment-3")?.hasAttribute("data-highlighted")).toBe(false);
  });

  it("reads the thread around a comment on a later page, puts it first and highlights it", async () => {
    const { list } = renderAt("#comment-1023");
    await waitFor(() => expect(highlighted()[0]?.id).toBe("comment-1023"));
    expect(list).toHaveBeenCalledTimes(1);
    expect(String(list.mock.calls[0]?.[0])).toBe(
      `/api/comment-manager/comments/${SLUG}?around=1023`,
    );
    const threads = screen.getAllByRole("article").filter((a) => !a.closest("ol ol"));
    expect(threads[0]?.textContent).toContain("thread 23");
    expect(screen.queryByText("thread 24")).toBeNull();
  });

  it("highlights nothing for an address of a comment readers do not see", async () => {
    const { list } = renderAt("#comment-77");
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    await screen.findByText("thread 20");
    expect(highlighted()).toHaveLength(0);
    expect(list).toHaveBeenCalledTimes(1);
  });
});
