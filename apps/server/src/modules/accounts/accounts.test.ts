// Sign-up, sign-in, sessions and their security properties, as a client sees them
// (docs/product/api.md#api-auth).
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";

const ORIGIN = "http://localhost:3000";

describe.each(engines)("accounts on %s", (engine) => {
  let now = new Date("2026-06-01T12:00:00.000Z");
  let ipCounter = 0;
  const ip = () => `10.0.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;
  const ctx = withTestApp(engine, { clock: { now: () => now } });

  const register = (body: Record<string, unknown>, remoteAddress = ip()) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/auth/local/register",
      payload: body,
      remoteAddress,
    });
  const login = (identifier: string, password: string, remoteAddress = ip()) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/auth/local",
      payload: { identifier, password },
      remoteAddress,
    });
  const me = (headers: Record<string, string>) => ctx.app.inject({ url: "/api/users/me", headers });

  it("signs up a member and answers { jwt, user } with only allowed fields, plus an httpOnly Lax cookie", async () => {
    const res = await register({
      username: "Ada Lovelace",
      email: "Ada@Example.test",
      password: "analytical-engine-1843",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(typeof body.jwt).toBe("string");
    expect(Object.keys(body.user).sort()).toEqual([
      "confirmed",
      "createdAt",
      "email",
      "id",
      "profilePicture",
      "provider",
      "role",
      "username",
    ]);
    // The email waits for its verification link (account-security.test.ts).
    expect(body.user).toMatchObject({
      username: "Ada Lovelace",
      email: "ada@example.test",
      role: "member",
      confirmed: false,
      provider: "local",
    });
    expect(res.body).not.toMatch(/argon2|password/i);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/pragmatist_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await me({ authorization: `Bearer ${body.jwt}` })).json().email).toBe(
      "ada@example.test",
    );
  });

  it("refuses a role, a confirmed flag or any extra field at sign-up (Strapi CVE-2023-39345)", async () => {
    for (const extra of [
      { role: "admin" },
      { confirmed: true },
      { provider: "google" },
      { token_version: 9 },
    ]) {
      const res = await register({
        username: "Mallory",
        email: `mallory${ipCounter}@example.test`,
        password: "correct horse battery",
        ...extra,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.name).toBe("ValidationError");
    }
  });

  it("enforces 8..128 characters and refuses common passwords with a clear message", async () => {
    const short = await register({
      username: "Bob",
      email: "bob@example.test",
      password: "1234567",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/at least 8/);
    const long = await register({
      username: "Bob",
      email: "bob@example.test",
      password: "x".repeat(129),
    });
    expect(long.statusCode).toBe(400);
    const common = await register({
      username: "Bob",
      email: "bob@example.test",
      password: "password123",
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toMatch(/too common/);
  });

  it("does not reveal whether an account exists when sign-in fails (ASVS 6.3.8)", async () => {
    const wrongPassword = await login("ada@example.test", "not-the-password");
    const noAccount = await login("nobody@example.test", "not-the-password");
    expect(wrongPassword.statusCode).toBe(400);
    expect(noAccount.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual(noAccount.json());
    const ok = await login("ADA@example.test", "analytical-engine-1843");
    expect(ok.statusCode).toBe(200);
  });

  it("answers a taken email without confirming the account, and rate limits sign-ups per IP", async () => {
    const taken = await register({
      username: "Ada Again",
      email: "ada@example.test",
      password: "another-long-passphrase",
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.message).not.toMatch(/already (exists|registered|taken)/i);
    const fixed = "192.0.2.77";
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      answers.push(
        (
          await register(
            {
              username: `Spam ${i}`,
              email: `spam${i}@example.test`,
              password: "spam-spam-spam-spam",
            },
            fixed,
          )
        ).statusCode,
      );
    }
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
  });

  it("limits sign-in attempts per account even when the attacker changes IP (Strapi CVE-2025-64526)", async () => {
    await register({
      username: "Target",
      email: "target@example.test",
      password: "target-passphrase-1",
    });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await login("Target@Example.test", `guess-${i}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await login("target@example.test", "target-passphrase-1");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.name).toBe("RateLimitError");
  });

  it("never lets guesses from elsewhere lock the owner out of a browser they signed in from", async () => {
    await register({
      username: "Owner",
      email: "owner@example.test",
      password: "owner-passphrase-1",
    });
    const signedIn = await login("owner@example.test", "owner-passphrase-1");
    const cookie = signedIn.cookies.find((c) => c.name === "pragmatist_device");
    expect(cookie).toMatchObject({ httpOnly: true, path: "/api/auth", sameSite: "Lax" });
    const device = { cookie: `pragmatist_device=${cookie?.value}` };
    // Guesses from many addresses, none of them the owner's browser: the account's limit for
    // browsers it does not know is spent.
    for (let i = 0; i < 11; i++) await login("owner@example.test", `guess-${i}`);
    expect((await login("owner@example.test", "owner-passphrase-1")).statusCode).toBe(429);
    const owner = (password: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/local",
        payload: { identifier: "owner@example.test", password },
        headers: device,
        remoteAddress: ip(),
      });
    expect((await owner("owner-passphrase-1")).statusCode).toBe(200);
    // The owner's browser has a budget of its own; another account's cookie is no pass.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await owner(`typo-${i}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const elsewhere = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/local",
      payload: { identifier: "target@example.test", password: "target-passphrase-1" },
      headers: device,
      remoteAddress: ip(),
    });
    expect(elsewhere.statusCode).toBe(429);
  });

  it("rejects forged, expired and revoked tokens with 401", async () => {
    const ok = (await login("ada@example.test", "analytical-engine-1843")).json().jwt as string;
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuer("pragmatist")
      .setAudience("pragmatist-session")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not-our-secret-not-our-secret-00"));
    expect((await me({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
    const [h, p] = ok.split(".");
    expect((await me({ authorization: `Bearer ${h}.${p}.` })).statusCode).toBe(401);
    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${p}.`;
    expect((await me({ authorization: `Bearer ${none}` })).statusCode).toBe(401);
    const saved = now;
    now = new Date(saved.getTime() + 31 * 24 * 3600 * 1000);
    expect((await me({ authorization: `Bearer ${ok}` })).statusCode).toBe(401);
    now = saved;
    expect((await me({ authorization: `Bearer ${ok}` })).statusCode).toBe(200);
    // Logout revokes every session of the member, not only the one in hand.
    const other = (await login("ada@example.test", "analytical-engine-1843")).json().jwt as string;
    const out = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `Bearer ${ok}` },
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/pragmatist_session=;/);
    expect((await me({ authorization: `Bearer ${ok}` })).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${other}` })).statusCode).toBe(401);
    expect((await me({})).statusCode).toBe(401);
  });

  it("accepts the session cookie, and refuses cookie-authenticated mutations from another origin (CSRF)", async () => {
    const res = await login("ada@example.test", "analytical-engine-1843");
    const token = res.json().jwt as string;
    const cookie = `pragmatist_session=${token}`;
    expect((await me({ cookie })).statusCode).toBe(200);
    const crossSite = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(crossSite.statusCode).toBe(403);
    const noOrigin = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await me({ cookie })).statusCode).toBe(200);
    const sameSite = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie, origin: ORIGIN },
    });
    expect(sameSite.statusCode).toBe(200);
    expect((await me({ cookie })).statusCode).toBe(401);
  });
});
