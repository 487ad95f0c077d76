// The new-password form (docs/product/accounts.md#password-reset,
// docs/product/data.md#validation-forms, docs/product/messages.md#messages-accounts): messages
// after a submit attempt, the request it sends, the way to sign-in on success, and a refusal that
// clears, marks and says so once in an inline alert (never a browser dialog).
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accountApi } from "../../lib/account-api";
import { ApiError } from "../../lib/fetch-json";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { viewerAnswer } from "../../../test/viewer-test-kit";
import { PasswordResetForm } from "./password-reset-form";

function renderForm(invite = false) {
  renderRoute(<PasswordResetForm mark={<span />} code="c0de" invite={invite} />, {
    path: "/passreset",
    at: "/passreset?code=c0de",
    routes: [
      { path: "/login", Component: () => <p>Sign-in page</p> },
      { path: "/account", Component: () => <p>Account page</p> },
    ],
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const confirm = () => fireEvent.click(screen.getByRole("button", { name: "Confirm" }));

describe("PasswordResetForm", () => {
  const alert = vi.fn();
  beforeEach(() => {
    vi.stubGlobal("alert", alert);
    // The link's code is open unless a test says otherwise; the viewer store reads nobody.
    vi.spyOn(accountApi, "checkResetCode").mockResolvedValue({ ok: true });
    vi.stubGlobal("fetch", () => Promise.resolve(viewerAnswer(null)));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    alert.mockReset();
  });

  it("asks for a long enough password first, then for an equal confirmation", () => {
    const reset = vi.spyOn(accountApi, "resetPassword");
    renderForm();
    type("New password", "short");
    confirm();
    expect(screen.getByText("Password must be at least 8 characters")).toBeTruthy();
    expect(screen.queryByText("The passwords do not match")).toBeNull();
    expect(document.activeElement).toBe(field("New password"));
    type("New password", "long enough");
    type("Confirm new password", "long enougH");
    confirm();
    expect(screen.getByText("The passwords do not match")).toBeTruthy();
    expect(document.activeElement).toBe(field("Confirm new password"));
    expect(reset).not.toHaveBeenCalled();
  });

  it("sends the code and both passwords, then opens sign-in", async () => {
    const reset = vi.spyOn(accountApi, "resetPassword").mockResolvedValue({ ok: true });
    renderForm();
    type("New password", "long enough");
    type("Confirm new password", "long enough");
    expect(screen.getByRole("button", { name: "Confirm" }).className).not.toContain("bg-accent/8");
    confirm();
    expect(await screen.findByText("Sign-in page")).toBeTruthy();
    expect(reset).toHaveBeenCalledWith({
      code: "c0de",
      password: "long enough",
      passwordConfirmation: "long enough",
    });
  });

  it("clears and marks both fields and says so once, inline, when the server refuses", async () => {
    vi.spyOn(accountApi, "resetPassword").mockRejectedValue(new Error("expired"));
    renderForm();
    type("New password", "long enough");
    type("Confirm new password", "long enough");
    confirm();
    // One role="alert" note holds the spec's sentences; no browser dialog repeats it.
    const note = await screen.findByRole("alert");
    expect(note.textContent).toBe(
      "Unknown error, please try again The password was not changed. The link may have expired " +
        "or been used already: ask for a new one from the sign-in page.",
    );
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getAllByText(/Unknown error, please try again/)).toHaveLength(1);
    expect(alert).not.toHaveBeenCalled();
    for (const label of ["New password", "Confirm new password"]) {
      expect(field(label).value).toBe("");
      expect(field(label).getAttribute("aria-invalid")).toBe("true");
    }
    await waitFor(() => expect(document.activeElement).toBe(field("New password")));
    type("New password", "x");
    expect(field("New password").getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText(/The password was not changed/)).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says at once that a used or expired link can no longer be used, with no form", async () => {
    const refused = new ApiError(400, null, "This reset link is invalid or has expired.");
    vi.spyOn(accountApi, "checkResetCode").mockRejectedValue(refused);
    renderForm();
    expect(await screen.findByText("This link can no longer be used")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toMatch(
      /^This link was already used or has expired/,
    );
    expect(screen.queryByLabelText("New password")).toBeNull();
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe(
      "/login",
    );
  });

  it("signs an invited member in with their first password and opens their account", async () => {
    const reset = vi.spyOn(accountApi, "resetPassword").mockResolvedValue({ ok: true });
    renderForm(true);
    type("Password", "my first password");
    type("Confirm password", "my first password");
    confirm();
    expect(await screen.findByText("Account page")).toBeTruthy();
    expect(reset).toHaveBeenCalledOnce();
  });
});
