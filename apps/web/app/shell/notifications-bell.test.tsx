// The header's bell (docs/product/reader.md#notifications): signed-in readers only, a link to
// their notifications named with the unread count from GET /api/viewer.
import { cleanup, screen, waitFor } from "@testing-library/react";
import type { OwnUser } from "@pragmatist/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../test/route-test-kit.tsx";
import { SiteHeader } from "./site-header";

afterEach(() => vi.unstubAllGlobals());

const member = { id: 3, username: "Maya Okafor", profilePicture: null } as unknown as OwnUser;

const header = <SiteHeader siteName="Pragmatist" newsletterUrl="/newsletter" />;

describe("the notifications bell", () => {
  it("shows a member the unread count in the link's name and on the bell", async () => {
    renderRoute(header, { viewer: member, unread: 3 });
    const bell = await screen.findByRole("link", { name: "Notifications, 3 unread" });
    expect(bell.getAttribute("href")).toBe("/account/notifications");
    expect(bell.textContent).toBe("3");
  });

  it("says 9+ above nine", async () => {
    renderRoute(header, { viewer: member, unread: 12 });
    expect(
      (await screen.findByRole("link", { name: "Notifications, 12 unread" })).textContent,
    ).toBe("9+");
  });

  it("has no count when nothing is unread, and is not offered to a visitor", async () => {
    renderRoute(header, { viewer: member });
    expect((await screen.findByRole("link", { name: "Notifications" })).textContent).toBe("");
    cleanup();
    renderRoute(header);
    await waitFor(() => expect(screen.getAllByRole("link", { name: "Login" }).length).toBe(1));
    expect(screen.queryByRole("link", { name: /^Notifications/ })).toBeNull();
  });
});
