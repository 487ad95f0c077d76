// Sign-in with Google (docs/product/api.md#api-google): OAuth 2.0 authorization code flow with
// PKCE, state and an OpenID Connect nonce; accounts are created or linked by verified email; the
// browser then gets only a short-lived code of ours, never a provider token.
import { randomBytes, timingSafeEqual } from "node:crypto";
import {
  CodeChallengeMethod,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  type OAuth2Tokens,
} from "arctic";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { type AuthResponse, USERNAME_MAX, USERNAME_MIN } from "@pragmatist/contracts";
import type { GoogleConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import type { RateLimit, RateLimits } from "../../plugins/rate-limit.ts";
import * as repo from "./accounts.repository.ts";
import type { AccountsService } from "./accounts.service.ts";
import { consumeOneTimeCode, createOneTimeCode } from "./one-time-codes.ts";
import { isUniqueViolation } from "../../db/constraints.ts";

/** Our hand-off code after the callback: valid 60 seconds, single use. */
export const GOOGLE_CODE_TTL_SECONDS = 60;
/** How long a started sign-in may take at Google (state, verifier and nonce cookies): 10 minutes. */
export const GOOGLE_FLOW_TTL_SECONDS = 10 * 60;
/** The scopes asked for: the ID token with email, email_verified and name (OpenID Connect Core §5.4). */
export const GOOGLE_SCOPES = ["openid", "email", "profile"];

/** A started sign-in: send the browser to `url`; keep the rest in httpOnly cookies until the callback. */
export interface GoogleAuthorization {
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * A sign-in that must not complete (wrong state, provider error, unverified email …). `reason` is
 * for the log only; the browser just goes back to /login?error=google.
 */
export class GoogleSignInRefused extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`Google sign-in refused: ${reason}`, options);
    this.reason = reason;
  }
}

/** Sign-in with Google as the routes use it (google.routes.ts); built by `createGoogleSignIn`. */
export interface GoogleSignIn {
  /** True when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  readonly enabled: boolean;
  /**
   * Starts the authorization code flow: fresh state (CSRF, RFC 6749 §10.12), PKCE verifier with
   * an S256 challenge (RFC 7636) and nonce (OIDC Core §3.1.2.1), and the URL of Google's consent page.
   * @throws NotFoundError when Google sign-in is not configured.
   */
  start(): GoogleAuthorization;
  /**
   * Finishes the flow at the callback: compares the returned state with the stored one (constant
   * time), exchanges the code with the stored verifier, verifies the ID token's signature against
   * the provider's JWKS (RS256 only, RFC 8725) plus issuer, audience, expiry and nonce, then
   * creates or links the member by verified email only. Returns our one-time code (256 bits,
   * stored hashed, 60 seconds, single use) for `/connect/google/redirect?access_token=…`.
   * @throws GoogleSignInRefused for any failed check or provider error; NotFoundError when off.
   */
  finish(input: {
    code: string | undefined;
    state: string | undefined;
    error: string | undefined;
    stored: { state?: string; codeVerifier?: string; nonce?: string };
  }): Promise<string>;
  /**
   * Trades our one-time code for `{ jwt, user }` (GET /api/auth/google/callback,
   * docs/product/api.md#api-google). Limited per client IP (30 per 15 minutes).
   * @throws ValidationError for an unknown, used or expired code; 429 when over the limit.
   */
  exchange(code: string, ip: string): Promise<AuthResponse>;
}

/** What the Google sign-in's steps share, built once by `createGoogleSignIn`. */
interface GoogleContext {
  k: Db["kysely"];
  now: () => Date;
  config: GoogleConfig | null;
  client: OAuth2Client | null;
  jwks: ReturnType<typeof createRemoteJWKSet> | null;
  /** The accepted `iss` values of an ID token. */
  issuers: string[];
  exchangeByIp: RateLimit;
  accounts: AccountsService;
}

/** The configured parts of the context. @throws NotFoundError when Google sign-in is off. */
function configured(ctx: GoogleContext) {
  const { config, client, jwks } = ctx;
  if (!config || !client || !jwks) throw new NotFoundError("Google sign-in is not configured");
  return { config, client, jwks };
}

/**
 * The ID token's verified claims: RS256 signature against the provider's JWKS, issuer, audience,
 * expiry (60 s clock tolerance), `azp` when there are several audiences, and the nonce.
 * @throws GoogleSignInRefused for a missing token or any failed check.
 */
async function verifyIdToken(
  ctx: GoogleContext,
  tokens: OAuth2Tokens,
  nonce: string,
): Promise<JWTPayload> {
  const { config, jwks } = configured(ctx);
  let idToken: string;
  try {
    idToken = tokens.idToken();
  } catch (cause) {
    throw new GoogleSignInRefused("no ID token in the token response", { cause });
  }
  try {
    // OpenID Connect Core 1.0 §2: an ID token always carries exp, iat and sub; one without them
    // never expires, so it is refused (docs/product/accounts.md#sessions).
    const { payload } = await jwtVerify(idToken, jwks, {
      algorithms: ["RS256"],
      issuer: ctx.issuers,
      audience: config.clientId,
      clockTolerance: 60,
      requiredClaims: ["exp", "iat", "sub"],
    });
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId)
      throw new GoogleSignInRefused("ID token azp is not our client");
    if (typeof payload.nonce !== "string" || !same(payload.nonce, nonce))
      throw new GoogleSignInRefused("ID token nonce mismatch");
    return payload;
  } catch (cause) {
    if (cause instanceof GoogleSignInRefused) throw cause;
    throw new GoogleSignInRefused("ID token failed verification", { cause });
  }
}

/** The member with this verified email (claimed as verified), created when there is none. */
async function findOrCreateMember(
  ctx: GoogleContext,
  email: string,
  name: unknown,
): Promise<number> {
  const { k, now } = ctx;
  const existing = await repo.findUserByEmail(k, email);
  if (existing) {
    await repo.claimVerifiedEmail(k, existing.id, now().toISOString());
    return existing.id;
  }
  const id = await insertWithFreeName(ctx, usernameFrom(name, email), email);
  if (id !== null) {
    await repo.claimVerifiedEmail(k, id, now().toISOString());
    return id;
  }
  // A concurrent sign-up with the same email won the unique constraint: link to it.
  const raced = await repo.findUserByEmail(k, email);
  if (!raced) throw new Error("member vanished between insert and select");
  return raced.id;
}

/** `GoogleSignIn.start`. */
function startSignIn(ctx: GoogleContext): GoogleAuthorization {
  const { config, client } = configured(ctx);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const nonce = randomBytes(32).toString("base64url");
  const url = client.createAuthorizationURLWithPKCE(
    config.authorizationUrl,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    GOOGLE_SCOPES,
  );
  url.searchParams.set("nonce", nonce);
  return { url: url.toString(), state, codeVerifier, nonce };
}

/** `GoogleSignIn.finish`. */
async function finishSignIn(
  ctx: GoogleContext,
  { code, state, error, stored }: Parameters<GoogleSignIn["finish"]>[0],
): Promise<string> {
  const { config, client } = configured(ctx);
  if (error) throw new GoogleSignInRefused(`provider answered ${error.slice(0, 64)}`);
  if (!state || !stored.state || !same(state, stored.state))
    throw new GoogleSignInRefused("state mismatch");
  if (!code || !stored.codeVerifier || !stored.nonce)
    throw new GoogleSignInRefused("code, verifier or nonce missing");
  let tokens: OAuth2Tokens;
  try {
    tokens = await client.validateAuthorizationCode(config.tokenUrl, code, stored.codeVerifier);
  } catch (cause) {
    throw new GoogleSignInRefused("code exchange failed", { cause });
  }
  const claims = await verifyIdToken(ctx, tokens, stored.nonce);
  const verified = claims.email_verified === true || claims.email_verified === "true";
  if (typeof claims.email !== "string" || !verified)
    throw new GoogleSignInRefused("email missing or not verified");
  const email = claims.email.trim().toLowerCase();
  if (email.length === 0 || email.length > 254) throw new GoogleSignInRefused("email unusable");
  const userId = await findOrCreateMember(ctx, email, claims.name);
  return createOneTimeCode(ctx.k, {
    userId,
    purpose: "google-sign-in",
    ttlSeconds: GOOGLE_CODE_TTL_SECONDS,
    now: ctx.now(),
  });
}

/** `GoogleSignIn.exchange`. */
async function exchangeCode(ctx: GoogleContext, code: string, ip: string): Promise<AuthResponse> {
  configured(ctx);
  await ctx.exchangeByIp.consume(`ip:${ip}`);
  const spent = await consumeOneTimeCode(ctx.k, {
    code,
    purposes: ["google-sign-in"],
    now: ctx.now(),
  });
  if (spent === null) {
    throw new ValidationError("This sign-in link is invalid or has expired. Please try again.", {
      errors: [{ path: ["access_token"], message: "Invalid or expired code" }],
    });
  }
  return ctx.accounts.issueSession(spent.userId);
}

/** Builds the Google sign-in; with `config` null every entry point answers 404. */
export function createGoogleSignIn(
  db: Db,
  deps: {
    config: GoogleConfig | null;
    publicUrl: string;
    accounts: AccountsService;
    limits: RateLimits;
    now: () => Date;
  },
): GoogleSignIn {
  const { config } = deps;
  const redirectUri = `${deps.publicUrl}/api/connect/google/callback`;
  const ctx: GoogleContext = {
    k: db.kysely,
    now: deps.now,
    config,
    exchangeByIp: deps.limits.of("google-exchange-ip"),
    client: config ? new OAuth2Client(config.clientId, config.clientSecret, redirectUri) : null,
    jwks: config ? createRemoteJWKSet(new URL(config.jwksUrl)) : null,
    // Google's ID tokens carry either form of its issuer (Google Identity, "Validate an ID token").
    issuers: config
      ? config.issuer === "https://accounts.google.com"
        ? [config.issuer, "accounts.google.com"]
        : [config.issuer]
      : [],
    accounts: deps.accounts,
  };
  return {
    enabled: config !== null,
    start: () => startSignIn(ctx),
    finish: (input) => finishSignIn(ctx, input),
    exchange: (code, ip) => exchangeCode(ctx, code, ip),
  };
}

/** Constant-time string equality (state and nonce are secrets of this browser). */
function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** How many numbered variants of a Google name ("Ada Lovelace 2" …) are tried when it is taken. */
const NAME_VARIANTS = 20;

/**
 * Inserts the member under `base`, or, when a live member's name reads like it, under the first
 * free "`base` 2", "`base` 3" … (docs/product/messages.md#messages-accounts; names are unique as
 * readers see them).
 * @returns the id, or null when the email is taken.
 * @throws the last unique violation when NAME_VARIANTS names are all taken.
 */
async function insertWithFreeName(
  ctx: GoogleContext,
  base: string,
  email: string,
): Promise<number | null> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : ` ${n}`;
    const username = `${base.slice(0, USERNAME_MAX - suffix.length).trim()}${suffix}`;
    try {
      const at = ctx.now().toISOString();
      return await repo.insertMember(ctx.k, { username, email, passwordHash: null, now: at });
    } catch (err) {
      if (!isUniqueViolation(err) || n >= NAME_VARIANTS) throw err;
    }
  }
}

/**
 * A display name for a new member from the Google profile name, within the sign-up rules
 * (contracts `usernameSchema`: NFKC, 2..60 characters, no `<>{}`, control or format characters);
 * falls back to the email's local part, then "Member".
 */
function usernameFrom(name: unknown, email: string): string {
  const clean = (s: string) =>
    s
      .normalize("NFKC")
      .replace(/[<>{}\p{Cc}\p{Cf}]/gu, "")
      .replace(/\s+/gu, " ")
      .trim()
      .slice(0, USERNAME_MAX)
      .trim();
  const fromName = typeof name === "string" ? clean(name) : "";
  if (fromName.length >= USERNAME_MIN) return fromName;
  const fromEmail = clean(email.split("@")[0] ?? "");
  return fromEmail.length >= USERNAME_MIN ? fromEmail : "Member";
}
