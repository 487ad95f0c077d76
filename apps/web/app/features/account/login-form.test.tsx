// The sign-in / sign-up card (docs/product/accounts.md#login,
// docs/product/data.md#validation-forms): messages after a submit attempt, what is sent for each
// intent, the mode toggle clearing the fields, "Forget Password?" (its refusal one inline alert,
// never a browser dialog) and server errors.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { LoginForm } from "./login-form";

/** Renders the form on a route whose action records what it got and answers `answer`. */
function renderForm(
  props: Partial<Parameters<typeof LoginForm>[0]> = {},
  answer: unknown | Promise<unknown> = {},
) {
  const sent: Record<string, FormDataEntryValue>[] = [];
  renderRoute(<LoginForm mark={<span />} google={false} {...props} />, {
    path: "/login",
    action: async ({ request }) => {
      sent.push(Object.fromEntries(await request.formData()));
      return answer;
    },
  });
  return sent;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

describe("LoginForm", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the messages only after a submit attempt and focuses the first bad field", () => {
    const sent = renderForm();
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
    type("Email Address", "reader@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByText("Password must be at least 8 characters")).toBeTruthy();
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
    expect(document.activeElement).toBe(field("Password"));
    expect(sent).toHaveLength(0);
  });

  it("sends a sign-in with the email and password, and shows the server's refusal", async () => {
    const sent = renderForm({}, { error: "That email and password do not match an account." });
    const submit = screen.getByRole("button", { name: "Sign in" });
    // The "soft" look until the fields look complete (docs/product/data.md#validation-forms), then
    // the primary one.
    expect(submit.className).toContain("bg-accent/8");
    type("Email Address", "reader@example.com");
    type("Password", "correct horse");
    expect(submit.className).not.toContain("bg-accent/8");
    fireEvent.click(submit);
    expect(
      await screen.findByText("That email and password do not match an account."),
    ).toBeTruthy();
    expect(sent).toEqual([
      { intent: "signin", email: "reader@example.com", password: "correct horse" },
    ]);
  });

  it("says it is signing in while the request runs", async () => {
    let finish: (value: unknown) => void = () => undefined;
    renderForm({}, new Promise((resolve) => (finish = resolve)));
    type("Email Address", "reader@example.com");
    type("Password", "correct horse");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const busy = await screen.findByRole("button", { name: "Signing in…" });
    expect(busy.getAttribute("aria-disabled")).toBe("true");
    expect(busy.closest("form")!.getAttribute("aria-busy")).toBe("true");
    finish({});
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("switches to sign-up, clearing the fields, and sends the name too", async () => {
    const sent = renderForm();
    type("Email Address", "typed@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Create an account" }));
    expect(screen.getByRole("heading", { name: "Sign up for your Account" })).toBeTruthy();
    expect(field("Email Address").value).toBe("");
    expect(screen.queryByRole("button", { name: "Forget Password?" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    expect(screen.getByText("Name must be at least 2 characters")).toBeTruthy();
    expect(document.activeElement).toBe(field("Full Name"));
    type("Full Name", "Maya Okafor");
    type("Email Address", "maya@example.com");
    type("Password", "long enough");
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      intent: "signup",
      username: "Maya Okafor",
      email: "maya@example.com",
      password: "long enough",
    });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByRole("heading", { name: "Sign in to your Account" })).toBeTruthy();
  });

  it("asks for a valid email before sending a reset link, once, inline and no dialog", async () => {
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    const sent = renderForm();
    type("Email Address", "nope");
    fireEvent.click(screen.getByRole("button", { name: "Forget Password?" }));
    // One message, announced (role="alert"), tied to the field, which gets the focus; no dialog.
    const message = screen.getByRole("alert");
    expect(message.textContent).toBe("Please enter a valid email address");
    expect(screen.getAllByText("Please enter a valid email address")).toHaveLength(1);
    expect(field("Email Address").getAttribute("aria-describedby")).toBe(message.id);
    expect(document.activeElement).toBe(field("Email Address"));
    expect(alert).not.toHaveBeenCalled();
    expect(field("Email Address").getAttribute("aria-invalid")).toBe("true");
    expect(sent).toHaveLength(0);
    type("Email Address", "reader@example.com");
    expect(field("Email Address").getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Forget Password?" }));
    await waitFor(() => expect(sent).toEqual([{ intent: "forgot", email: "reader@example.com" }]));
  });

  it("shows the notice, the Google button and the mode it was opened in", () => {
    renderForm({
      google: true,
      initialMode: "signup",
      notice: { tone: "info", text: "Please sign in to continue." },
    });
    expect(screen.getByRole("status").textContent).toBe("Please sign in to continue.");
    expect(screen.getByRole("link", { name: "Continue with Google" }).getAttribute("href")).toBe(
      "/api/connect/google",
    );
    expect(screen.getByRole("heading", { name: "Sign up for your Account" })).toBeTruthy();
  });
});
