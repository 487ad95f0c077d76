// The audit log's rows for newsletter sends and cancels
// (docs/product/newsletter.md#newsletter-sending): the target is the issue, linked to its screen,
// and the details give the subject and how many (one list: no audience).
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
    const target = within(send!).getByRole("link", { name: "Newsletter issue #12" });
    expect(target.getAttribute("href")).toBe("/studio/newsletter/12");
    expect(within(send!).getByText("Sent a newsletter issue")).toBeTruthy();
    expect(send!.textContent).toContain("“Staking yields” · 1,204 recipients");
    expect(within(cancel!).getByRole("link", { name: "Newsletter issue #12" })).toBeTruthy();
    expect(cancel!.textContent).toContain("“Staking yields” · 40 deliveries stopped");
    expect(screen.queryByText(/Comment #/)).toBeNull();
  });
});
