// Accounts contract: sign-up/sign-in bodies, the user shapes and { jwt, user } (spec §3, §4, §5, §7).
import { z } from "zod";

export const roles = ["member", "author", "editor", "admin"] as const;
export type Role = (typeof roles)[number];

/** Password length rules: 8..128 (NIST 800-63B, OWASP ASVS 6.2.1; stricter than the spec's 6). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Sign-up name: at least 2 characters (spec §5), at most 60. */
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 60;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .email("Please enter a valid email address");
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, `Name must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Name must be at most ${USERNAME_MAX} characters`)
  .regex(/^[^<>{}\u0000-\u001f]+$/u, "Name contains characters that are not allowed");

/** POST /api/auth/local/register: exactly these fields (Strapi CVE-2023-39345: no role, no confirmed). */
export const registerBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
/** POST /api/auth/local: identifier is the email (spec §3). */
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
/** What the member sees of themself: adds email and role. Never a hash or token. */
export const ownUserSchema = publicUserSchema.extend({
  email: z.string().nullable(),
  role: z.enum(roles),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
export type OwnUser = z.infer<typeof ownUserSchema>;

/** The answer to sign-up, sign-in and the Google code exchange (spec §7). */
export const authResponseSchema = z.object({ jwt: z.string(), user: ownUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
