// The member's newsletter switch on /account (docs/decisions/007-newsletter-delivery.md#one-list):
// it shows whether their account email is on the one list, changes it with PUT
// /api/newsletter/opt-in and says so (or that a confirmation link was mailed), and keeps the old
// state when the change fails.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, ok, refused } from "../../../test/newsletter-test-kit.ts";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { NewsletterOptIn } from "./newsletter-opt-in";

const OPT_IN = "/api/newsletter/opt-in";
const EMAIL = "ada@example.test";
/** The API's answer for the member's row: confirmed when `optIn`, else unsubscribed or `status`. */
const answer = (optIn: boolean, status = optIn ? "confirmed" : "unsubscribed") =>
  ok({ data: { optIn, status, email: EMAIL, suppressed: false } });

/** The switch once the stored choice has loaded. */
async function loadedSwitch() {
  const toggle = screen.getByRole<HTMLButtonElement>("switch", {
    name: "Get the newsletter by email",
  });
  await waitFor(() => expect(toggle.disabled).toBe(false));
  return toggle;
}

afterEach(() => vi.unstubAllGlobals());

describe("NewsletterOptIn", () => {
  it("turns the newsletter on, then off again, as the member chooses", async () => {
    let stored = false;
    const calls = fakeApi(({ method, url, body }) => {
      if (url !== OPT_IN) return undefined;
      if (method === "PUT") stored = (body as { data: { optIn: boolean } }).data.optIn;
      return answer(stored);
    });
    renderRoute(<NewsletterOptIn />, { path: "/account" });
    const toggle = await loadedSwitch();
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByText(/sent to your account.s address/)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("true"));
    expect(screen.getByRole("status").textContent).toBe(
      "Done: the newsletter will come to you by email.",
    );
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
    expect(screen.getByRole("status").textContent).toBe(
      "Done: you will not get the newsletter by email.",
    );
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ["GET", undefined],
      ["PUT", { data: { optIn: true } }],
      ["PUT", { data: { optIn: false } }],
    ]);
  });

  it("keeps the stored choice and says why when the change is refused", async () => {
    fakeApi(({ method, url }) => {
      if (url !== OPT_IN) return undefined;
      return method === "PUT" ? refused(429, "Too many requests") : answer(true);
    });
    renderRoute(<NewsletterOptIn />, { path: "/account" });
    const toggle = await loadedSwitch();
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    await userEvent.setup().click(toggle);
    expect((await screen.findByRole("alert")).textContent).toBe("Not saved: Too many requests");
    expect(toggle.getAttribute("aria-checked")).toBe("true");
  });

  it("says a confirmation link was mailed when the account email is not verified", async () => {
    fakeApi(({ method, url }) => {
      if (url !== OPT_IN) return undefined;
      return method === "PUT" ? answer(false, "pending") : answer(false, "none");
    });
    renderRoute(<NewsletterOptIn />, { path: "/account" });
    const toggle = await loadedSwitch();
    await userEvent.setup().click(toggle);
    expect((await screen.findByRole("status")).textContent).toBe(
      `Almost done: open the link we mailed to ${EMAIL} to confirm.`,
    );
    expect(toggle.getAttribute("aria-checked")).toBe("false");
  });
});
