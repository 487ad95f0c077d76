// One issue's screen (docs/product/newsletter.md#newsletter-sending): the mail previewed in a frame
// that runs nothing, its plain-text part, and the delivery figures refreshing on their own while
// the issue is sending, with what is never tracked said plainly.
import type { IssueStats, StudioIssue } from "@pragmatist/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, issueOf, ok, statsOf } from "../../../../test/newsletter-test-kit.ts";
import { renderRoute } from "../../../../test/route-test-kit.tsx";
import { IssueScreen } from "./issue-screen";
import { STATS_REFRESH_MS } from "./issue-stats";

const ISSUE = "/api/studio/newsletter/issues/12";
const preview = {
  subject: "Staking yields",
  html: '<html><body><h1>Inside the mail</h1><script>parent.document.title = "owned"</script></body></html>',
  text: "Staking yields\n\nRead it on the web: [1]\n\n[1] http://localhost:1337/p/staking-yields",
};

/** The server of the moment: the issue, its figures and its preview, changed by the test. */
function server(issue: StudioIssue, stats: IssueStats) {
  const state = { issue, stats };
  const calls = fakeApi(({ method, url }) => {
    if (method !== "GET") return undefined;
    if (url === ISSUE) return ok({ data: state.issue, meta: {} });
    if (url === `${ISSUE}/stats`) return ok({ data: state.stats });
    if (url === `${ISSUE}/preview`) return ok({ data: preview });
    return undefined;
  });
  return { state, calls };
}

/** The figure named `label` in the Delivery section. */
function figure(label: string): string | null {
  const section = screen.getByRole("region", { name: "Delivery" });
  const term = within(section).getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent ?? null;
}

const render = (issue: StudioIssue) =>
  renderRoute(<IssueScreen issue={issue} />, {
    path: "/studio/newsletter/:id",
    at: "/studio/newsletter/12",
  });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("IssueScreen preview", () => {
  it("shows the mail in a sandboxed frame, never in the page, at 640 or 390 px, and its text part", async () => {
    server(issueOf(), statsOf());
    render(issueOf());
    const frame = await screen.findByTitle<HTMLIFrameElement>("Email preview");
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toBe(preview.html);
    expect(frame.getAttribute("width")).toBe("640");
    expect(screen.queryByText("Inside the mail")).toBeNull();
    expect(document.querySelector("script")).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Phone · 390 px" }));
    expect(screen.getByTitle("Email preview").getAttribute("width")).toBe("390");
    await user.click(screen.getByRole("button", { name: "Plain text" }));
    expect(screen.getByLabelText("Plain-text part").textContent).toBe(preview.text);
    expect(screen.queryByTitle("Email preview")).toBeNull();
  });
});

describe("IssueScreen figures", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // Testing Library's waitFor advances fake timers only where it finds Jest's API: give it
    // Vitest's.
    vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });

  it("has none for a draft, and says what is never tracked", async () => {
    const { calls } = server(issueOf(), statsOf());
    render(issueOf());
    expect(screen.getByText("The figures start when the issue is sent.")).toBeTruthy();
    expect(
      screen.getByText("Opens are not tracked: the mail carries no tracking pixel."),
    ).toBeTruthy();
    expect(screen.getByText(/it is off by default/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(STATS_REFRESH_MS * 3));
    expect(calls.some((c) => c.url.endsWith("/stats"))).toBe(false);
  });

  it("refreshes every few seconds while sending, then stops once the issue is sent", async () => {
    const sending = issueOf({
      status: "sending",
      sendStartedAt: "2026-05-01T11:00:00.000Z",
    });
    const { state, calls } = server(sending, statsOf({ recipients: 3, pending: 2, sent: 1 }));
    render(sending);
    await waitFor(() => expect(figure("Sent")).toBe("1"));
    expect(figure("Recipients")).toBe("3");
    expect(figure("Pending")).toBe("2");
    expect(figure("Clicks")).toBe("—");
    expect(screen.getByText(/Refreshing every 3 seconds/)).toBeTruthy();
    expect(screen.getByText(/Click tracking is off \(the default\)/)).toBeTruthy();
    expect(
      screen.getByText("Opens are not tracked: the mail carries no tracking pixel."),
    ).toBeTruthy();

    state.stats = statsOf({ recipients: 3, pending: 1, sent: 1, failed: 1 });
    await act(() => vi.advanceTimersByTimeAsync(STATS_REFRESH_MS));
    expect(figure("Failed")).toBe("1");
    expect(figure("Pending")).toBe("1");

    state.stats = statsOf({ recipients: 3, sent: 2, failed: 1, unsubscribes: 1 });
    state.issue = issueOf({
      ...sending.attributes,
      status: "sent",
      sentAt: "2026-05-01T11:01:00.000Z",
    });
    await act(() => vi.advanceTimersByTimeAsync(STATS_REFRESH_MS));
    await waitFor(() => expect(screen.queryByText(/Refreshing every/)).toBeNull());
    expect(figure("Sent")).toBe("2");
    expect(figure("Unsubscribes")).toBe("1");
    expect(screen.getByText("Sent", { selector: "span" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel send" })).toBeNull();

    const asked = calls.filter((c) => c.url.endsWith("/stats")).length;
    await act(() => vi.advanceTimersByTimeAsync(STATS_REFRESH_MS * 5));
    expect(calls.filter((c) => c.url.endsWith("/stats")).length).toBe(asked);
  });

  it("shows clicks per link when click tracking is on", async () => {
    const sent = issueOf({ status: "sent" });
    const tracked = statsOf({
      recipients: 3,
      sent: 3,
      clicks: 5,
      tracking: { clicks: true, opens: false },
      links: [{ url: "http://localhost:1337/p/staking-yields", clicks: 5 }],
    });
    server(sent, tracked);
    render(sent);
    await waitFor(() => expect(figure("Clicks")).toBe("5"));
    expect(screen.getByRole("table", { name: "Clicks per link" }).textContent).toContain(
      "http://localhost:1337/p/staking-yields5",
    );
    expect(screen.getByText(/Click tracking is on/)).toBeTruthy();
  });
});
