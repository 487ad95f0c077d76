// Password hashing (argon2id) and the password policy (OWASP ASVS 6.2: length 8..128, no common passwords).
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { ValidationError } from "../../errors.ts";

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1.
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const common = new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));

/**
 * Refuses a password found in a list of ~49,000 commonly used passwords (NIST 800-63B §5.1.1.2,
 * ASVS 6.2.4), compared case-insensitively. Length is checked by the contract schema.
 * @throws ValidationError with a message a reader can act on.
 */
export function assertPasswordAllowed(password: string): void {
  if (common.has(password.toLowerCase())) {
    throw new ValidationError(
      "This password is too common. Please choose a less predictable one.",
      {
        errors: [{ path: ["password"], message: "Password is too common" }],
      },
    );
  }
}

/** Hashes a password with argon2id; the result is a PHC string including salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

// A real hash to verify against when the account does not exist, so a failed sign-in takes the
// same time either way (no account enumeration by timing, ASVS 6.3.8).
const dummyHash = hash("not-a-real-password-for-timing", ARGON2);

/** Verifies a password against a stored hash (or against a dummy when there is none). */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  const target = storedHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && storedHash !== null;
  } catch {
    return false;
  }
}

/**
 * Checks the password a signed-in member typed as their current one before a change of password or
 * email (OWASP ASVS 6.2.3 / 6.3: re-authenticate before changing credentials).
 * @throws ValidationError "Your current password is not correct" (path `currentPassword`), or,
 * for an account without a password (Google sign-in), one saying so.
 */
export async function assertCurrentPassword(
  storedHash: string | null,
  currentPassword: string,
): Promise<void> {
  if (storedHash === null) {
    throw new ValidationError(
      "Your account signs in with Google and has no password yet. Set one first with the link we can mail you.",
      { errors: [{ path: ["currentPassword"], message: "No password set" }] },
    );
  }
  if (!(await verifyPassword(storedHash, currentPassword))) {
    throw new ValidationError("Your current password is not correct.", {
      errors: [{ path: ["currentPassword"], message: "Current password is not correct" }],
    });
  }
}
