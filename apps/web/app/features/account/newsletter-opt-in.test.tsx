// The member's newsletter switch on /account (issue #16): it shows the stored choice, changes it
// with PUT /api/newsletter/opt-in and says so, and keeps the old choice when the change fails.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, ok, refused } from "../../../test/newsletter-test-kit.ts";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { NewsletterOptIn } from "./newsletter-opt-in";

const OPT_IN = "/api/newsletter/opt-in";

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
      return ok({ data: { optIn: stored } });
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
      return method === "PUT" ? refused(429, "Too many requests") : ok({ data: { optIn: true } });
    });
    renderRoute(<NewsletterOptIn />, { path: "/account" });
    const toggle = await loadedSwitch();
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    await userEvent.setup().click(toggle);
    expect((await screen.findByRole("alert")).textContent).toBe("Not saved: Too many requests");
    expect(toggle.getAttribute("aria-checked")).toBe("true");
  });
});
