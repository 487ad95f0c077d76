// Sending an issue from the studio (docs/product/newsletter.md#newsletter-sending): the test goes
// to the editor's own address; Send asks first, stating who will receive it (the one list's
// confirmed addresses, counted when the studio can count them), and sends only on "Send now", with
// no audience to pick.
import type { StudioIssue } from "@pragmatist/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, issueOf, ok, refused } from "../../../../test/newsletter-test-kit.ts";
import { renderRoute } from "../../../../test/route-test-kit.tsx";
import { SendPanel } from "./send-panel";

const ISSUE = "/api/studio/newsletter/issues/12";
const COUNT = "/api/studio/subscribers?status=confirmed&pageSize=1";
const pagination = (total: number) => ({ page: 1, pageSize: 1, pageCount: total, total });

/** The panel for the draft with id 12; `changed` records the issue it hands back. */
function renderPanel(held: string | null = null) {
  const changed: StudioIssue[] = [];
  renderRoute(<SendPanel issue={issueOf()} held={held} onChange={(i) => changed.push(i)} />, {
    path: "/studio/newsletter/:id",
    at: "/studio/newsletter/12",
  });
  return { changed, user: userEvent.setup() };
}

/** The open confirmation dialog. */
function confirmation() {
  const dialog = screen.getByRole("dialog", { name: "Send this issue now?" }) as HTMLDialogElement;
  expect(dialog.open).toBe(true);
  return dialog;
}

afterEach(() => vi.unstubAllGlobals());

describe("SendPanel", () => {
  it("sends a test to the editor's own address and says where it went", async () => {
    const calls = fakeApi(({ method, url }) =>
      method === "POST" && url === `${ISSUE}/test`
        ? ok({ data: { to: "eddie@example.com" } })
        : undefined,
    );
    const { user } = renderPanel();
    await user.click(screen.getByRole("button", { name: "Send a test to me" }));
    expect((await screen.findByRole("status")).textContent).toBe("Test sent to eddie@example.com.");
    expect(calls).toEqual([{ method: "POST", url: `${ISSUE}/test`, body: undefined }]);
  });

  it("asks before sending, names the number of confirmed addresses, and sends on Send now", async () => {
    const sending = issueOf({ status: "sending" });
    const calls = fakeApi(({ method, url }) => {
      if (url === COUNT) return ok({ data: [], meta: { pagination: pagination(3) } });
      if (method === "POST" && url === `${ISSUE}/send`)
        return { status: 202, body: { data: sending, meta: {} } };
      return undefined;
    });
    const { user, changed } = renderPanel();
    // One list: nothing to choose, and the panel says who is on it.
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.getByText(/members who turned the newsletter on/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send…" }));
    const dialog = confirmation();
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        "“Staking yields” goes to the 3 confirmed addresses on the list.",
      ),
    );
    expect(calls.some((c) => c.url.endsWith("/send"))).toBe(false);

    await user.click(within(dialog).getByRole("button", { name: "Send now" }));
    await waitFor(() => expect(changed).toEqual([sending]));
    expect(calls.at(-1)).toEqual({ method: "POST", url: `${ISSUE}/send`, body: undefined });
    await waitFor(() => expect(dialog.open).toBe(false));
  });

  it("says 'every confirmed address' when they cannot be counted, and Cancel sends nothing", async () => {
    const calls = fakeApi(({ url }) =>
      url === COUNT ? refused(500, "Internal Server Error") : undefined,
    );
    const { user, changed } = renderPanel();
    await user.click(screen.getByRole("button", { name: "Send…" }));
    const dialog = confirmation();
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual([COUNT]));
    expect(dialog.textContent).toContain(
      "“Staking yields” goes to every confirmed address on the list.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(dialog.open).toBe(false);
    expect(changed).toEqual([]);
    expect(calls.map((c) => c.url)).toEqual([COUNT]);
  });

  it("shows a refused send", async () => {
    const calls = fakeApi(({ url }) =>
      url.endsWith("/send") ? refused(409, "Only a draft can be sent") : undefined,
    );
    const { user, changed } = renderPanel();
    await user.click(screen.getByRole("button", { name: "Send…" }));
    const dialog = confirmation();
    await user.click(within(dialog).getByRole("button", { name: "Send now" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Only a draft can be sent");
    expect(calls.filter((c) => c.url.endsWith("/send"))).toEqual([
      { method: "POST", url: `${ISSUE}/send`, body: undefined },
    ]);
    expect(changed).toEqual([]);
  });

  it("waits while the issue has unsaved changes", () => {
    fakeApi(() => undefined);
    renderPanel("Save your changes first: the mail is the saved issue.");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Send…" }).disabled).toBe(true);
    expect(
      screen.getByRole<HTMLButtonElement>("button", { name: "Send a test to me" }).disabled,
    ).toBe(true);
    expect(screen.getByText("Save your changes first: the mail is the saved issue.")).toBeTruthy();
  });

  it("offers Cancel send while sending, and cancels after asking", async () => {
    const cancelled = issueOf({ status: "cancelled" });
    const calls = fakeApi(({ url }) =>
      url.endsWith("/cancel") ? ok({ data: cancelled, meta: {} }) : undefined,
    );
    const changed: StudioIssue[] = [];
    renderRoute(
      <SendPanel
        issue={issueOf({ status: "sending" })}
        held={null}
        onChange={(i) => changed.push(i)}
      />,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole("button", { name: "Send…" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Cancel send" }));
    const dialog = screen.getByRole("dialog", { name: "Stop sending this issue?" });
    await user.click(within(dialog).getByRole("button", { name: "Stop sending" }));
    await waitFor(() => expect(changed).toEqual([cancelled]));
    expect(calls).toEqual([{ method: "POST", url: `${ISSUE}/cancel`, body: undefined }]);
  });
});
