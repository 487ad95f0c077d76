// The notifications screen (docs/product/reader.md#notifications): who, what, where and when, each
// line a link to its comment; opening one marks it read, "Mark all as read" marks them all, and the
// header's count follows.
import type { Notification, NotificationList } from "@pragmatist/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OwnUser } from "@pragmatist/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, ok } from "../../test/newsletter-test-kit.ts";
import { renderRoute } from "../../test/route-test-kit.tsx";
import AccountNotifications from "./account.notifications.tsx";
import { useViewerSnapshot } from "../lib/viewer.ts";

afterEach(() => vi.unstubAllGlobals());

const member = { id: 3, username: "Maya Okafor", profilePicture: null } as unknown as OwnUser;

/** A line of the list; `fields` change its attributes. */
function line(id: number, fields: Partial<Notification["attributes"]> = {}): Notification {
  return {
    id,
    attributes: {
      kind: "reply",
      ids: [id],
      read: false,
      actor: { username: "Ana Lima" },
      others: 0,
      commentId: id * 10,
      excerpt: "Yes, if you hold long.",
      article: { title: "Staking, explained", slug: "staking" },
      link: `/p/staking#comment-${id * 10}`,
      createdAt: "2026-03-02T09:00:00.000Z",
      ...fields,
    },
  };
}

const page: NotificationList = {
  data: [
    line(9, { ids: [9, 7, 5], others: 2 }),
    line(4, { kind: "mention", actor: { username: "Bo" }, read: true }),
    line(3, { kind: "article_comment", excerpt: "First!" }),
  ],
  meta: { pagination: { page: 1, pageSize: 20, pageCount: 1, total: 3 }, unread: 2 },
};

/** The header's count as the viewer store holds it. */
function Count() {
  return <output aria-label="unread">{useViewerSnapshot().unreadNotifications}</output>;
}

/** The article the link leads to, with the header's count. */
function ArticleStandIn() {
  return (
    <>
      <p>The article</p>
      <Count />
    </>
  );
}

const screenWithCount = (
  <>
    <Count />
    <AccountNotifications />
  </>
);

describe("the notifications screen", () => {
  it("lists who, what, where and when, each line a link to its comment", async () => {
    fakeApi((call) => (call.url === "/api/notifications?page=1" ? ok(page) : undefined));
    renderRoute(screenWithCount, { path: "/account/notifications", viewer: member, unread: 2 });
    const list = await screen.findByRole("list", { name: "Notifications" });
    const links = within(list).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual([
      "/p/staking#comment-90",
      "/p/staking#comment-40",
      "/p/staking#comment-30",
    ]);
    expect(links[0]?.textContent).toContain("Ana Lima and 2 others replied to your comment");
    expect(links[0]?.textContent).toContain("“Yes, if you hold long.”");
    expect(links[0]?.textContent).toContain("Staking, explained");
    expect(links[0]?.textContent).toContain("Mar 2");
    expect(links[0]?.textContent).toMatch(/^Unread/);
    expect(links[1]?.textContent).toContain("Bo mentioned you");
    expect(links[1]?.textContent).not.toContain("Unread");
    expect(links[2]?.textContent).toContain("Ana Lima commented on your article");
  });

  it("marks a line read as it is opened, and all of them with Mark all as read", async () => {
    const calls = fakeApi((call) => {
      if (call.url === "/api/notifications?page=1") return ok(page);
      if (call.url === "/api/notifications/read") {
        return ok({ data: { unread: "all" in (call.body as object) ? 0 : 1 } });
      }
      return undefined;
    });
    renderRoute(screenWithCount, {
      path: "/account/notifications",
      viewer: member,
      unread: 2,
      routes: [{ path: "/p/:slug", Component: () => <p>The article</p> }],
    });
    const list = await screen.findByRole("list", { name: "Notifications" });
    await waitFor(() => expect(screen.getByLabelText("unread").textContent).toBe("2"));
    fireEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(screen.getByLabelText("unread").textContent).toBe("0"));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ all: true }]);
    expect(within(list).queryAllByText("Unread")).toEqual([]);
    expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull();
  });

  it("marks the line's notifications read when it is opened", async () => {
    const calls = fakeApi((call) => {
      if (call.url === "/api/notifications?page=1") return ok(page);
      if (call.url === "/api/notifications/read") return ok({ data: { unread: 1 } });
      return undefined;
    });
    renderRoute(screenWithCount, {
      path: "/account/notifications",
      viewer: member,
      unread: 2,
      routes: [{ path: "/p/:slug", Component: ArticleStandIn }],
    });
    const list = await screen.findByRole("list", { name: "Notifications" });
    await waitFor(() => expect(screen.getByLabelText("unread").textContent).toBe("2"));
    fireEvent.click(within(list).getAllByRole("link")[0] as HTMLElement);
    await screen.findByText("The article");
    await waitFor(() => expect(screen.getByLabelText("unread").textContent).toBe("1"));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { ids: [9, 7, 5] },
    ]);
  });

  it("says so when there are none", async () => {
    const empty = { data: [], meta: { ...page.meta, unread: 0 } };
    fakeApi((call) => (call.url === "/api/notifications?page=1" ? ok(empty) : undefined));
    renderRoute(<AccountNotifications />, { path: "/account/notifications", viewer: member });
    expect(await screen.findByText("No notifications yet.")).toBeTruthy();
  });
});
