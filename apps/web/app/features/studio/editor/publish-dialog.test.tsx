// The question before publishing (docs/product/studio.md#studio-publishing): it says where the
// article goes live and whether it is published only or also emailed, to how many confirmed
// addresses; Cancel publishes nothing.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, ok } from "../../../../test/newsletter-test-kit.ts";
import { PublishDialog, type PublishSubject } from "./publish-dialog";

const COUNT = "/api/studio/subscribers?status=confirmed&pageSize=1";
const DRAFT: PublishSubject = {
  title: "Staking yields",
  slug: "staking-yields",
  scheduledFor: null,
};

/** The dialog open on `subject`, `email` or not; `confirmed` and `closed` count the clicks. */
function renderDialog(subject: PublishSubject, email: boolean) {
  const clicks = { confirmed: 0, closed: 0 };
  render(
    <PublishDialog
      open
      subject={subject}
      email={email}
      onConfirm={() => clicks.confirmed++}
      onClose={() => clicks.closed++}
    />,
  );
  const dialog = screen.getByRole("dialog", { name: "Publish this article now?" });
  return { dialog, clicks, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe("PublishDialog", () => {
  it("says a Publish now is published only, not emailed, and Cancel publishes nothing", async () => {
    const calls = fakeApi(() => undefined);
    const { dialog, clicks, user } = renderDialog(DRAFT, false);
    expect(dialog.textContent).toContain("“Staking yields” goes live at /p/staking-yields now");
    expect(dialog.textContent).toContain("It is published only: it is not emailed to subscribers.");
    expect(within(dialog).getByRole("button", { name: "Publish now" })).toBeTruthy();
    // Cancel has the focus, so Enter never publishes by accident.
    expect(document.activeElement?.textContent).toBe("Cancel");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(clicks).toEqual({ confirmed: 0, closed: 1 });
    expect(calls).toEqual([]);
  });

  it("says Publish and email also emails it, to how many confirmed addresses", async () => {
    fakeApi(({ url }) =>
      url === COUNT
        ? ok({ data: [], meta: { pagination: { page: 1, pageSize: 1, pageCount: 3, total: 3 } } })
        : undefined,
    );
    const { dialog, clicks, user } = renderDialog(DRAFT, true);
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        "It is also emailed: its newsletter issue opens next, for the 3 confirmed addresses on the list.",
      ),
    );
    expect(dialog.textContent).toContain("sent when you press Send now");
    expect(dialog.textContent).not.toContain("published only");
    await user.click(within(dialog).getByRole("button", { name: "Publish and email" }));
    expect(clicks).toEqual({ confirmed: 1, closed: 0 });
  });

  it("says 'every confirmed address' when they cannot be counted, and a scheduled one goes live early", async () => {
    fakeApi(() => undefined);
    const scheduled = { ...DRAFT, scheduledFor: "2026-12-01T09:00:00.000Z" };
    const { dialog } = renderDialog(scheduled, true);
    expect(dialog.textContent).toContain(
      "now, instead of at its publish date (2026-12-01 09:00 UTC)",
    );
    await waitFor(() =>
      expect(dialog.textContent).toContain("for every confirmed address on the list."),
    );
  });
});
