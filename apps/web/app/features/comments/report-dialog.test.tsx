// Reporting a comment (docs/product/reader.md#comment-actions): Report asks why
// in a dialog and sends only once a reason is chosen and confirmed, through the panel's real code
// with fetch answering as the comment manager does.
import type { Comment, OwnUser } from "@pragmatist/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { threadAnswer } from "../../../test/comments-test-kit.ts";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { loadViewerAs, viewerMarks } from "../../../test/viewer-test-kit.ts";
import CommentsPanel from "./comments-panel.tsx";

const SLUG = "bitcoin-halving";
const member = { id: 7, username: "Maya Okafor", profilePicture: null } as unknown as OwnUser;
const at = "2025-05-01T10:00:00.000Z";
const theirs: Comment = {
  ...{ id: 1, content: "Buy my coin at scam.example", createdAt: at, updatedAt: at },
  contentHtml: "<p>Buy my coin at scam.example</p>",
  ...{ edited: false, deleted: false, likeCount: 0 },
  author: { id: 101, username: "Tomás Ruiz", profilePicture: null },
  subcomments: [],
};

/** fetch as the comment manager: the list, and `report` for the report call. */
function commentManager(report: () => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    init?.method === "POST" ? report() : threadAnswer(String(input), [theirs]),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The report calls made, as `[url, body]`. */
const reports = (fetch: ReturnType<typeof commentManager>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === "POST")
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

/** Renders the panel for `member`, whose marks on the article (from /api/viewer) name no comment. */
async function renderPanel() {
  renderRoute(
    <CommentsPanel
      slug={SLUG}
      commentCount={1}
      sort="best"
      comments={[theirs]}
      failed={false}
      nextCursor={null}
    />,
    { path: "p/:slug", at: `/p/${SLUG}` },
  );
  const marks = viewerMarks(SLUG);
  await loadViewerAs(member, SLUG, marks);
}

/** Opens the report dialog of the listed comment. */
async function openReport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Report" }));
  const dialog = screen.getByRole("dialog", { name: "Report this comment?" }) as HTMLDialogElement;
  expect(dialog.open).toBe(true);
  return { dialog, inside: within(dialog) };
}

afterEach(() => vi.unstubAllGlobals());

describe("reporting a comment", () => {
  it("asks for a reason, sends it with the note once confirmed, then reads Reported", async () => {
    const fetch = commentManager(() => Response.json({ reported: true }));
    const user = userEvent.setup();
    await renderPanel();
    const { dialog, inside } = await openReport(user);
    expect(inside.getByText(/Tomás Ruiz is not told who reported it/)).toBeTruthy();
    expect(
      inside
        .getAllByRole("radio")
        .map((r) => r.closest("label")?.querySelector("span")?.textContent),
    ).toEqual([
      "SpamAdvertising, scams or the same links again and again",
      "HarassmentInsults, threats or attacks on a person",
      "Off-topicNothing to do with this article",
      "OtherSomething else the editors should look at",
    ]);

    // No reason yet: nothing is sent, and the dialog says what is missing.
    await user.click(inside.getByRole("button", { name: "Report comment" }));
    expect(inside.getByRole("alert").textContent).toBe("Choose a reason");
    expect(document.activeElement).toBe(inside.getByRole("radio", { name: /^Spam/ }));
    expect(reports(fetch)).toEqual([]);

    // "Other" opens the note.
    expect(inside.queryByRole("textbox")).toBeNull();
    await user.click(inside.getByRole("radio", { name: /^Other/ }));
    await user.type(
      inside.getByRole("textbox", { name: "What is wrong with it? (optional)" }),
      " Links to a phishing site ",
    );
    await user.click(inside.getByRole("button", { name: "Report comment" }));
    await waitFor(() => expect(dialog.open).toBe(false));
    expect(reports(fetch)).toEqual([
      [
        "/api/comment-manager/comments/1/report",
        { reason: "other", note: "Links to a phishing site" },
      ],
    ]);
    // Once only: the button says so and opens nothing more.
    const done = screen.getByRole("button", { name: "Reported" });
    expect(done.getAttribute("aria-disabled")).toBe("true");
    await user.click(done);
    expect(dialog.open).toBe(false);
  });

  it("sends nothing on Cancel, and keeps the dialog open with the refusal's sentence", async () => {
    const fetch = commentManager(() =>
      Response.json(
        { data: null, error: { status: 403, message: "You cannot report your own comment" } },
        { status: 403 },
      ),
    );
    const user = userEvent.setup();
    await renderPanel();
    let { dialog, inside } = await openReport(user);
    await user.click(inside.getByRole("radio", { name: /^Spam/ }));
    await user.click(inside.getByRole("button", { name: "Cancel" }));
    expect(dialog.open).toBe(false);
    expect(reports(fetch)).toEqual([]);

    ({ dialog, inside } = await openReport(user));
    await user.click(inside.getByRole("radio", { name: /^Harassment/ }));
    await user.click(inside.getByRole("button", { name: "Report comment" }));
    expect((await inside.findByRole("alert")).textContent).toBe(
      "You cannot report your own comment",
    );
    expect(dialog.open).toBe(true);
    expect(reports(fetch)).toEqual([
      ["/api/comment-manager/comments/1/report", { reason: "harassment" }],
    ]);
    expect(screen.getByRole("button", { name: "Report" })).toBeTruthy();
  });
});
