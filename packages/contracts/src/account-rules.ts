// The rules of an account's email, password, name and photo, and their messages: the one source of
// the server's schemas (auth.ts, uploads) and the web's account forms
// (docs/product/data.md#validation-forms).
// Without zod, so the forms do not bring it into the browser.

/**
 * Password length rules: 8..128 (NIST 800-63B, OWASP ASVS 6.2.1; stricter than the old client's
 * 6, docs/product/compatibility.md#departures).
 */
export const PASSWORD_MIN = 8;
/** Largest upload accepted, in bytes: 5 MB (docs/product/data.md#validation-content). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The longest password accepted: 128 characters (see PASSWORD_MIN for the sources). */
export const PASSWORD_MAX = 128;
/** Sign-up name: at least 2 characters (docs/product/data.md#validation-forms), at most 60. */
export const USERNAME_MIN = 2;
/** The longest name accepted: 60 characters. */
export const USERNAME_MAX = 60;
/** The longest email address: 254 characters (RFC 5321 §4.5.3.1, a path's 256 less its `<>`). */
export const EMAIL_MAX = 254;

/**
 * What an email address must look like: dot-separated words of letters, digits and `_'+-` before
 * the @, a domain of labels (letter or digit first) ending in a top-level domain of two or more
 * letters: zod 4's own email pattern (`z.regexes.email`), the one the server checked before this
 * module; a practical subset of RFC 5322 without quoted or IP-literal addresses.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The message of each broken rule, as the server answers it and the forms show it. */
export const accountMessages = {
  email: "Please enter a valid email address",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  nameTooShort: `Name must be at least ${USERNAME_MIN} characters`,
  nameTooLong: `Name must be at most ${USERNAME_MAX} characters`,
} as const;

/**
 * What a display name must match once normalised, in order, with the message of each
 * (docs/product/data.md#validation-forms, Unicode TR 36 §2): no `<>{}`, control or format characters (zero-width, invisible and
 * bidirectional controls that hide or reorder text); no more than two combining marks on one
 * letter; a letter or a digit.
 */
export const NAME_PATTERNS = [
  {
    pattern: /^[^<>{}\p{Cc}\p{Cf}]+$/u,
    message: "Name contains characters that are not allowed",
  },
  { pattern: /^(?!.*\p{M}{3})/su, message: "Name has too many accents on one letter" },
  { pattern: /[\p{L}\p{N}]/u, message: "Name must contain a letter or a digit" },
] as const;

/** A display name as stored: NFKC, runs of white space made one space, trimmed. */
export function normaliseName(name: string): string {
  return name.normalize("NFKC").replace(/\s+/gu, " ").trim();
}

/** An email address as stored and compared: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Whether `email`, normalised, is one the server takes: at most EMAIL_MAX characters and matching
 * EMAIL_PATTERN.
 */
export function isValidEmail(email: string): boolean {
  const normal = normaliseEmail(email);
  return normal.length <= EMAIL_MAX && EMAIL_PATTERN.test(normal);
}

/** The message for a new password out of PASSWORD_MIN..PASSWORD_MAX characters, else null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return accountMessages.passwordTooShort;
  if (password.length > PASSWORD_MAX) return accountMessages.passwordTooLong;
  return null;
}

/**
 * The first message the server would answer for `name` (normalised: USERNAME_MIN..USERNAME_MAX
 * characters, then NAME_PATTERNS in order), or null when it takes it.
 */
export function nameProblem(name: string): string | null {
  const normal = normaliseName(name);
  if (normal.length < USERNAME_MIN) return accountMessages.nameTooShort;
  if (normal.length > USERNAME_MAX) return accountMessages.nameTooLong;
  return NAME_PATTERNS.find(({ pattern }) => !pattern.test(normal))?.message ?? null;
}
