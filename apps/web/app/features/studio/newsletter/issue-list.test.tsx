// The studio's newsletter list (docs/product/newsletter.md#newsletter-sending): editors and admins
// find "Newsletter" in the studio's tabs, and each issue shows its subject, kind, status, delivery
// counts and date.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, issueOf, ok, statsOf } from "../../../../test/newsletter-test-kit.ts";
import { renderRoute } from "../../../../test/route-test-kit.tsx";
import { StudioNav } from "../studio-nav";
import { IssueTable } from "./issue-list";

afterEach(() => vi.unstubAllGlobals());

describe("the studio's Newsletter tab", () => {
  it("is there for editors and admins, not for authors", () => {
    fakeApi(() => undefined);
    const { unmount } = renderRoute(<StudioNav role="editor" username="eddie" />, {
      path: "/studio/newsletter",
    });
    const link = screen.getByRole("link", { name: "Newsletter" });
    expect(link.getAttribute("href")).toBe("/studio/newsletter");
    expect(link.getAttribute("aria-current")).toBe("page");
    unmount();

    const admin = renderRoute(<StudioNav role="admin" username="ada" />, { path: "/studio" });
    expect(screen.getByRole("link", { name: "Newsletter" })).toBeTruthy();
    admin.unmount();

    renderRoute(<StudioNav role="author" username="al" />, { path: "/studio" });
    expect(screen.queryByRole("link", { name: "Newsletter" })).toBeNull();
  });
});

describe("IssueTable", () => {
  const sent = issueOf(
    {
      subject: "The Weekly Brief: 2 March 2026",
      kind: "digest",
      status: "sent",
      articles: [
        { id: 7, title: "Staking yields", slug: "staking-yields", status: "published" },
        { id: 8, title: "Rollup fees", slug: "rollup-fees", status: "published" },
      ],
      sendStartedAt: "2026-03-02T08:00:00.000Z",
      sentAt: "2026-03-02T08:05:00.000Z",
    },
    31,
  );
  const draft = issueOf({ subject: "Staking yields, a draft" }, 32);

  it("lists subject, kind, status, counts and date, asking the figures of sent issues only", async () => {
    const calls = fakeApi(({ url }) =>
      url === "/api/studio/newsletter/issues/31/stats"
        ? ok({ data: statsOf({ recipients: 1204, sent: 1190, failed: 4, pending: 10 }) })
        : undefined,
    );
    renderRoute(<IssueTable issues={[sent, draft]} />, { path: "/studio/newsletter" });
    const [, first, second] = screen.getAllByRole("row");
    /** The text of a row's cell in column `n` (0: subject, 1: kind, 2: status, 3: counts, 4: date). */
    const cell = (row: HTMLElement, n: number) => within(row).getAllByRole("cell")[n]!.textContent;

    const subject = within(first!).getByRole("link", { name: "The Weekly Brief: 2 March 2026" });
    expect(subject.getAttribute("href")).toBe("/studio/newsletter/31");
    expect(cell(first!, 1)).toBe("The Weekly Brief");
    expect(cell(first!, 2)).toBe("Sent");
    expect(await within(first!).findAllByText("1,190 sent · 4 failed · 10 pending")).toHaveLength(
      2,
    );
    expect(cell(first!, 3)).toBe("1,190 sent · 4 failed · 10 pending");
    expect(cell(first!, 4)).toBe("Sent2026-03-02 08:00");
    expect(cell(first!, 0)).toContain("2 articles");

    expect(within(second!).getByRole("link", { name: "Staking yields, a draft" })).toBeTruthy();
    expect(cell(second!, 0)).toContain("Staking yields");
    expect(cell(second!, 1)).toBe("Post");
    expect(cell(second!, 2)).toBe("Draft");
    expect(cell(second!, 3)).toBe("Not sent yet");
    expect(cell(second!, 4)).toBe("Created2026-05-01 10:00");
    expect(calls.map((c) => c.url)).toEqual(["/api/studio/newsletter/issues/31/stats"]);
  });
});
