// One-time codes (password reset, Google sign-in hand-off, email verification and change): 256
// random bits handed out once, stored only as a sha256 hash, valid for a short time and for a single use.
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, OneTimeCodesTable } from "../../db/schema.ts";

type Q = Kysely<Database>;

/** What a one-time code is for; a code of one purpose never works for another. */
export type CodePurpose = OneTimeCodesTable["purpose"];

/**
 * The stored form of a code: sha256, base64url. A code carries 256 bits of entropy, so a fast
 * unsalted hash suffices (OWASP Forgot Password Cheat Sheet: store tokens hashed); a read of the
 * table yields nothing usable.
 */
export function hashCode(code: string): string {
  return createHash("sha256").update(code, "utf8").digest("base64url");
}

/**
 * Creates a code for `userId` and `purpose`, valid `ttlSeconds` from `now`. Returns the code
 * itself (43 base64url characters = 256 bits from the CSPRNG, RFC 6749 §10.10); only its hash is
 * stored. The user's other codes of this purpose are voided, so only the newest link works
 * (OWASP Forgot Password Cheat Sheet), and their spent or expired codes of any purpose are deleted
 * on the way, so the table stays small.
 */
export async function createOneTimeCode(
  db: Q,
  input: {
    userId: number;
    purpose: CodePurpose;
    ttlSeconds: number;
    now: Date;
    /** The address the code is mailed to, for codes that prove one (email verification, change). */
    email?: string;
  },
): Promise<string> {
  const code = randomBytes(32).toString("base64url");
  const createdAt = input.now.toISOString();
  const expiresAt = new Date(input.now.getTime() + input.ttlSeconds * 1000).toISOString();
  await db
    .deleteFrom("one_time_codes")
    .where("user_id", "=", input.userId)
    .where((eb) =>
      eb.or([
        eb("purpose", "=", input.purpose),
        eb("used_at", "is not", null),
        eb("expires_at", "<=", createdAt),
      ]),
    )
    .execute();
  await db
    .insertInto("one_time_codes")
    .values({
      code_hash: hashCode(code),
      purpose: input.purpose,
      user_id: input.userId,
      email: input.email ?? null,
      expires_at: expiresAt,
      created_at: createdAt,
    })
    .execute();
  return code;
}

/**
 * Spends a code: marks it used and returns its user id, purpose and the address it was mailed to
 * (null for codes that prove none), or null when the code is
 * unknown, of none of `purposes`, already used or expired. One conditional UPDATE … RETURNING
 * decides, so two concurrent uses of one code cannot both win (single use, OWASP Forgot Password
 * Cheat Sheet).
 */
export async function consumeOneTimeCode(
  db: Q,
  input: { code: string; purposes: readonly CodePurpose[]; now: Date },
): Promise<{ userId: number; purpose: CodePurpose; email: string | null } | null> {
  const at = input.now.toISOString();
  const row = await db
    .updateTable("one_time_codes")
    .set({ used_at: at })
    .where("code_hash", "=", hashCode(input.code))
    .where("purpose", "in", input.purposes)
    .where("used_at", "is", null)
    .where("expires_at", ">", at)
    .returning(["user_id", "purpose", "email"])
    .executeTakeFirst();
  return row ? { userId: row.user_id, purpose: row.purpose, email: row.email } : null;
}

/** Whether a code of one of `purposes` is still open (known, unused, unexpired); spends nothing. */
export async function isOpenOneTimeCode(
  db: Q,
  input: { code: string; purposes: readonly CodePurpose[]; now: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom("one_time_codes")
    .select("id")
    .where("code_hash", "=", hashCode(input.code))
    .where("purpose", "in", input.purposes)
    .where("used_at", "is", null)
    .where("expires_at", ">", input.now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/** Spends every still-open code of a user for `purposes` (e.g. the other reset links after a reset). */
export async function revokeOneTimeCodes(
  db: Q,
  input: { userId: number; purposes: readonly CodePurpose[]; now: Date },
): Promise<void> {
  await db
    .updateTable("one_time_codes")
    .set({ used_at: input.now.toISOString() })
    .where("user_id", "=", input.userId)
    .where("purpose", "in", input.purposes)
    .where("used_at", "is", null)
    .execute();
}
