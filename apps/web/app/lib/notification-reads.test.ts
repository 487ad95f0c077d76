// Marking notifications read and the bell (docs/product/reader.md#notifications): the viewer's read
// waits for a mark-read call, so the bell never shows the count from before it; the comment a link
// opens marks a member's notifications of it read.
import { afterEach, describe, expect, it, vi } from "vitest";
import { setMemberHint, viewerAnswer } from "../../test/viewer-test-kit.ts";
import { markCommentNotificationsRead, markNotificationsRead } from "./notification-reads.ts";
import { loadViewer, viewerNow } from "./viewer.ts";

const member = { id: 7, username: "Maya Okafor", email: "maya@example.test", confirmed: true };

/**
 * Stubs fetch: POST /api/notifications/read answers `{ unread: 0 }` once `release` is called
 * (the server's count drops then), GET /api/viewer answers the server's count at that moment.
 */
function server(unreadBefore: number) {
  let unread = unreadBefore;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    if (String(input).startsWith("/api/notifications/read")) {
      await held;
      unread = 0;
      return Response.json({ data: { unread } });
    }
    return viewerAnswer(member, null, false, unread);
  });
  vi.stubGlobal("fetch", fetch);
  const calls = () => fetch.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${url}`);
  return { fetch, calls, release: () => release() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setMemberHint(null);
});

describe("the bell after a notification is opened", () => {
  it("reads the viewer only once the mark-read call has answered", async () => {
    setMemberHint(member);
    const { calls, release } = server(3);
    const marked = markNotificationsRead({ ids: [1] });
    // The link's navigation loads the article page's viewer meanwhile: not asked yet (an
    // unheld read calls fetch at once).
    const loaded = loadViewer("bitcoin-halving");
    expect(calls()).toEqual(["POST /api/notifications/read"]);
    release();
    await marked;
    await loaded;
    expect(calls()).toEqual([
      "POST /api/notifications/read",
      "GET /api/viewer?article=bitcoin-halving",
    ]);
    expect(viewerNow().unreadNotifications).toBe(0);
  });
});

describe("a link to a comment", () => {
  it("marks the member's notifications of it read once the viewer is known", async () => {
    setMemberHint(member);
    const { fetch, calls, release } = server(2);
    await loadViewer("bitcoin-halving");
    expect(viewerNow().unreadNotifications).toBe(2);
    release();
    await markCommentNotificationsRead(41);
    expect(calls().at(-1)).toBe("POST /api/notifications/read");
    expect(JSON.parse(String(fetch.mock.calls.at(-1)?.[1]?.body))).toEqual({ comment: 41 });
    expect(viewerNow().unreadNotifications).toBe(0);
  });

  it("asks nothing for a visitor", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await loadViewer("bitcoin-halving");
    await markCommentNotificationsRead(41);
    expect(fetch).not.toHaveBeenCalled();
  });
});
