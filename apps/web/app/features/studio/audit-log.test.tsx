// The audit log's rows (docs/product/studio.md#studio-audit): newsletter sends and cancels
// (docs/product/newsletter.md#newsletter-sending) name the issue by its subject, linked to its
// screen, with how many (one list: no audience); people are named and comments quoted.
import type { AuditEntry } from "@pragmatist/contracts";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { AuditTable } from "./audit-log";

const entry = (id: number, changes: Partial<AuditEntry>): AuditEntry => ({
  id,
  actor: { id: 3, username: "Eddie Editor" },
  action: "newsletter.send",
  targetType: "newsletter-issue",
  targetId: 12,
  target: { name: "Staking yields", quote: null },
  details: {},
  at: "2026-05-01T11:00:00.000Z",
  ...changes,
});

afterEach(() => vi.unstubAllGlobals());

describe("AuditTable newsletter entries", () => {
  it("names the issue as the target and says what the send and the cancel did", () => {
    renderRoute(
      <AuditTable
        entries={[
          entry(2, {
            action: "newsletter.cancel",
            details: { subject: "Staking yields", cancelled: 40 },
          }),
          entry(1, {
            details: { subject: "Staking yields", recipients: 1204 },
          }),
        ]}
      />,
      { path: "/studio/audit" },
    );
    const [, cancel, send] = screen.getAllByRole("row");
    const target = within(send!).getByRole("link", { name: "“Staking yields”" });
    expect(target.getAttribute("href")).toBe("/studio/newsletter/12");
    expect(within(send!).getByText("Sent a newsletter issue")).toBeTruthy();
    expect(send!.textContent).toContain("“Staking yields” · 1,204 recipients");
    expect(within(cancel!).getByRole("link", { name: "“Staking yields”" })).toBeTruthy();
    expect(cancel!.textContent).toContain("“Staking yields” · 40 deliveries stopped");
    expect(screen.queryByText(/Comment #/)).toBeNull();
  });

  it("names members and quotes comments instead of numbering them", () => {
    renderRoute(
      <AuditTable
        entries={[
          entry(3, {
            action: "comment.hide",
            targetType: "comment",
            targetId: 40,
            target: { name: "Tom Troll", quote: "Buy my coin before it moons…" },
          }),
          entry(2, {
            action: "member.ban",
            targetType: "member",
            targetId: 9,
            target: { name: "Tom Troll", quote: null },
            details: { reason: "Spam" },
          }),
          entry(1, {
            action: "comment.delete",
            targetType: "comment",
            targetId: 41,
            target: { name: "Tom Troll", quote: null },
          }),
        ]}
      />,
      { path: "/studio/audit" },
    );
    const [, hide, ban, remove] = screen.getAllByRole("row");
    expect(hide!.textContent).toContain("Comment by Tom Troll: “Buy my coin before it moons…”");
    expect(ban!.textContent).toContain("Tom Troll");
    expect(remove!.textContent).toContain("A deleted comment by Tom Troll");
    expect(screen.queryByText(/#\d/)).toBeNull();
  });
});
