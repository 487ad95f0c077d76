// Who is asking: reads the session JWT from `Authorization: Bearer` or the httpOnly cookie, checks
// it against the user's token version, and guards cookie-authenticated mutations against CSRF.
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { MEMBER_HINT_COOKIE, type Role } from "@pragmatist/contracts";
import type { Db } from "../db/client.ts";
import { prepared } from "../db/prepared.ts";
import { ForbiddenError, UnauthorizedError } from "../errors.ts";
import {
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  type SessionTokens,
} from "../modules/accounts/sessions.ts";

/** The signed-in member of a request (`request.user`), from a verified session token. */
export interface RequestUser {
  id: number;
  role: Role;
  tokenVersion: number;
  /** How the session arrived: cookies need the CSRF check, bearer tokens do not. */
  via: "bearer" | "cookie";
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in member, or null for anonymous (and for invalid or revoked tokens). */
    user: RequestUser | null;
    /** True when a token was presented but was forged, expired or revoked. */
    authFailed: boolean;
  }
}

/**
 * The signed-in member or a 401 (docs/product/accounts.md#roles: signed-in actions; Strapi's 401
 * body).
 */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user)
    throw new UnauthorizedError(
      request.authFailed ? "Invalid or expired session" : "You need to sign in",
    );
  return request.user;
}

/**
 * Sets the session cookie (httpOnly, SameSite=Lax, Secure when the public URL is https) and its
 * hint MEMBER_HINT_COOKIE, which scripts may read: "1" and nothing else, so the page shows a
 * signed-in reader's header slot before GET /api/viewer answers (docs/architecture.md#caching).
 */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  const options = { sameSite: "lax", secure, path: "/", maxAge: SESSION_TTL_SECONDS } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true });
  reply.setCookie(MEMBER_HINT_COOKIE, "1", options);
}

/** Clears the session cookie and its hint. */
export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure, path: "/" });
  reply.clearCookie(MEMBER_HINT_COOKIE, { sameSite: "lax", secure, path: "/" });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The member a session names, with their role and current token version (every request). */
const findSessionUser = prepared((db, v: { id: number }) =>
  db.selectFrom("users").select(["id", "role", "token_version"]).where("id", "=", v.id),
);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** How the auth plugin is registered. */
export interface AuthPluginOptions {
  db: Db;
  sessions: SessionTokens;
  /** PUBLIC_URL: its origin is always accepted for cookie-authenticated mutations. */
  publicUrl: string;
}

/**
 * The auth plugin: registers @fastify/cookie and, on every request, sets `request.user` from a
 * valid session token (`Authorization: Bearer`, else the session cookie) whose token version is
 * the member's current one, or `request.authFailed` for a forged, expired or revoked one.
 * @throws ForbiddenError (403) for a cookie-authenticated state-changing request whose Origin or
 * Referer is neither PUBLIC_URL's origin nor the request's own host (OWASP CSRF Cheat Sheet).
 */
export default fp<AuthPluginOptions>(async function auth(app: FastifyInstance, options) {
  await app.register(cookie);
  const publicOrigin = new URL(options.publicUrl).origin;
  app.decorateRequest("user", null);
  app.decorateRequest("authFailed", false);

  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    let token: string | undefined;
    let via: RequestUser["via"] = "cookie";
    if (header?.toLowerCase().startsWith("bearer ")) {
      token = header.slice(7).trim();
      via = "bearer";
    } else {
      token = request.cookies[SESSION_COOKIE];
    }
    if (!token) return;
    const claims = await options.sessions.verify(token);
    const [row] = claims ? await findSessionUser(options.db.kysely, { id: claims.userId }) : [];
    if (!claims || !row || row.token_version !== claims.tokenVersion) {
      request.authFailed = true;
      return;
    }
    request.user = { id: row.id, role: row.role as Role, tokenVersion: row.token_version, via };

    // CSRF (OWASP CSRF Cheat Sheet): SameSite=Lax plus a same-origin check of Origin/Referer on
    // every state-changing request that is authenticated by the cookie.
    if (via === "cookie" && !SAFE_METHODS.has(request.method)) {
      const source = request.headers.origin ?? request.headers.referer;
      const origin = originOf(source);
      const hostOrigin = `${request.protocol}://${request.host}`;
      if (origin === null || (origin !== publicOrigin && origin !== hostOrigin)) {
        throw new ForbiddenError("Cross-site request refused");
      }
    }
  });
});
