// Kysely queries for accounts: users with their profile picture, and token-version bumps.
import type { Kysely } from "kysely";
import { prepared } from "../../db/prepared.ts";
import type { Database } from "../../db/schema.ts";
import { nameKey } from "../../text/display-names.ts";

type Q = Kysely<Database>;

/** A user as the accounts queries read it, with the URL of their profile picture. */
export interface UserRow {
  id: number;
  username: string;
  email: string | null;
  password_hash: string | null;
  role: string;
  token_version: number;
  created_at: string;
  email_verified_at: string | null;
  profile_picture_id: number | null;
  profile_picture_url: string | null;
}

const userColumns = [
  "u.id",
  "u.username",
  "u.email",
  "u.password_hash",
  "u.role",
  "u.token_version",
  "u.created_at",
  "u.email_verified_at",
  "u.profile_picture_id",
  "m.url as profile_picture_url",
] as const;

/**
 * Users joined with their profile picture, selecting the `UserRow` columns; callers add the
 * where clauses. Shared with the users module (the profile half of accounts) so the row shape
 * is written once.
 */
export function selectUserRows(db: Q) {
  return db
    .selectFrom("users as u")
    .leftJoin("media as m", "m.id", "u.profile_picture_id")
    .select(userColumns);
}

/** The user with this id, or null (a prepared query: GET /api/viewer reads it on every call). */
export async function findUserById(db: Q, id: number): Promise<UserRow | null> {
  const [row] = await userById(db, { id });
  return row ?? null;
}

const userById = prepared((db, v: { id: number }) => selectUserRows(db).where("u.id", "=", v.id));

/** The user with this (already lower-cased) email, or null. */
export async function findUserByEmail(db: Q, email: string): Promise<UserRow | null> {
  const row = await selectUserRows(db).where("u.email", "=", email).executeTakeFirst();
  return row ?? null;
}

/**
 * Inserts a member. Returns null when the email is taken (the unique constraint decides, so two
 * concurrent sign-ups with one email cannot both succeed).
 * @throws the engine's unique violation when the name reads like a live member's
 * (`username_key`, `isUniqueViolation`).
 */
export async function insertMember(
  db: Q,
  fields: { username: string; email: string; passwordHash: string | null; now: string },
): Promise<number | null> {
  const row = await db
    .insertInto("users")
    .values({
      username: fields.username,
      username_key: nameKey(fields.username),
      email: fields.email,
      password_hash: fields.passwordHash,
      created_at: fields.now,
      updated_at: fields.now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Increments the user's token version, revoking every session token issued before. */
export async function bumpTokenVersion(db: Q, userId: number): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({ token_version: eb("token_version", "+", 1) }))
    .where("id", "=", userId)
    .execute();
}

/**
 * Sets a new password hash (inside the caller's transaction `db`; `now` ISO 8601) and bumps the
 * token version, so every older session ends (the caller issues the current one anew). `emailProven`
 * (a reset link was followed: that proves the member owns the email) also marks the email verified;
 * a signed-in change does not.
 */
export async function setPassword(
  db: Q,
  change: { userId: number; passwordHash: string; now: string; emailProven: boolean },
): Promise<void> {
  const { userId, passwordHash, now, emailProven } = change;
  await db
    .updateTable("users")
    .set((eb) => ({
      password_hash: passwordHash,
      updated_at: now,
      ...(emailProven ? { email_verified_at: now } : {}),
      token_version: eb("token_version", "+", 1),
    }))
    .where("id", "=", userId)
    .execute();
}

/**
 * Records that the owner of the account's email proved it (Google's verified email). When the
 * email had never been proven, the account may have been pre-registered by someone else: its
 * password is dropped and every session revoked, so only the email's owner keeps access (they can
 * set a password through a reset). Accounts already verified are only touched to keep the date.
 */
export async function claimVerifiedEmail(db: Q, userId: number, now: string): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({
      password_hash: null,
      token_version: eb("token_version", "+", 1),
      email_verified_at: now,
    }))
    .where("id", "=", userId)
    .where("email_verified_at", "is", null)
    .execute();
}

/**
 * Marks the member's email verified at `now` when it is still `email` (the address a verification
 * link was mailed to). @returns false when the member changed address since, or is gone.
 */
export async function markEmailVerified(
  db: Q,
  userId: number,
  email: string,
  now: string,
): Promise<boolean> {
  const rows = await db
    .updateTable("users")
    .set({ email_verified_at: now, updated_at: now })
    .where("id", "=", userId)
    .where("email", "=", email)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(rows.numUpdatedRows) > 0;
}

/**
 * Moves a live member to the (already lower-cased) `email`, verified at `now`: the link mailed
 * there was followed. @returns the address it replaced, or null when the member is gone.
 * @throws the engine's unique violation when another account took `email` meanwhile.
 */
export async function setVerifiedEmail(
  db: Q,
  userId: number,
  email: string,
  now: string,
): Promise<{ previous: string | null } | null> {
  const before = await db
    .selectFrom("users")
    .select("email")
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!before) return null;
  await db
    .updateTable("users")
    .set({ email, email_verified_at: now, updated_at: now })
    .where("id", "=", userId)
    .execute();
  return { previous: before.email };
}

/** Whether another account (live or deleted) holds the (already lower-cased) `email`. */
export async function emailHeldByOther(db: Q, email: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .where("id", "!=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the member proved their current email (`users.email_verified_at` is set). */
export async function isEmailVerified(db: Q, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("email_verified_at")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.email_verified_at != null;
}
