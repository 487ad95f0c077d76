// Accounts contract: sign-up/sign-in bodies, the user shapes and { jwt, user }
// (docs/product/api.md#api-auth, docs/product/data.md#entity-user,
// docs/product/accounts.md#sessions, docs/product/data.md#validation-forms).
import { z } from "zod";
import {
  accountMessages,
  EMAIL_MAX,
  EMAIL_PATTERN,
  NAME_PATTERNS,
  normaliseName,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from "./account-rules.ts";

/** The roles, least to most rights (docs/product/accounts.md#roles). */
export const roles = ["member", "author", "editor", "admin"] as const;
/** One of `roles`. */
export type Role = (typeof roles)[number];

/** An email address: trimmed, lower-cased, at most EMAIL_MAX characters, EMAIL_PATTERN. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX)
  .email({ pattern: EMAIL_PATTERN, message: accountMessages.email });
/** A new password: PASSWORD_MIN..PASSWORD_MAX characters, any characters. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, accountMessages.passwordTooShort)
  .max(PASSWORD_MAX, accountMessages.passwordTooLong);
/**
 * A display name (account-rules.ts): normalised (`normaliseName`), then USERNAME_MIN..USERNAME_MAX
 * characters matching every one of NAME_PATTERNS.
 */
export const usernameSchema = z
  .string()
  .transform(normaliseName)
  .pipe(
    NAME_PATTERNS.reduce(
      (schema, { pattern, message }) => schema.regex(pattern, message),
      z
        .string()
        .min(USERNAME_MIN, accountMessages.nameTooShort)
        .max(USERNAME_MAX, accountMessages.nameTooLong),
    ),
  );

/** POST /api/auth/local/register: exactly these fields (Strapi CVE-2023-39345: no role, no confirmed). */
export const registerBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
/** POST /api/auth/local: identifier is the email (docs/product/api.md#api-auth). */
export const loginBodySchema = z.strictObject({
  identifier: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
});

/** What anyone may see of a member. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  createdAt: z.string(),
  profilePicture: z.object({ id: z.number().int(), url: z.string() }).nullable(),
});
/**
 * What the member sees of themself: adds email and role, whether the email is verified
 * (`confirmed`, Strapi's name: the address was proven by a mailed link or Google; commenting
 * needs it) and how they sign in (`provider`, Strapi's name: "local" when the account has a
 * password, "google" when it signs in with Google only). Never a hash or token.
 */
export const ownUserSchema = publicUserSchema.extend({
  email: z.string().nullable(),
  role: z.enum(roles),
  confirmed: z.boolean(),
  provider: z.enum(["local", "google"]),
});
/** A member as anyone may see them (`publicUserSchema`). */
export type PublicUser = z.infer<typeof publicUserSchema>;
/** A member as they see themself (`ownUserSchema`). */
export type OwnUser = z.infer<typeof ownUserSchema>;

/** The answer to sign-up, sign-in and the Google code exchange (docs/product/api.md#api-auth). */
export const authResponseSchema = z.object({ jwt: z.string(), user: ownUserSchema });
/** `{ jwt, user }` (`authResponseSchema`). */
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * POST /api/auth/forgot-password (docs/product/api.md#api-auth): the email only; the answer never
 * says whether it exists.
 */
export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
/**
 * POST /api/auth/reset-password (docs/product/api.md#api-auth): the code from the mail link and
 * the new password twice; the password rules are those of sign-up.
 */
export const resetPasswordBodySchema = z
  .strictObject({
    code: z.string().min(1, "The reset code is missing").max(256),
    password: passwordSchema,
    passwordConfirmation: z.string().max(PASSWORD_MAX),
  })
  .refine((b) => b.password === b.passwordConfirmation, {
    message: "Passwords do not match",
    path: ["passwordConfirmation"],
  });
/** POST /api/auth/reset-password/check: the code of a mailed link, asked about before its form. */
export const resetCodeBodySchema = z.strictObject({
  code: z.string().min(1, "The reset code is missing").max(256),
});
/** The body of `POST /api/auth/reset-password` (`resetPasswordBodySchema`). */
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
/** The answer of forgot-password and reset-password: nothing to read but success. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
/** GET /api/auth/providers: which sign-in providers are configured (the web hides the others). */
export const authProvidersSchema = z.object({ google: z.boolean() });
/** The answer of `GET /api/auth/providers` (`authProvidersSchema`). */
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** The current password as typed: checked against the stored hash, never against the policy. */
const currentPasswordSchema = z.string().min(1, "Enter your current password").max(PASSWORD_MAX);

/**
 * POST /api/auth/change-password (Strapi v4's path and body;
 * docs/product/accounts.md#account-security): the current password and the new one twice, the new
 * one under the sign-up rules.
 */
export const changePasswordBodySchema = z
  .strictObject({
    currentPassword: currentPasswordSchema,
    password: passwordSchema,
    passwordConfirmation: z.string().max(PASSWORD_MAX),
  })
  .refine((b) => b.password === b.passwordConfirmation, {
    message: "Passwords do not match",
    path: ["passwordConfirmation"],
  });
/** The body of `POST /api/auth/change-password` (`changePasswordBodySchema`). */
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * POST /api/auth/change-email (docs/product/accounts.md#account-security): the new address and the
 * current password; nothing changes until the link mailed to the new address is followed.
 */
export const changeEmailBodySchema = z.strictObject({
  email: emailSchema,
  currentPassword: currentPasswordSchema,
});
/** The body of `POST /api/auth/change-email` (`changeEmailBodySchema`). */
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** POST /api/auth/email-confirmation: the code of a mailed verification or email-change link. */
export const emailConfirmationBodySchema = z.strictObject({
  code: z.string().min(1, "The confirmation code is missing").max(256),
});
/**
 * The answer of `POST /api/auth/email-confirmation`: `changed` is true when the link moved the
 * account to a new address, false when it verified the address it already had.
 */
export const emailConfirmationResponseSchema = z.object({
  ok: z.literal(true),
  changed: z.boolean(),
});
/** The answer of `POST /api/auth/email-confirmation` (`emailConfirmationResponseSchema`). */
export type EmailConfirmationResponse = z.infer<typeof emailConfirmationResponseSchema>;
