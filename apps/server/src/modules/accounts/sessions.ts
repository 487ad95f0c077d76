// Session tokens: HS256 JWTs (jose) carrying the user id and the user's token version, so bumping
// the version revokes every token issued before (logout, password reset, deletion).
import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";

/** The cookie that carries the session token in browsers (httpOnly; plugins/auth.ts). */
export const SESSION_COOKIE = "pragmatist_session";
/** Session lifetime: 30 days, in seconds. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** What a session token carries: the member's id and their token version when it was issued. */
export interface SessionClaims {
  userId: number;
  tokenVersion: number;
}

/** Tokens whose signature and claims were verified, kept per signer (most recently used). */
const VERIFIED_TOKENS = 10_000;

/** A verified token's claims with its lifetime, Unix seconds. */
interface Verified extends SessionClaims {
  iat: number;
  exp: number;
}

/**
 * Whether a verified token is still within its lifetime at `nowSeconds`, as jose's checks
 * decide it: `exp` in the future, issued at most SESSION_TTL_SECONDS ago and not in the future.
 */
function withinLifetime(token: Verified, nowSeconds: number): boolean {
  const age = nowSeconds - token.iat;
  return token.exp > nowSeconds && age >= 0 && age <= SESSION_TTL_SECONDS;
}

/** Issues and verifies session tokens (built by `createSessionTokens`). */
export interface SessionTokens {
  /** Signs a session token for a user at their current token version. */
  issue(claims: SessionClaims): Promise<string>;
  /**
   * Verifies signature, issuer, audience and lifetime (`exp` and `iat` required, issued at most
   * SESSION_TTL_SECONDS ago); null when any check fails. A token that passed is remembered (the
   * VERIFIED_TOKENS most recently used), so its next checks are its lifetime's only: what a
   * signature proves does not change, and revocation is the token version, which the caller
   * reads on every request (plugins/auth.ts).
   */
  verify(token: string): Promise<SessionClaims | null>;
}

/**
 * Builds the token signer from the server secret (a key derived for this purpose only).
 * Tokens: `{ sub: userId, ver: tokenVersion, iat, exp }`, HS256 (RFC 7519, RFC 8725 §3.1: one
 * algorithm, pinned on verify).
 */
export function createSessionTokens(
  secret: string,
  now: () => Date = () => new Date(),
): SessionTokens {
  const key = createHmac("sha256", secret).update("pragmatist session v1").digest();
  const issuer = "pragmatist";
  const audience = "pragmatist-session";
  const verified = new LRUCache<string, Verified>({ max: VERIFIED_TOKENS });
  return {
    issue({ userId, tokenVersion }) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(userId))
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + SESSION_TTL_SECONDS)
        .sign(key);
    },
    async verify(token) {
      const currentDate = now();
      const known = verified.get(token);
      if (known && withinLifetime(known, Math.floor(currentDate.getTime() / 1000))) {
        return { userId: known.userId, tokenVersion: known.tokenVersion };
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer,
          audience,
          currentDate,
          // jose checks `exp` only when a token has one (RFC 7519 §4.1.4 makes it optional), so a
          // token without it would never expire: `exp`, `iat` and `sub` are required, and
          // `maxTokenAge` refuses a token issued more than SESSION_TTL_SECONDS ago (or in the
          // future) even when its `exp` is further away (OWASP ASVS 5.0 V9.2.1: a token is
          // accepted only within its validity time span).
          requiredClaims: ["exp", "iat", "sub"],
          maxTokenAge: SESSION_TTL_SECONDS,
        });
        const userId = Number(payload.sub);
        const { ver: tokenVersion, iat, exp } = payload;
        if (!Number.isInteger(userId) || typeof tokenVersion !== "number") return null;
        // jose checked that `iat` and `exp` are numbers (requiredClaims).
        verified.set(token, { userId, tokenVersion, iat: Number(iat), exp: Number(exp) });
        return { userId, tokenVersion };
      } catch {
        return null;
      }
    },
  };
}
