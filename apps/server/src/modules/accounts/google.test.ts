// Sign-in with Google against a real OAuth 2.0 / OIDC provider on loopback (oauth2-mock-server):
// PKCE, state, nonce, ID token signature, verified-email linking and our one-time hand-off code.
import { OAuth2Issuer, OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { withTestApp } from "../../testing/app.ts";
import { engines, testConfig } from "../../testing/db.ts";

const PUBLIC_URL = "http://localhost:3000";
const CLIENT_ID = "pragmatist-web.apps.example";

interface Identity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

describe.each(engines)("sign-in with Google on %s", (engine) => {
  let provider: OAuth2Server;
  let now = new Date("2026-06-01T12:00:00.000Z");
  let identity: Identity = {
    sub: "110248495921238986420",
    email: "Satoshi@Example.test",
    email_verified: true,
    name: "Satoshi Nakamoto",
  };
  /** Every token the provider handed out (access and ID tokens). */
  const providerTokens: string[] = [];
  /** Claims the provider leaves out of the tokens it signs next (a test sets and clears it). */
  let omitClaims: string[] = [];

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate("RS256");
    await provider.start(0, "127.0.0.1");
    provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
      Object.assign(token.payload, identity);
      for (const claim of omitClaims) delete token.payload[claim];
    });
    provider.service.on("beforeResponse", (res: { body: Record<string, unknown> }) => {
      providerTokens.push(String(res.body.access_token), String(res.body.id_token));
    });
  });
  afterAll(async () => {
    await provider.stop();
  });
  // After the provider's hooks: built once it listens, closed before it stops.
  const ctx = withTestApp(engine, () => {
    const issuer = provider.issuer.url as string;
    return {
      config: {
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: "test-client-secret",
        GOOGLE_ISSUER_URL: issuer,
        GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
        GOOGLE_TOKEN_URL: `${issuer}/token`,
        GOOGLE_JWKS_URL: `${issuer}/jwks`,
      },
      clock: { now: () => now },
    };
  });

  /** GET /api/connect/google, then the provider's authorize page (auto-approves, redirects back). */
  async function authorize() {
    const start = await ctx.app.inject({ url: "/api/connect/google" });
    expect(start.statusCode).toBe(302);
    const cookies = Object.fromEntries(start.cookies.map((c) => [c.name, c.value]));
    const authorizeUrl = new URL(String(start.headers.location));
    const res = await fetch(authorizeUrl, { redirect: "manual" });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("location") as string);
    return { start, cookies, authorizeUrl, back };
  }
  /** The browser arriving at our callback with the provider's code and state (and our cookies). */
  const callback = (back: URL, cookies: Record<string, string>) =>
    ctx.app.inject({ url: `${back.pathname}${back.search}`, cookies });
  const trade = (code: string) =>
    ctx.app.inject({ url: `/api/auth/google/callback?access_token=${encodeURIComponent(code)}` });
  async function signIn(): Promise<string> {
    const { cookies, back } = await authorize();
    const res = await callback(back, cookies);
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), PUBLIC_URL);
    expect(location.pathname).toBe("/connect/google/redirect");
    return location.searchParams.get("access_token") as string;
  }
  const usersWithEmail = (email: string) =>
    ctx.db.kysely.selectFrom("users").selectAll().where("email", "=", email).execute();

  it("says Google is available and starts the code flow with PKCE (S256), state and nonce in httpOnly cookies", async () => {
    expect((await ctx.app.inject({ url: "/api/auth/providers" })).json()).toEqual({ google: true });
    const { start, cookies, authorizeUrl, back } = await authorize();
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(
      `${provider.issuer.url}/authorize`,
    );
    const q = authorizeUrl.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(CLIENT_ID);
    expect(q.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/connect/google/callback`);
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get("state")).toBe(cookies.pragmatist_google_state);
    expect(q.get("nonce")).toBe(cookies.pragmatist_google_nonce);
    // The verifier stays in the cookie; only its hash travels.
    expect(start.headers.location).not.toContain(cookies.pragmatist_google_verifier);
    for (const c of start.cookies) {
      expect(c).toMatchObject({
        httpOnly: true,
        sameSite: "Lax",
        path: "/api/connect/google",
        maxAge: 600,
      });
    }
    expect(back.searchParams.get("state")).toBe(q.get("state"));
  });

  it("creates a member with the verified email and hands the browser only our one-time code", async () => {
    const tokensBefore = providerTokens.length;
    const { cookies, back } = await authorize();
    const res = await callback(back, cookies);
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/connect\/google\/redirect\?access_token=[A-Za-z0-9_-]{43}$/);
    const issued = providerTokens.slice(tokensBefore);
    expect(issued).toHaveLength(2);
    for (const token of issued) expect(location).not.toContain(token);
    expect(location).not.toContain(back.searchParams.get("code") as string);
    // The flow cookies are spent.
    for (const c of res.cookies) expect(c.value).toBe("");

    const [member] = await usersWithEmail("satoshi@example.test");
    expect(member).toMatchObject({ username: "Satoshi Nakamoto", password_hash: null });

    const code = new URL(location, PUBLIC_URL).searchParams.get("access_token") as string;
    const traded = await trade(code);
    expect(traded.statusCode).toBe(200);
    expect(traded.headers["cache-control"]).toBe("no-store");
    const body = traded.json();
    expect(body.user).toMatchObject({ id: member?.id, email: "satoshi@example.test" });
    expect(String(traded.headers["set-cookie"])).toMatch(/pragmatist_session=.+HttpOnly/i);
    const me = await ctx.app.inject({
      url: "/api/users/me",
      headers: { authorization: `Bearer ${body.jwt}` },
    });
    expect(me.json().email).toBe("satoshi@example.test");

    const again = await trade(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.name).toBe("ValidationError");
  });

  it("links a second sign-in, and an existing password account, by verified email", async () => {
    const [before] = await usersWithEmail("satoshi@example.test");
    const second = await trade(await signIn());
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(before?.id);
    expect(await usersWithEmail("satoshi@example.test")).toHaveLength(1);

    const registered = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/local/register",
      payload: { username: "Hal", email: "hal@example.test", password: "running-bitcoin-2009" },
    });
    identity = { ...identity, sub: "2", email: "hal@example.test", name: "Hal Finney" };
    const linked = await trade(await signIn());
    expect(linked.json().user.id).toBe(registered.json().user.id);
    expect(await usersWithEmail("hal@example.test")).toHaveLength(1);
  });

  it("names a new member 'Name 2' when a member's name already reads like their Google name", async () => {
    identity = {
      ...identity,
      sub: "3",
      email: "other.satoshi@example.test",
      name: "SATOSHI  nakamoto",
    };
    const res = await trade(await signIn());
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: "SATOSHI nakamoto 2" });
    const [first] = await usersWithEmail("satoshi@example.test");
    expect(first?.username).toBe("Satoshi Nakamoto");
  });

  it("drops a pre-registered password and its sessions when the email's owner signs in with Google", async () => {
    // An attacker registers the victim's address first (the email was never proven)...
    const squatter = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/local/register",
      payload: {
        username: "Squatter",
        email: "victim@example.test",
        password: "squatters-passphrase-1",
      },
    });
    const squatterJwt = squatter.json().jwt as string;
    // ...then the real owner signs in with Google, which proves the email.
    identity = { ...identity, sub: "3", email: "victim@example.test", name: "Victim" };
    const owner = await trade(await signIn());
    expect(owner.statusCode).toBe(200);
    const me = await ctx.app.inject({
      url: "/api/users/me",
      headers: { authorization: `Bearer ${squatterJwt}` },
    });
    expect(me.statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/local",
      payload: { identifier: "victim@example.test", password: "squatters-passphrase-1" },
    });
    expect(login.statusCode).toBe(400);
    // A later Google sign-in of the now-verified account keeps its sessions.
    const ownerJwt = owner.json().jwt as string;
    await trade(await signIn());
    const still = await ctx.app.inject({
      url: "/api/users/me",
      headers: { authorization: `Bearer ${ownerJwt}` },
    });
    expect(still.statusCode).toBe(200);
  });

  it("refuses a wrong or missing state, a provider error and a replayed callback", async () => {
    const { cookies, back } = await authorize();
    const forged = new URL(back);
    forged.searchParams.set("state", "attacker-chosen-state");
    const wrong = await callback(forged, cookies);
    expect(wrong.statusCode).toBe(302);
    expect(wrong.headers.location).toBe("/login?error=google");
    const noCookies = await callback(back, {});
    expect(noCookies.headers.location).toBe("/login?error=google");
    const denied = await callback(
      new URL(
        `${PUBLIC_URL}/api/connect/google/callback?error=access_denied&state=${cookies.pragmatist_google_state}`,
      ),
      cookies,
    );
    expect(denied.headers.location).toBe("/login?error=google");

    const fresh = await authorize();
    expect((await callback(fresh.back, fresh.cookies)).statusCode).toBe(302);
    // The provider's code is single use (and our cookies are cleared by then anyway).
    expect((await callback(fresh.back, fresh.cookies)).headers.location).toBe(
      "/login?error=google",
    );
  });

  it("refuses an unverified email and creates no account", async () => {
    identity = { ...identity, sub: "3", email: "unverified@example.test", email_verified: false };
    const { cookies, back } = await authorize();
    const res = await callback(back, cookies);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login?error=google");
    expect(await usersWithEmail("unverified@example.test")).toHaveLength(0);
    identity = { ...identity, email_verified: true };
  });

  it("refuses an ID token without an expiry or an issue time", async () => {
    for (const [n, claims] of [["exp"], ["iat"], ["exp", "iat"]].entries()) {
      const email = `no-expiry-${n}@example.test`;
      identity = { ...identity, sub: `40${n}`, email };
      omitClaims = claims;
      const { cookies, back } = await authorize();
      const res = await callback(back, cookies);
      omitClaims = [];
      expect(res.headers.location, claims.join("+")).toBe("/login?error=google");
      expect(await usersWithEmail(email)).toHaveLength(0);
    }
  });

  it("refuses an ID token not signed by the provider's keys", async () => {
    identity = { ...identity, sub: "4", email: "forged@example.test" };
    const rogue = new OAuth2Issuer();
    rogue.url = provider.issuer.url;
    const [realKey] = provider.issuer.keys.toJSON() as Array<{ kid: string }>;
    await rogue.keys.generate("RS256", { kid: realKey?.kid });
    const { cookies, back } = await authorize();
    // Same issuer, same kid, right audience and nonce: only the signing key is not the provider's.
    const token = await rogue.buildToken({
      scopesOrTransform: (_h, p) =>
        Object.assign(p, identity, { aud: CLIENT_ID, nonce: cookies.pragmatist_google_nonce }),
    });
    provider.service.once("beforeResponse", (res: { body: Record<string, unknown> }) => {
      res.body.id_token = token;
    });
    const res = await callback(back, cookies);
    expect(res.headers.location).toBe("/login?error=google");
    expect(await usersWithEmail("forged@example.test")).toHaveLength(0);
  });

  it("lets our code expire after 60 seconds and keeps it apart from reset codes", async () => {
    identity = { ...identity, sub: "1", email: "satoshi@example.test" };
    const late = await signIn();
    const saved = now;
    now = new Date(saved.getTime() + 61 * 1000);
    try {
      expect((await trade(late)).statusCode).toBe(400);
    } finally {
      now = saved;
    }
    const code = await signIn();
    const asReset = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: {
        code,
        password: "hijack-attempt-pass-1",
        passwordConfirmation: "hijack-attempt-pass-1",
      },
    });
    expect(asReset.statusCode).toBe(400);
    expect((await trade(code)).statusCode).toBe(200);
  });

  it("answers 404 and { google: false } when Google is not configured", async () => {
    const plain = await buildApp(testConfig(), { db: ctx.db, logger: false });
    try {
      expect((await plain.inject({ url: "/api/auth/providers" })).json()).toEqual({
        google: false,
      });
      expect((await plain.inject({ url: "/api/connect/google" })).statusCode).toBe(404);
      expect(
        (await plain.inject({ url: "/api/connect/google/callback?code=x&state=y" })).statusCode,
      ).toBe(404);
      expect(
        (await plain.inject({ url: "/api/auth/google/callback?access_token=x" })).statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
