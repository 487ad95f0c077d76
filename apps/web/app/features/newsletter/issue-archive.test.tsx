// The /newsletter page's subscribe slot (docs/decisions/007-newsletter-delivery.md#one-list): a
// signed-in member sees their own account email's state on the one list and one button to change
// it, never an empty email box; a visitor keeps the form and the page asks nothing about them.
import type { OwnUser, PublicIssueList } from "@pragmatist/contracts";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Answer, type Call, fakeApi, ok } from "../../../test/newsletter-test-kit.ts";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { setMemberHint } from "../../../test/viewer-test-kit.ts";
import { loadViewer } from "../../lib/viewer";
import { IssueArchive } from "./issue-archive";

const OPT_IN = "/api/newsletter/opt-in";
const reader = { id: 42, username: "Ada", email: "ada@example.test" } as OwnUser;
const noIssues: PublicIssueList = {
  data: [],
  meta: { pagination: { page: 1, pageSize: 20, pageCount: 0, total: 0 } },
};

/**
 * Renders the page, then loads the viewer as the browser does after hydration: `member` signed in
 * (GET /api/viewer answers them) or a visitor (no hint cookie: nothing asked). `route` answers the
 * page's other calls. @returns every call made, oldest first.
 */
async function renderPage(member: OwnUser | null, route: (call: Call) => Answer | undefined) {
  setMemberHint(null); // a fresh page: nobody known yet from an earlier test
  await act(() => loadViewer(null));
  renderRoute(
    <IssueArchive siteName="Crypto Pragmatist" issues={noIssues} pageHref={(p) => `?page=${p}`} />,
    { path: "/newsletter" },
  );
  // After the render: renderRoute puts in a fetch of its own.
  const calls = fakeApi((call) =>
    call.url.startsWith("/api/viewer")
      ? ok({ data: { user: member, article: null } })
      : route(call),
  );
  setMemberHint(member);
  await act(() => loadViewer(null));
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("IssueArchive's subscribe slot", () => {
  it("shows a signed-in member their own subscription, and stops it with one button", async () => {
    let optIn = true;
    const calls = await renderPage(reader, ({ method, url, body }) => {
      if (url !== OPT_IN) return undefined;
      if (method === "PUT") optIn = (body as { data: { optIn: boolean } }).data.optIn;
      const status = optIn ? "confirmed" : "unsubscribed";
      return ok({ data: { optIn, status, email: reader.email, suppressed: false } });
    });
    expect(await screen.findByText("You get the newsletter at ada@example.test.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Email address" })).toBeNull();

    await userEvent.setup().click(screen.getByRole("button", { name: "Stop the newsletter" }));
    expect(
      await screen.findByText("Get the newsletter at your account's address, ada@example.test."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(
      "Done: you will not get the newsletter by email.",
    );
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ["GET", "/api/viewer", undefined],
      ["GET", OPT_IN, undefined],
      ["PUT", OPT_IN, { data: { optIn: false } }],
      // The viewer again, so the page's Subscribe links say what the member gets now.
      ["GET", "/api/viewer", undefined],
    ]);
  });

  it("subscribes a member with their account email, waiting for the link when unverified", async () => {
    await renderPage(reader, ({ method, url }) => {
      if (url !== OPT_IN) return undefined;
      const status = method === "PUT" ? "pending" : "none";
      return ok({ data: { optIn: false, status, email: reader.email, suppressed: false } });
    });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Subscribe" }));
    await waitFor(() =>
      expect(
        screen.getByText(
          "We mailed a confirmation link to ada@example.test: open it to start getting the newsletter.",
        ),
      ).toBeTruthy(),
    );
    expect(screen.getByRole("button", { name: "Send the link again" })).toBeTruthy();
  });

  it("keeps the email form for a visitor and asks nothing about them", async () => {
    const calls = await renderPage(null, () => undefined);
    expect(screen.getByRole("textbox", { name: "Email address" })).toBeTruthy();
    expect(screen.queryByText(/You get the newsletter/)).toBeNull();
    expect(calls).toEqual([]);
  });
});
