// Session tokens signed with the server's own key are still refused without `exp` or `iat`, or past
// their 30 days, by Bearer and by cookie (docs/product/accounts.md#sessions).
import { createHmac } from "node:crypto";
import { type JWTPayload, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines, testConfig } from "../../testing/db.ts";
import { registerMember } from "../../testing/fixtures.ts";
import { createSessionTokens, SESSION_COOKIE, SESSION_TTL_SECONDS } from "./sessions.ts";

const NOW = new Date("2026-06-01T12:00:00.000Z");
const nowSeconds = Math.floor(NOW.getTime() / 1000);
const DAY = 24 * 3600;

/** testConfig's APP_SECRET: the server's own secret in tests. */
const SECRET = String(testConfig().appSecret);
/** The server's real session key, derived from the secret as sessions.ts derives it. */
const key = createHmac("sha256", SECRET).update("pragmatist session v1").digest();

/**
 * A token signed with the real key, issuer and audience: `{ sub, ver: 0 }` plus `iat` and `exp`
 * (Unix seconds) unless they are null.
 */
function signed(userId: number, times: { iat: number | null; exp: number | null }) {
  const payload: JWTPayload = { ver: 0 };
  if (times.iat !== null) payload.iat = times.iat;
  if (times.exp !== null) payload.exp = times.exp;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer("pragmatist")
    .setAudience("pragmatist-session")
    .sign(key);
}

/** Tokens with a valid signature that must still be refused, by what is wrong with them. */
const refused: [string, { iat: number | null; exp: number | null }][] = [
  ["no exp", { iat: nowSeconds, exp: null }],
  ["no iat", { iat: null, exp: nowSeconds + DAY }],
  ["neither", { iat: null, exp: null }],
  [
    "issued 31 days ago, exp a year away",
    { iat: nowSeconds - 31 * DAY, exp: nowSeconds + 365 * DAY },
  ],
  ["issued an hour from now", { iat: nowSeconds + 3600, exp: nowSeconds + DAY }],
  ["expired a second ago", { iat: nowSeconds - SESSION_TTL_SECONDS - 1, exp: nowSeconds - 1 }],
];

describe("session token claims", () => {
  const sessions = createSessionTokens(SECRET, () => NOW);

  it.each(refused)("refuses a token with %s", async (_label, times) => {
    expect(await sessions.verify(await signed(7, times))).toBeNull();
  });

  it("accepts a token it issued, and one issued 29 days ago", async () => {
    const issued = await sessions.issue({ userId: 7, tokenVersion: 0 });
    expect(await sessions.verify(issued)).toEqual({ userId: 7, tokenVersion: 0 });
    const older = await signed(7, { iat: nowSeconds - 29 * DAY, exp: nowSeconds + DAY });
    expect(await sessions.verify(older)).toEqual({ userId: 7, tokenVersion: 0 });
  });
});

describe("a session token verified before", () => {
  it("is refused once its lifetime is over, though it passed every check before", async () => {
    let now = NOW;
    const sessions = createSessionTokens(SECRET, () => now);
    const token = await sessions.issue({ userId: 7, tokenVersion: 3 });
    expect(await sessions.verify(token)).toEqual({ userId: 7, tokenVersion: 3 });
    now = new Date(NOW.getTime() + (SESSION_TTL_SECONDS - 1) * 1000);
    expect(await sessions.verify(token)).toEqual({ userId: 7, tokenVersion: 3 });
    now = new Date(NOW.getTime() + SESSION_TTL_SECONDS * 1000);
    expect(await sessions.verify(token)).toBeNull();
    // A clock set back before the token was issued does not bring it back either.
    now = new Date(NOW.getTime() - 1000);
    expect(await sessions.verify(token)).toBeNull();
  });

  it("is refused when one character of it changes", async () => {
    const sessions = createSessionTokens(SECRET, () => NOW);
    const token = await sessions.issue({ userId: 7, tokenVersion: 0 });
    expect(await sessions.verify(token)).not.toBeNull();
    const last = token.at(-1) === "A" ? "B" : "A";
    expect(await sessions.verify(token.slice(0, -1) + last)).toBeNull();
  });
});

describe.each(engines)("session claims over HTTP on %s", (engine) => {
  const ctx = withTestApp(engine, { clock: { now: () => NOW } });

  const me = (via: "bearer" | "cookie", token: string) =>
    ctx.app.inject({
      url: "/api/users/me",
      headers:
        via === "bearer"
          ? { authorization: `Bearer ${token}` }
          : { cookie: `${SESSION_COOKIE}=${token}` },
    });

  it.each(["bearer", "cookie"] as const)(
    "answers 401 by %s for a real-key token without exp, without iat or too old",
    async (via) => {
      const { id } = await registerMember((o) => ctx.app.inject(o));
      for (const [label, times] of refused) {
        const res = await me(via, await signed(id, times));
        expect(res.statusCode, label).toBe(401);
        expect(res.json(), label).toEqual({
          data: null,
          error: {
            status: 401,
            name: "UnauthorizedError",
            message: "Invalid or expired session",
            details: {},
          },
        });
      }
      const fine = await me(via, await signed(id, { iat: nowSeconds, exp: nowSeconds + DAY }));
      expect(fine.statusCode).toBe(200);
      expect(fine.json().id).toBe(id);
    },
  );

  it("still signs in with the token registration hands out, by Bearer and by cookie", async () => {
    const member = await registerMember((o) => ctx.app.inject(o));
    expect((await me("bearer", member.jwt)).statusCode).toBe(200);
    expect((await me("cookie", member.jwt)).statusCode).toBe(200);
  });
});
