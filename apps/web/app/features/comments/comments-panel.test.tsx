// The comment composer inside the comments panel (docs/product/reader.md#comment-composer), driven
// through the panel's real code with fetch answering as the comment manager does.
import type { Comment, OwnUser } from "@pragmatist/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { threadAnswer } from "../../../test/comments-test-kit.ts";
import { loginStandIn, renderRoute } from "../../../test/route-test-kit.tsx";
import { loadViewerAs, viewerMarks } from "../../../test/viewer-test-kit.ts";
import CommentsPanel from "./comments-panel.tsx";

const SLUG = "bitcoin-halving";
const member = {
  ...{ id: 7, username: "Maya Okafor", profilePicture: null },
  ...{ email: "maya@example.test", confirmed: true },
} as unknown as OwnUser;

/** A comment by `author` as the comment manager lists it. */
function comment(id: number, content: string, author: string): Comment {
  const at = "2025-05-01T10:00:00.000Z";
  return {
    ...{ id, content, contentHtml: `<p>${content}</p>`, createdAt: at, updatedAt: at },
    ...{ edited: false, deleted: false },
    ...{ likeCount: 0, subcomments: [] },
    author: { id: id + 100, username: author, profilePicture: null },
  };
}

const parent = comment(1, "The halving is priced in   already,\nsays the market.", "Tomás Ruiz");

/**
 * Replaces fetch with the comment manager: the list answers `list()` (read at each call), a post
 * or a reply answers the new comment with id 99, a preview the text in `<p><em>`. Returns the
 * mock.
 */
function commentManager(list: () => Comment[]) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    if (method === "GET") return threadAnswer(String(input), list());
    const { content } = JSON.parse(String(init?.body)) as { content: string };
    if (String(input).endsWith("/preview")) {
      return Response.json({ contentHtml: `<p><em>${content}</em></p>` });
    }
    return Response.json(comment(99, content, "Maya Okafor"));
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The POST requests made, as `[url, content]`. */
const posts = (fetch: ReturnType<typeof commentManager>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === "POST")
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body)).content as string]);

/**
 * Renders the panel on the article's page, one thread listed (`listed`), then loads `viewer` (null: signed
 * out) into the viewer store, with marks on the article that name no comment yet.
 */
async function renderPanel(viewer: OwnUser | null, listed: Comment = parent) {
  const view = renderRoute(
    <CommentsPanel
      slug={SLUG}
      commentCount={1}
      sort="best"
      comments={[listed]}
      failed={false}
      nextCursor={null}
    />,
    { path: "p/:slug", at: `/p/${SLUG}`, routes: [loginStandIn] },
  );
  if (viewer) {
    const marks = viewerMarks(SLUG);
    await loadViewerAs(viewer, SLUG, marks);
  }
  return view;
}

const box = () => screen.findByRole("textbox", { name: /^(Write a comment|Reply to .*)$/ });
const sendButton = () => screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("comment composer", () => {
  it("sends the typed text, then empties the box and shows the new comment", async () => {
    let listed = [parent];
    const fetch = commentManager(() => listed);
    const user = userEvent.setup();
    await renderPanel(member);

    const field = (await box()) as HTMLTextAreaElement;
    expect(field.placeholder).toBe("Share your thoughts…");
    await user.type(field, "  Not priced in at all.  ");
    expect(field.value).toBe("  Not priced in at all.  ");
    expect(sendButton().disabled).toBe(false);
    listed = [parent, comment(99, "Not priced in at all.", "Maya Okafor")];
    await user.click(sendButton());

    expect(await screen.findByText("Not priced in at all.")).toBeTruthy();
    // It is the reader's own: edit and delete are offered on it, and on nothing else.
    const mine = screen.getByRole("article", { name: "Comment by Maya Okafor" });
    expect(within(mine).getByRole("button", { name: "Edit" })).toBeTruthy();
    expect(within(mine).getByRole("button", { name: "Delete" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Edit" })).toHaveLength(1);
    expect(posts(fetch)).toEqual([
      [`/api/comment-manager/comments/${SLUG}`, "Not priced in at all."],
    ]);
    await waitFor(() => expect(field.value).toBe(""));
    expect(screen.getByRole("heading", { name: "2 Comments" })).toBeTruthy();
  });

  it("does not send an empty or blank text, and says what is missing", async () => {
    const fetch = commentManager(() => [parent]);
    const user = userEvent.setup();
    await renderPanel(member);

    const field = await box();
    // Send stays enabled with an empty box: pressing it explains instead (composer.tsx).
    await user.click(sendButton());
    expect(screen.getByRole("status").textContent).toBe("Write something before sending");
    expect(document.activeElement).toBe(field);

    await user.type(field, "   \n  ");
    await user.click(sendButton());
    expect(screen.getByRole("status").textContent).toBe("Write something before sending");
    expect(posts(fetch)).toEqual([]);
  });

  it("replies to a comment, shows the parent while replying and cancels with the cross", async () => {
    const fetch = commentManager(() => [parent]);
    const user = userEvent.setup();
    await renderPanel(member);
    await box();

    await user.click(screen.getByRole("button", { name: "Reply" }));
    const note = screen.getByText(/^Replying to/);
    expect(note.textContent).toBe(
      "Replying to Tomás Ruiz: “The halving is priced in already, says the market.”",
    );
    const field = screen.getByRole("textbox", { name: "Reply to Tomás Ruiz" });
    expect((field as HTMLTextAreaElement).placeholder).toBe("Write a reply…");

    await user.click(screen.getByRole("button", { name: "Cancel reply" }));
    expect(screen.queryByText(/^Replying to/)).toBeNull();
    expect(screen.getByRole("textbox", { name: "Write a comment" })).toBe(field);

    await user.click(screen.getByRole("button", { name: "Reply" }));
    await user.type(field, "It is not.");
    await user.click(sendButton());
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(""));
    expect(posts(fetch)).toEqual([["/api/comment-manager/subcomments/1", "It is not."]]);
    expect(screen.queryByText(/^Replying to/)).toBeNull();
  });

  it("keeps a signed-out reader's draft through sign-in", async () => {
    const fetch = commentManager(() => [parent]);
    const user = userEvent.setup();
    const first = await renderPanel(null);

    await user.type(await box(), "First!");
    await user.click(sendButton());
    expect(await screen.findByText(`Sign-in page, then /p/${SLUG}#comments`)).toBeTruthy();
    expect(posts(fetch)).toEqual([]);
    first.unmount();

    await renderPanel(null);
    const field = (await box()) as HTMLTextAreaElement;
    await waitFor(() => expect(field.value).toBe("First!"));
  });

  it("tells a signed-in reader whose email is not verified to verify it, with Send again", async () => {
    const fetch = commentManager(() => [parent]);
    await renderPanel({ ...member, confirmed: false });
    const notice = await screen.findByRole("region", { name: "Email not verified" });
    expect(notice.textContent).toContain("Please verify your email address to comment.");
    expect(notice.textContent).toContain("maya@example.test");
    expect(screen.queryByRole("textbox", { name: "Write a comment" })).toBeNull();
    fetch.mockImplementationOnce(async () => Response.json({ ok: true }));
    await userEvent.click(within(notice).getByRole("button", { name: "Send again" }));
    expect(await within(notice).findByText(/A new link is on its way/)).toBeTruthy();
    const [url, init] = fetch.mock.calls.at(-1) ?? [];
    expect([String(url), init?.method]).toEqual(["/api/auth/send-email-confirmation", "POST"]);
  });
});

describe("formatted text", () => {
  it("shows each comment as the HTML the server rendered", async () => {
    commentManager(() => [parent]);
    const html =
      '<p><strong>Halving</strong> <a href="https://example.com/" rel="nofollow ugc noopener" target="_blank">notes</a></p><ul><li>one</li></ul>';
    await renderPanel(null, {
      ...parent,
      content: "**Halving** [notes](https://example.com/)\n\n- one",
      contentHtml: html,
    });
    const shown = await screen.findByRole("article", { name: "Comment by Tomás Ruiz" });
    expect(within(shown).getByText("Halving").tagName).toBe("STRONG");
    expect(within(shown).getByRole("listitem").textContent).toBe("one");
    const link = within(shown).getByRole("link", { name: "notes" });
    expect(link.getAttribute("rel")).toBe("nofollow ugc noopener");
    // The Markdown's own characters are not shown: the text is the server's HTML.
    expect(shown.textContent).not.toContain("**");
  });

  it("previews the draft as the server renders it, back to Write with the text kept", async () => {
    let listed = [parent];
    const fetch = commentManager(() => listed);
    const user = userEvent.setup();
    await renderPanel(member);
    const field = (await box()) as HTMLTextAreaElement;
    await user.type(field, "*Not* priced in");
    await user.click(screen.getByRole("button", { name: "Preview" }));

    const preview = await screen.findByRole("region", { name: "Preview" });
    expect((await within(preview).findByText("*Not* priced in")).tagName).toBe("EM");
    expect(field.hidden).toBe(true);
    expect(screen.getByRole("button", { name: "Preview" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await user.click(screen.getByRole("button", { name: "Write" }));
    expect(screen.queryByRole("region", { name: "Preview" })).toBeNull();
    expect(field.hidden).toBe(false);
    expect(field.value).toBe("*Not* priced in");

    // Send works from the preview; the emptied draft brings the box back.
    await user.click(screen.getByRole("button", { name: "Preview" }));
    listed = [parent, comment(99, "*Not* priced in", "Maya Okafor")];
    await user.click(sendButton());
    await waitFor(() => expect(field.value).toBe(""));
    expect(field.hidden).toBe(false);
    expect(posts(fetch)).toEqual([
      ["/api/comment-manager/preview", "*Not* priced in"],
      ["/api/comment-manager/preview", "*Not* priced in"],
      [`/api/comment-manager/comments/${SLUG}`, "*Not* priced in"],
    ]);
  });

  it("takes a signed-out reader's Preview to sign-in, keeping the draft, as Send does", async () => {
    const fetch = commentManager(() => [parent]);
    const user = userEvent.setup();
    await renderPanel(null);
    await user.type(await box(), "**Draft**");
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText(`Sign-in page, then /p/${SLUG}#comments`)).toBeTruthy();
    expect(posts(fetch)).toEqual([]);
    expect(sessionStorage.length).toBe(1);
  });
});

describe("moderation on the page", () => {
  it("offers an editor Hide and Delete on others' comments, and a hidden one leaves the thread", async () => {
    let listed = [parent];
    const calls: string[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push(`${method} ${String(input)}`);
      if (method === "POST" && String(input) === "/api/studio/comments/1/hide") listed = [];
      return method === "GET"
        ? threadAnswer(String(input), listed)
        : Response.json({ data: { hidden: true } });
    });
    const user = userEvent.setup();
    await renderPanel({ ...member, role: "editor" } as OwnUser);
    const theirs = await screen.findByRole("article", { name: "Comment by Tomás Ruiz" });
    expect(within(theirs).getByRole("button", { name: "Delete" })).toBeTruthy();
    await user.click(within(theirs).getByRole("button", { name: "Hide" }));
    await waitFor(() => expect(screen.queryByText(/priced in/)).toBeNull());
    expect(calls).toContain("POST /api/studio/comments/1/hide");
  });

  it("offers a member no moderation", async () => {
    commentManager(() => [parent]);
    await renderPanel({ ...member, role: "member" } as OwnUser);
    const theirs = await screen.findByRole("article", { name: "Comment by Tomás Ruiz" });
    await within(theirs).findByRole("button", { name: "Report" });
    expect(within(theirs).queryByRole("button", { name: "Hide" })).toBeNull();
    expect(within(theirs).queryByRole("button", { name: "Delete" })).toBeNull();
  });
});
