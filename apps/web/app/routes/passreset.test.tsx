// The page a mailed password link opens
// (docs/product/accounts.md#password-reset): a reset link sets a new password, an invitation's link
// (`&invite=1`, a new editor's) chooses the first.
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountApi } from "../lib/account-api";
import { renderRoute } from "../../test/route-test-kit.tsx";
import type { Route } from "./+types/passreset";
import PasswordReset, { meta } from "./passreset";

/** The page's heading and password fields at `at`, and its `<title>`. */
function open(at: string) {
  renderRoute(<PasswordReset />, { path: "/passreset", at });
  const title = meta({
    matches: [],
    location: { search: new URL(at, "http://x").search },
  } as unknown as Route.MetaArgs);
  return {
    heading: screen.getByRole("heading", { level: 1 }).textContent,
    fields: screen.getAllByLabelText(/password/i).map((f) => f.getAttribute("name")),
    labels: [...document.querySelectorAll("label")].map((l) => l.textContent),
    title: (title.find((m) => "title" in m) as { title: string } | undefined)?.title,
  };
}

describe("/passreset", () => {
  // The link's code is still open (the form asks the server before it shows).
  beforeEach(() => {
    vi.restoreAllMocks();
    vi.spyOn(accountApi, "checkResetCode").mockResolvedValue({ ok: true });
  });

  it("asks an invited member to choose their password", () => {
    const page = open("/passreset?code=c0de&invite=1");
    expect(page.heading).toBe("Choose your password");
    expect(page.title).toBe("Choose your password");
    expect(page.labels).toEqual(["Password", "Confirm password"]);
    expect(page.fields).toEqual(["password", "passwordConfirmation"]);
  });

  it("asks for a new password after a reset link", () => {
    const page = open("/passreset?code=c0de");
    expect(page.heading).toBe("Set a new password");
    expect(page.title).toBe("Reset your password");
    expect(page.labels).toEqual(["New password", "Confirm new password"]);
  });
});
