// A discussion of any size in the panel (docs/product/reader.md#comment-thread): "Show more
// comments" appends the next page, "Continue this thread" and "N more replies" read folded replies
// in place, with fetch answering as the comment manager does.
import type { Comment, CommentPage } from "@pragmatist/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import CommentsPanel from "./comments-panel.tsx";
import { graft } from "./thread-tree.ts";

const SLUG = "bitcoin-halving";

/** Comment `id` with `replies` sent and `replyCount` readers see under it. */
function comment(id: number, replies: Comment[] = [], replyCount = replies.length): Comment {
  const at = `2025-05-01T10:00:${String(id % 60).padStart(2, "0")}.000Z`;
  return {
    ...{ id, content: `comment ${id}`, contentHtml: `<p>comment ${id}</p>`, createdAt: at },
    ...{ updatedAt: at, edited: false, deleted: false, likeCount: 0 },
    author: { id: id + 100, username: `Reader ${id}`, profilePicture: null },
    subcomments: replies,
    replyCount,
    repliesCursor: replies.length > 0 && replies.length < replyCount ? `r${id}` : null,
  };
}

/** Stubs fetch with `pages` by query string (as the panel sends it); anything else is a 500. */
function commentManager(pages: Record<string, CommentPage>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const query = new URL(String(input), "http://localhost").search.slice(1);
    const page = pages[query];
    return page ? Response.json(page) : new Response(null, { status: 500 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** Renders the panel with the server's first page `comments` and its `nextCursor`. */
function renderPanel(comments: Comment[], nextCursor: string | null) {
  return renderRoute(
    <CommentsPanel
      slug={SLUG}
      commentCount={40}
      sort="newest"
      comments={comments}
      failed={false}
      nextCursor={nextCursor}
    />,
    { path: "p/:slug", at: `/p/${SLUG}` },
  );
}

const page = (data: Comment[], nextCursor: string | null = null) => ({
  data,
  meta: { nextCursor },
});

afterEach(() => vi.unstubAllGlobals());

describe("a discussion in pages", () => {
  it("appends the next page on Show more comments, until the last", async () => {
    const fetch = commentManager({
      "sort=newest&limit=20&cursor=p2": page([comment(3), comment(4)], "p3"),
      "sort=newest&limit=20&cursor=p3": page([comment(5)]),
    });
    const user = userEvent.setup();
    renderPanel([comment(1), comment(2)], "p2");
    const more = await screen.findByRole("link", { name: "Show more comments" });
    // Without JavaScript the link asks the server for the next page.
    expect(more.getAttribute("href")).toBe("?commentSort=newest&commentCursor=p2#comments");
    await user.click(more);
    await screen.findByText("comment 4");
    await user.click(screen.getByRole("link", { name: "Show more comments" }));
    await screen.findByText("comment 5");
    const list = screen.getByRole("list", { name: "Comments" });
    expect(
      within(list)
        .getAllByRole("article")
        .map((a) => a.id),
    ).toEqual(["comment-1", "comment-2", "comment-3", "comment-4", "comment-5"]);
    expect(screen.queryByRole("link", { name: "Show more comments" })).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("says so when the next page cannot be read, and keeps the link", async () => {
    commentManager({});
    const user = userEvent.setup();
    renderPanel([comment(1)], "p2");
    await user.click(await screen.findByRole("link", { name: "Show more comments" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Comments could not be loaded. Try again.",
    );
    expect(screen.getByRole("link", { name: "Show more comments" })).toBeTruthy();
  });

  it("continues a folded thread and reads a comment's further replies in place", async () => {
    const deep = comment(11, [], 1);
    const top = comment(10, [deep, comment(12)], 4);
    const fetch = commentManager({
      "parent=11": page([comment(20)]),
      "parent=10&cursor=r10": page([comment(13), comment(14)]),
    });
    const user = userEvent.setup();
    renderPanel([top], null);
    const cont = await screen.findByRole("link", { name: "Continue this thread (1 reply)" });
    // Without JavaScript: the page with the thread around the comment.
    expect(cont.getAttribute("href")).toBe("?commentAround=11#comment-11");
    await user.click(cont);
    const replies = await screen.findByRole("list", { name: "Replies to Reader 11" });
    expect(within(replies).getByText("comment 20")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Continue this thread/ })).toBeNull();

    await user.click(screen.getByRole("link", { name: "2 more replies" }));
    await screen.findByText("comment 14");
    const under = screen.getByRole("list", { name: "Replies to Reader 10" });
    expect(
      within(under)
        .getAllByRole("article")
        .filter((a) => !a.closest("ol ol ol"))
        .map((a) => a.id),
    ).toEqual(["comment-11", "comment-12", "comment-13", "comment-14"]);
    await waitFor(() => expect(screen.queryByRole("link", { name: /more repl/ })).toBeNull());
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe("graft", () => {
  it("merges a thread read again into the list once, replies oldest first", () => {
    const list = [comment(1, [comment(3)], 3), comment(2)];
    const around = comment(1, [comment(5, [comment(7)], 1)], 3);
    const merged = graft(list, around);
    expect(merged.map((c) => c.id)).toEqual([1, 2]);
    expect(merged[0]?.subcomments.map((c) => c.id)).toEqual([3, 5]);
    expect(merged[0]?.subcomments[1]?.subcomments.map((c) => c.id)).toEqual([7]);
    expect(graft(merged, comment(9)).map((c) => c.id)).toEqual([9, 1, 2]);
  });
});
