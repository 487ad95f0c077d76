// Form rules of the login, password reset and account screens (docs/product/data.md#validation-forms),
// as pure functions so the screens and the unit tests share them. What a field must be is the
// server's own rule (contracts' account-rules.ts, which holds no zod); this file adds what only
// the forms know (when a button looks ready, the confirmation, the reset code).
import {
  accountMessages,
  isValidEmail,
  MAX_UPLOAD_BYTES,
  nameProblem,
  PASSWORD_MIN,
  passwordProblem,
} from "@pragmatist/contracts";

/** Which side of the login card is shown: sign in, or sign up (docs/product/accounts.md#login). */
export type AuthMode = "signin" | "signup";

/** What the reader typed into the sign-in / sign-up form, untrimmed. */
export interface AuthFields {
  /** Full Name; only read in sign-up mode. */
  username: string;
  email: string;
  password: string;
}

/** The message of each invalid field of a form; a field without one is valid. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * The field messages of the account screens (wording of docs/product/messages.md#messages-accounts): the
 * server's for the email, password and name, and the forms' own.
 */
export const messages = {
  ...accountMessages,
  confirmation: "The passwords do not match",
  missingCode: "This link has no reset code. Ask for a new link from the sign-in page.",
} as const;

/**
 * Field messages of the sign-in or sign-up form; an empty object means it may be sent.
 * Sign-in: an email and a password the server takes. Sign-up adds a name the server takes.
 */
export function validateAuth(
  mode: AuthMode,
  fields: AuthFields,
): FieldErrors<"username" | "email" | "password"> {
  const errors: FieldErrors<"username" | "email" | "password"> = {};
  if (mode === "signup") {
    const name = nameProblem(fields.username);
    if (name) errors.username = name;
  }
  if (!isValidEmail(fields.email)) errors.email = messages.email;
  const password = passwordProblem(fields.password);
  if (password) errors.password = password;
  return errors;
}

/** One field of the sign-in / sign-up form. */
export type AuthField = keyof AuthFields;

/**
 * The first field of `mode`'s form, in screen order (sign-up asks the name first), that has a
 * message in `errors`: the one to focus after a refused submit; undefined when none has.
 */
export function firstInvalidField(
  mode: AuthMode,
  errors: FieldErrors<AuthField>,
): AuthField | undefined {
  const order: AuthField[] =
    mode === "signup" ? ["username", "email", "password"] : ["email", "password"];
  return order.find((field) => errors[field]);
}

/**
 * What the form sends to the login route's clientAction (routes/login.tsx): `intent` "signup"
 * with the name, email and password, or "signin" with the email and password only.
 */
export function authRequest(mode: AuthMode, fields: AuthFields): Record<string, string> {
  return mode === "signup"
    ? { intent: "signup", ...fields }
    : { intent: "signin", email: fields.email, password: fields.password };
}

/**
 * Whether the submit button looks enabled (docs/product/data.md#validation-forms): sign-in needs an
 * email longer than 3 and a password of at least 8; sign-up an email longer than 4, a password of
 * at least 8 and a name longer than 2. It can be pressed either way; pressing it early shows the
 * field messages.
 */
export function authLooksReady(mode: AuthMode, fields: AuthFields): boolean {
  const email = fields.email.trim().length;
  const password = fields.password.length >= PASSWORD_MIN;
  if (mode === "signin") return email > 3 && password;
  return email > 4 && password && fields.username.trim().length > 2;
}

/**
 * "Forget Password?" may ask for a link (docs/product/accounts.md#forgot-password): an email longer than 3
 * characters, and, so the request is not refused by the server, one the server takes.
 */
export function canRequestReset(email: string): boolean {
  return email.trim().length > 3 && isValidEmail(email);
}

/** What the new-password form holds: the link's code and the two passwords. */
export interface ResetFields {
  /** The `code` query parameter from the mailed link; null when the address has none. */
  code: string | null;
  password: string;
  confirmation: string;
}

/**
 * Field messages of the new-password form (docs/product/accounts.md#password-reset: a code is
 * present, the password is long enough and equals the confirmation); an empty object means it may
 * be sent.
 */
export function validateReset(
  fields: ResetFields,
): FieldErrors<"code" | "password" | "confirmation"> {
  const errors: FieldErrors<"code" | "password" | "confirmation"> = {};
  if (!fields.code) errors.code = messages.missingCode;
  const password = passwordProblem(fields.password);
  if (password) errors.password = password;
  if (fields.confirmation !== fields.password) errors.confirmation = messages.confirmation;
  return errors;
}

/**
 * The Confirm button looks active only when both passwords are equal and long enough
 * (docs/product/accounts.md#password-reset).
 */
export function resetLooksReady(password: string, confirmation: string): boolean {
  return password.length >= PASSWORD_MIN && password === confirmation;
}

/**
 * The name Save button shows only when the field is not empty (docs/product/accounts.md#account).
 */
export function showsNameSave(name: string): boolean {
  return name.trim().length > 0;
}

/** Image types the photo picker offers (the server re-encodes whatever it accepts). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

/**
 * The message for a picked photo the server would refuse (docs/product/accounts.md#account): not
 * one of IMAGE_TYPES, or over MAX_UPLOAD_BYTES (`size` in bytes); null when it may be sent.
 */
export function imageFileError(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return "Choose a JPEG, PNG, WebP or GIF image";
  }
  return file.size > MAX_UPLOAD_BYTES ? "This image is over 5 MB. Choose a smaller one." : null;
}

/** What a failed API call tells the reader, from its status, error name, message and details. */
export interface FailureInfo {
  status: number;
  errorName: string;
  message: string;
  details?: Record<string, unknown>;
}

/** "5 minutes" / "40 seconds" for a Retry-After in seconds. */
function waitText(seconds: number): string {
  if (seconds >= 90) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minutes`;
  }
  return seconds === 1 ? "1 second" : `${seconds} seconds`;
}

/**
 * A readable sentence for a failed sign-in, sign-up or reset request. `failure` is null for a
 * network error (no answer at all).
 */
export function authFailureMessage(mode: AuthMode | "forgot", failure: FailureInfo | null): string {
  if (!failure) return "We could not reach the server. Check your connection and try again.";
  if (failure.status === 429) {
    const retry = failure.details?.retryAfterSeconds;
    return typeof retry === "number" && retry > 0
      ? `Too many attempts. Please wait ${waitText(retry)} and try again.`
      : "Too many attempts. Please wait a few minutes and try again.";
  }
  if (failure.status >= 500) return "Something went wrong on our side. Please try again.";
  if (mode === "signin" && (failure.status === 400 || failure.status === 401)) {
    return "That email and password do not match an account. Check them and try again.";
  }
  // Sign-up and forgot-password: the server's message says what to fix (a taken email, a
  // password found in breach lists, ...).
  return failure.message || "Something went wrong. Please try again.";
}

/** The account page's actions (docs/product/accounts.md#account, edit mode). */
export type AccountAction = "photo" | "name" | "logout" | "delete";

const actionFailed: Record<AccountAction, string> = {
  photo: "The photo was not saved.",
  name: "The name was not saved.",
  logout: "You were not logged out.",
  delete: "Your account was not deleted.",
};

/** A readable sentence for a failed account action; `failure` is null for a network error. */
export function accountFailureMessage(action: AccountAction, failure: FailureInfo | null): string {
  const what = actionFailed[action];
  if (!failure)
    return `${what} We could not reach the server; check your connection and try again.`;
  if (failure.status === 413) return "That image is too large. Choose a smaller one.";
  if (failure.status === 429)
    return `${what} Too many requests; please wait a minute and try again.`;
  if (failure.status === 401) return `${what} Your session has ended; please sign in again.`;
  if (failure.status >= 500 || !failure.message) return `${what} Please try again.`;
  // 400/403/404/415: the server says what was wrong (an unreadable image, a name not allowed).
  return `${what} ${failure.message.replace(/\.?$/, ".")}`;
}
