// The studio's members page (docs/product/studio.md#studio-members) says when a search of 1 or 2
// characters looked through the newest members only, and says nothing otherwise.
import type { MemberList } from "@pragmatist/contracts";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../test/route-test-kit.tsx";
import StudioMembers from "./studio.members.tsx";
import type { Route } from "./+types/studio.members";

const members = (meta: Partial<MemberList["meta"]>): MemberList => ({
  data: [
    {
      ...{ id: 7, username: "Xavier Quill", email: "xq@quill.test", role: "member" },
      ...{ createdAt: "2026-05-01T09:00:00.000Z", ban: null },
    },
  ],
  meta: { pagination: { page: 1, pageSize: 20, pageCount: 1, total: 1 }, ...meta },
});

function show(q: string, list: MemberList) {
  const props = { loaderData: { q, role: undefined, members: list } } as Route.ComponentProps;
  renderRoute(<StudioMembers {...props} />, { path: "/studio/members", viewer: { id: 1 } });
}

describe("the studio's member search", () => {
  it("says a short search looked through the newest members only", async () => {
    show("xq", members({ searchedNewest: 5000 }));
    expect(await screen.findByText("Xavier Quill")).toBeTruthy();
    expect(
      screen.getByText(
        "Searched the newest 5,000 members: type 3 characters or more to search them all.",
      ),
    ).toBeTruthy();
  });

  it("says nothing of it when every member was searched", async () => {
    show("xq", members({}));
    expect(await screen.findByText("Xavier Quill")).toBeTruthy();
    expect(screen.queryByText(/Searched the newest/)).toBeNull();
  });
});
