// Accounts: sign-up, sign-in, sign-out and the user shapes (docs/product/accounts.md#sessions,
// docs/product/api.md#api-auth).
import type { AuthResponse, OwnUser, PublicUser, Role } from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import type { RateLimits } from "../../plugins/rate-limit.ts";
import * as repo from "./accounts.repository.ts";
import { deviceToken, knownDevice } from "./device-cookies.ts";
import { assertNameNotReserved, withNameTaken } from "./display-names.ts";
import { assertPasswordAllowed, hashPassword, verifyPassword } from "./passwords.ts";
import type { SessionTokens } from "./sessions.ts";

/** A user row as the accounts queries read it, re-exported for the service's callers. */
export type { UserRow } from "./accounts.repository.ts";

/** A member as anyone may see them (no email, no role, never a hash). */
export function toPublicUser(row: repo.UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    createdAt: row.created_at,
    profilePicture:
      row.profile_picture_id !== null && row.profile_picture_url !== null
        ? { id: row.profile_picture_id, url: row.profile_picture_url }
        : null,
  };
}

/**
 * A member as they see themself: adds email, role, whether the email is verified (`confirmed`)
 * and how they sign in (`provider`: "local" with a password; never the hash itself).
 */
export function toOwnUser(row: repo.UserRow): OwnUser {
  return {
    ...toPublicUser(row),
    email: row.email,
    role: row.role as Role,
    confirmed: row.email_verified_at !== null,
    provider: row.password_hash !== null ? "local" : "google",
  };
}

/** Sign-up, sign-in, sign-out and sessions (accounts.routes.ts, Google sign-in, the CLI). */
export interface AccountsService {
  /**
   * Creates a member and signs them in. Its route counts the sign-ups per client IP
   * (http/rate-limits.ts `register`) so the "email taken" answer cannot be used to list accounts at
   * speed (ASVS 6.3.8). The name may not read like a live member's or one kept for the publication
   * (modules/accounts/display-names.ts).
   * @returns the session, and a device cookie value for this browser and account (decision 014).
   * @throws ValidationError for a common password, a taken email, or a taken or reserved name.
   */
  register(input: {
    username: string;
    email: string;
    password: string;
  }): Promise<{ session: AuthResponse; device: string }>;
  /**
   * Signs a member in by email and password. Failures answer the same whether or not the account
   * exists (ASVS 6.3.8), in the same time (a dummy hash is verified). Limits (decision 014,
   * http/rate-limits.ts): its route counts every attempt per client IP (`login-ip`); this counts
   * attempts on an account from browsers it does not know, per normalised email
   * (`login-account`: Strapi CVE-2025-64526, never on a field the attacker can vary freely), and
   * a browser holding the account's device cookie (`device`) only by its own attempts
   * (`login-device`), so guessing from elsewhere never locks the owner out there.
   * @returns the session, and a fresh device cookie value for this browser and account.
   * @throws ValidationError "Invalid identifier or password"; 429 when over a limit.
   */
  login(
    input: { identifier: string; password: string },
    client: { device: string | undefined },
  ): Promise<{ session: AuthResponse; device: string }>;
  /** Revokes every session of the member (logout everywhere). */
  logout(userId: number): Promise<void>;
  /** A session token for a member at their current token version. */
  issueSession(userId: number): Promise<AuthResponse>;
  /**
   * `issueSession`, and a device cookie value marking this browser as one the member signed in
   * from (decision 014): what a password sign-in, a sign-up and an accepted invitation answer.
   * @throws NotFoundError when the member is gone.
   */
  startSession(userId: number): Promise<{ session: AuthResponse; device: string }>;
  /** The member as they see themself. @throws NotFoundError when deleted. */
  me(userId: number): Promise<OwnUser>;
  /**
   * Whether the member proved they own their current email (a mailed link or Google): what
   * commenting asks (docs/product/accounts.md#account-security).
   */
  isEmailVerified(userId: number): Promise<boolean>;
}

/**
 * The refusal of a sign-up whose email has an account: it does not say so outright (ASVS 6.3.8),
 * only that this email cannot sign up.
 */
const emailUnusable = () =>
  new ValidationError(
    "This email cannot be used to sign up. If it is yours, sign in or reset your password.",
    { errors: [{ path: ["email"], message: "Email cannot be used" }] },
  );

/** Builds the accounts service. */
export function createAccountsService(
  db: Db,
  deps: {
    sessions: SessionTokens;
    limits: RateLimits;
    secret: string;
    /** SITE_NAME: no member may take it as their name. */
    siteName: string;
    now?: () => Date;
  },
): AccountsService {
  const k = db.kysely;
  const now = deps.now ?? (() => new Date());
  const loginByAccount = deps.limits.of("login-account");
  const loginByDevice = deps.limits.of("login-device");

  async function startSession(userId: number) {
    const row = await repo.findUserById(k, userId);
    if (!row) throw new NotFoundError("User not found");
    const jwt = await deps.sessions.issue({ userId: row.id, tokenVersion: row.token_version });
    const session: AuthResponse = { jwt, user: toOwnUser(row) };
    return { session, device: deviceToken(deps.secret, row.email ?? "") };
  }
  const issueSession = async (userId: number) => (await startSession(userId)).session;

  return {
    async register(input) {
      assertPasswordAllowed(input.password);
      assertNameNotReserved(input.username, deps.siteName);
      const passwordHash = await hashPassword(input.password);
      const at = now().toISOString();
      const { username, email } = input;
      const id = await withNameTaken(() =>
        repo.insertMember(k, { username, email, passwordHash, now: at }),
      );
      if (id === null) throw emailUnusable();
      return startSession(id);
    },

    async login(input, client) {
      const login = input.identifier;
      // A browser this account signed in from counts only its own attempts (decision 014).
      const known = knownDevice(deps.secret, client.device, login);
      const [limit, key] = known
        ? [loginByDevice, `device:${known}`]
        : [loginByAccount, `account:${login}`];
      await limit.consume(key);
      const row = await repo.findUserByEmail(k, login);
      const ok = await verifyPassword(row?.password_hash ?? null, input.password);
      if (!row || !ok) throw new ValidationError("Invalid identifier or password");
      await limit.reset(key);
      return startSession(row.id);
    },

    async logout(userId) {
      await repo.bumpTokenVersion(k, userId);
    },

    issueSession,

    startSession,

    async me(userId) {
      const row = await repo.findUserById(k, userId);
      if (!row) throw new NotFoundError("User not found");
      return toOwnUser(row);
    },

    isEmailVerified: (userId) => repo.isEmailVerified(k, userId),
  };
}
