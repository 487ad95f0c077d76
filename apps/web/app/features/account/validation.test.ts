// The login, reset and account form rules (docs/product/data.md#validation-forms) and the messages
// readers see when the server refuses.
import { isValidEmail } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { initials } from "../../components/ui/avatar.tsx";
import {
  accountFailureMessage,
  authFailureMessage,
  authLooksReady,
  authRequest,
  canRequestReset,
  firstInvalidField,
  imageFileError,
  messages,
  resetLooksReady,
  showsNameSave,
  validateAuth,
  validateReset,
} from "./validation.ts";

describe("the forms' email check (the server's)", () => {
  it.each(["ada@example.com", " ada@example.co.uk ", "a.b+tag@sub.example.org"])(
    "accepts %j",
    (email) => expect(isValidEmail(email)).toBe(true),
  );
  it.each([
    "",
    "ada",
    "ada@",
    "ada@example",
    "@example.com",
    "a da@example.com",
    "ada@exa mple.com",
    // Refused by the server, so refused before sending too.
    "a@b.c",
    "ada..lovelace@example.com",
    `${"a".repeat(243)}@example.com`,
  ])("refuses %j", (email) => expect(isValidEmail(email)).toBe(false));
});

describe("sign-in and sign-up fields", () => {
  const good = { username: "Ada Lovelace", email: "ada@example.com", password: "correct horse" };

  it("passes good input in both modes", () => {
    expect(validateAuth("signin", good)).toEqual({});
    expect(validateAuth("signup", good)).toEqual({});
  });

  it("needs a password of at least 8 characters", () => {
    expect(validateAuth("signin", { ...good, password: "1234567" })).toEqual({
      password: messages.passwordTooShort,
    });
    expect(validateAuth("signin", { ...good, password: "12345678" })).toEqual({});
    expect(validateAuth("signin", { ...good, password: "x".repeat(129) })).toEqual({
      password: "Password must be at most 128 characters",
    });
  });

  it("marks an invalid email", () => {
    expect(validateAuth("signin", { ...good, email: "ada.example.com" })).toEqual({
      email: messages.email,
    });
  });

  it("checks the name only when signing up, with the server's rules and messages", () => {
    expect(validateAuth("signin", { ...good, username: "" })).toEqual({});
    expect(validateAuth("signup", { ...good, username: " A " })).toEqual({
      username: "Name must be at least 2 characters",
    });
    expect(validateAuth("signup", { ...good, username: "Al" })).toEqual({});
    expect(validateAuth("signup", { ...good, username: "x".repeat(61) })).toEqual({
      username: "Name must be at most 60 characters",
    });
    expect(validateAuth("signup", { ...good, username: "<b>Ada</b>" })).toEqual({
      username: "Name contains characters that are not allowed",
    });
  });

  it("makes the button look enabled (sign-in: email > 3, password >= 8)", () => {
    expect(authLooksReady("signin", { username: "", email: "a@bc", password: "12345678" })).toBe(
      true,
    );
    expect(authLooksReady("signin", { username: "", email: "a@b", password: "12345678" })).toBe(
      false,
    );
    expect(authLooksReady("signin", { username: "", email: "a@bc", password: "1234567" })).toBe(
      false,
    );
  });

  it("makes the button look enabled (sign-up: email > 4, password >= 8, name > 2)", () => {
    const base = { username: "Ada", email: "a@b.c", password: "12345678" };
    expect(authLooksReady("signup", base)).toBe(true);
    expect(authLooksReady("signup", { ...base, username: "Al" })).toBe(false);
    expect(authLooksReady("signup", { ...base, email: "a@bc" })).toBe(false);
    expect(authLooksReady("signup", { ...base, password: "1234567" })).toBe(false);
  });

  it("focuses the first bad field in screen order, the name only when signing up", () => {
    const bad = {
      username: messages.nameTooShort,
      email: messages.email,
      password: messages.passwordTooShort,
    };
    expect(firstInvalidField("signup", bad)).toBe("username");
    expect(firstInvalidField("signin", bad)).toBe("email");
    expect(firstInvalidField("signin", { password: messages.passwordTooShort })).toBe("password");
    expect(firstInvalidField("signup", {})).toBeUndefined();
  });

  it("sends the name only with a sign-up", () => {
    expect(authRequest("signup", good)).toEqual({ intent: "signup", ...good });
    expect(authRequest("signin", good)).toEqual({
      intent: "signin",
      email: good.email,
      password: good.password,
    });
  });
});

describe("Forget Password", () => {
  it("needs an email longer than 3 characters that the server takes", () => {
    expect(canRequestReset("")).toBe(false);
    expect(canRequestReset("a@b")).toBe(false);
    expect(canRequestReset("abcd")).toBe(false);
    expect(canRequestReset("a@b.c")).toBe(false);
    expect(canRequestReset("a@b.co")).toBe(true);
  });
});

describe("password reset", () => {
  it("sends only with a code and two equal passwords of at least 8", () => {
    const ok = { code: "abc", password: "12345678", confirmation: "12345678" };
    expect(validateReset(ok)).toEqual({});
    expect(validateReset({ ...ok, code: null })).toEqual({ code: messages.missingCode });
    expect(validateReset({ ...ok, code: "" })).toEqual({ code: messages.missingCode });
    expect(validateReset({ ...ok, password: "1234567", confirmation: "1234567" })).toEqual({
      password: messages.passwordTooShort,
    });
    expect(validateReset({ ...ok, confirmation: "12345679" })).toEqual({
      confirmation: messages.confirmation,
    });
  });

  it("makes Confirm look active only when equal and long enough", () => {
    expect(resetLooksReady("12345678", "12345678")).toBe(true);
    expect(resetLooksReady("1234567", "1234567")).toBe(false);
    expect(resetLooksReady("12345678", "12345670")).toBe(false);
  });
});

describe("account edit", () => {
  it("shows Save only when the name field is not empty", () => {
    expect(showsNameSave("")).toBe(false);
    expect(showsNameSave("   ")).toBe(false);
    expect(showsNameSave("A")).toBe(true);
  });

  it("takes JPEG, PNG, WebP and GIF pictures of at most 5 MB only", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/gif"]) {
      expect(imageFileError({ type, size: 5 * 1024 * 1024 })).toBeNull();
    }
    expect(imageFileError({ type: "image/svg+xml", size: 10 })).toMatch(/JPEG, PNG, WebP or GIF/);
    expect(imageFileError({ type: "", size: 10 })).not.toBeNull();
    expect(imageFileError({ type: "image/png", size: 5 * 1024 * 1024 + 1 })).toBe(
      "This image is over 5 MB. Choose a smaller one.",
    );
  });

  it("makes initials for the avatar fallback", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("  satoshi ")).toBe("S");
    expect(initials("Jean Claude Van Damme")).toBe("JD");
    expect(initials("élodie durand")).toBe("ÉD");
    expect(initials("")).toBe("?");
  });
});

describe("messages for refused requests", () => {
  it("says the credentials do not match on a refused sign-in, without saying which", () => {
    const msg = authFailureMessage("signin", {
      status: 400,
      errorName: "ValidationError",
      message: "Invalid identifier or password",
    });
    expect(msg).toMatch(/email and password do not match/);
  });

  it("gives the wait on 429", () => {
    expect(
      authFailureMessage("signin", {
        status: 429,
        errorName: "RateLimitError",
        message: "Too many requests, please try again later.",
        details: { retryAfterSeconds: 600 },
      }),
    ).toBe("Too many attempts. Please wait 10 minutes and try again.");
    expect(
      authFailureMessage("signup", {
        status: 429,
        errorName: "RateLimitError",
        message: "",
        details: { retryAfterSeconds: 30 },
      }),
    ).toBe("Too many attempts. Please wait 30 seconds and try again.");
  });

  it("passes the server's sentence on a refused sign-up (a taken email)", () => {
    const message =
      "This email cannot be used to sign up. If it is yours, sign in or reset your password.";
    expect(
      authFailureMessage("signup", { status: 400, errorName: "ValidationError", message }),
    ).toBe(message);
  });

  it("never shows internals on a 5xx, and explains a network failure", () => {
    expect(
      authFailureMessage("signin", {
        status: 500,
        errorName: "ApplicationError",
        message: "Internal Server Error",
      }),
    ).toBe("Something went wrong on our side. Please try again.");
    expect(authFailureMessage("forgot", null)).toMatch(/could not reach the server/);
  });

  it("explains refused account changes", () => {
    expect(
      accountFailureMessage("photo", {
        status: 413,
        errorName: "PayloadTooLargeError",
        message: "x",
      }),
    ).toBe("That image is too large. Choose a smaller one.");
    expect(
      accountFailureMessage("name", {
        status: 400,
        errorName: "ValidationError",
        message: "Name contains characters that are not allowed",
      }),
    ).toBe("The name was not saved. Name contains characters that are not allowed.");
    expect(accountFailureMessage("delete", null)).toMatch(/^Your account was not deleted\./);
  });
});
