// Forgot and reset password over real SMTP on loopback, as a member and an attacker see it
// (docs/product/accounts.md#password-reset).
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { type SmtpSink, startSmtpSink } from "../../testing/smtp-sink.ts";

const PUBLIC_URL = "http://localhost:3000";

describe.each(engines)("password reset on %s", (engine) => {
  let sink: SmtpSink;
  let now = new Date("2026-06-01T12:00:00.000Z");
  let ipCounter = 0;
  const ip = () => `10.1.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });
  // After the sink's hooks: built once it listens, closed before it stops.
  const ctx = withTestApp(engine, () => ({
    config: { SMTP_URL: sink.url, PUBLIC_URL },
    clock: { now: () => now },
  }));

  const post = (url: string, payload: unknown, remoteAddress = ip()) =>
    ctx.app.inject({ method: "POST", url, payload: payload as object, remoteAddress });
  const forgot = (email: string, remoteAddress = ip()) =>
    post("/api/auth/forgot-password", { email }, remoteAddress);
  const reset = (code: string, password: string, passwordConfirmation = password) =>
    post("/api/auth/reset-password", { code, password, passwordConfirmation });
  const login = (identifier: string, password: string) =>
    post("/api/auth/local", { identifier, password });
  const me = (jwt: string) =>
    ctx.app.inject({ url: "/api/users/me", headers: { authorization: `Bearer ${jwt}` } });
  const register = async (username: string, email: string, password: string) => {
    const res = await post("/api/auth/local/register", { username, email, password });
    expect(res.statusCode).toBe(200);
    // Sign-up mails a verification link (account-security.test.ts): these tests read the mails after it.
    await ctx.app.services.emailVerification.settle();
    sink.skip();
    return res.json().jwt as string;
  };

  /** Requests a reset and returns the code from the link in the mail that arrives. */
  async function mailedCode(email: string): Promise<string> {
    const res = await forgot(email);
    expect(res.statusCode).toBe(200);
    const mail = await sink.next();
    const link = (mail.text ?? "").match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/passreset`);
    return url.searchParams.get("code") as string;
  }

  it("mails a single-use link, sets the new password and signs out every old session", async () => {
    const first = await register("Grace Hopper", "grace@example.test", "cobol-compiler-1959");
    const second = (await login("grace@example.test", "cobol-compiler-1959")).json().jwt as string;

    const res = await forgot("Grace@Example.test ");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = await sink.next();
    expect(mail.envelopeTo).toEqual(["grace@example.test"]);
    expect(mail.from).toMatchObject({ name: "Crypto Pragmatist", address: "no-reply@localhost" });
    expect(mail.subject).toBe("Reset your Crypto Pragmatist password");
    expect(mail.text).toContain("Crypto Pragmatist");
    expect(mail.text).toMatch(/30 minutes/);
    const link = (mail.text ?? "").match(/https?:\/\/\S+/)?.[0] as string;
    const code = new URL(link).searchParams.get("code") as string;
    // 256 bits in base64url; the same link in the HTML part; no images or tracking.
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).not.toMatch(/<img|<script/i);

    // Only the sha256 of the code is stored, valid for 30 minutes.
    const rows = await ctx.db.kysely
      .selectFrom("one_time_codes")
      .selectAll()
      .where("purpose", "=", "password-reset")
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toBe(createHash("sha256").update(code).digest("base64url"));
    expect(rows[0]?.purpose).toBe("password-reset");
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(new Date(rows[0]?.expires_at as string).getTime() - now.getTime()).toBe(30 * 60 * 1000);

    // Refusals that leave the code usable: a mismatched confirmation, a short or common password,
    // an extra field.
    const mismatch = await reset(code, "new-harbour-lights-1", "new-harbour-lights-2");
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toMatch(/do not match/);
    expect((await reset(code, "short")).statusCode).toBe(400);
    const common = await reset(code, "password123");
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toMatch(/too common/);
    const extra = await post("/api/auth/reset-password", {
      code,
      password: "new-harbour-lights-1",
      passwordConfirmation: "new-harbour-lights-1",
      role: "admin",
    });
    expect(extra.statusCode).toBe(400);

    const ok = await reset(code, "new-harbour-lights-1");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect(ok.headers["set-cookie"]).toBeUndefined();

    expect((await login("grace@example.test", "cobol-compiler-1959")).statusCode).toBe(400);
    expect((await login("grace@example.test", "new-harbour-lights-1")).statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);

    const again = await reset(code, "another-new-password-2");
    expect(again.statusCode).toBe(400);
    expect(again.json().error.name).toBe("ValidationError");
    expect((await login("grace@example.test", "new-harbour-lights-1")).statusCode).toBe(200);
  });

  it("refuses an expired code (31 minutes later) and an unknown one", async () => {
    const code = await mailedCode("grace@example.test");
    const saved = now;
    now = new Date(saved.getTime() + 31 * 60 * 1000);
    try {
      const expired = await reset(code, "too-late-for-this-1");
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.message).toMatch(/invalid or has expired/);
    } finally {
      now = saved;
    }
    expect((await reset("A".repeat(43), "made-up-code-password")).statusCode).toBe(400);
    expect((await login("grace@example.test", "new-harbour-lights-1")).statusCode).toBe(200);
  });

  it("lets an invitation link work for 3 days, then refuses it", async () => {
    await register("Invited Late", "invited-late@example.test", "invited-late-pass-1");
    await register("Invited Early", "invited-early@example.test", "invited-early-pass-1");
    const invitedCode = async (email: string) => {
      const log = { info() {}, warn() {}, error() {} };
      await ctx.app.services.passwordReset.invite(email, { role: "author", log });
      const text = (await sink.next()).text ?? "";
      expect(text).toMatch(/for 3 days/);
      return new URL(text.match(/https?:\/\/\S+/)?.[0] as string).searchParams.get(
        "code",
      ) as string;
    };
    const late = await invitedCode("invited-late@example.test");
    const early = await invitedCode("invited-early@example.test");
    const saved = now;
    try {
      now = new Date(saved.getTime() + 3 * 24 * 3600 * 1000 + 1000);
      const expired = await reset(late, "chosen-too-late-1");
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.message).toMatch(/invalid or has expired/);
      now = new Date(saved.getTime() + 3 * 24 * 3600 * 1000 - 60_000);
      // The first password signs the new member in: a session cookie that opens their account.
      const chosen = await reset(early, "chosen-in-time-1");
      expect(chosen.statusCode).toBe(200);
      const session = chosen.cookies.find((c) => c.name === "pragmatist_session");
      expect(session?.value).toBeTruthy();
      const account = await ctx.app.inject({
        url: "/api/users/me",
        headers: { cookie: `pragmatist_session=${session?.value}` },
      });
      expect(account.json()).toMatchObject({ email: "invited-early@example.test" });
    } finally {
      now = saved;
    }
    expect((await login("invited-early@example.test", "chosen-in-time-1")).statusCode).toBe(200);
    expect((await login("invited-late@example.test", "invited-late-pass-1")).statusCode).toBe(200);
  });

  it("says a used link is used before its form is filled in, and a reset signs nobody in", async () => {
    const check = (code: string) => post("/api/auth/reset-password/check", { code });
    await register("Checked First", "checked@example.test", "checked-first-pass-0");
    const code = await mailedCode("checked@example.test");
    expect((await check(code)).json()).toEqual({ ok: true });
    const done = await reset(code, "checked-first-pass-1");
    expect(done.statusCode).toBe(200);
    expect(done.cookies.find((c) => c.name === "pragmatist_session")).toBeUndefined();
    const used = await check(code);
    expect(used.statusCode).toBe(400);
    expect(used.json().error.message).toMatch(/^This reset link is invalid or has expired/);
    expect((await check("A".repeat(43))).statusCode).toBe(400);
  });

  it("lets only one of two concurrent uses of a code win", async () => {
    const code = await mailedCode("grace@example.test");
    const results = await Promise.all([
      reset(code, "concurrent-winner-aa"),
      reset(code, "concurrent-winner-bb"),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]?.statusCode === 200 ? "concurrent-winner-aa" : "concurrent-winner-bb";
    expect((await login("grace@example.test", winner)).statusCode).toBe(200);
  });

  it("spends the member's other reset links when one is used", async () => {
    const older = await mailedCode("grace@example.test");
    const newer = await mailedCode("grace@example.test");
    expect((await reset(newer, "latest-link-password-1")).statusCode).toBe(200);
    expect((await reset(older, "older-link-password-1")).statusCode).toBe(400);
  });

  it("voids an older reset link as soon as a newer one is mailed", async () => {
    await register("Ada Lovelace", "ada@example.test", "analytical-engine-1843");
    const older = await mailedCode("ada@example.test");
    const newer = await mailedCode("ada@example.test");
    const refused = await reset(older, "older-link-password-2");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^This reset link is invalid or has expired/);
    expect((await reset(newer, "latest-link-password-2")).statusCode).toBe(200);
  });

  it("answers an unknown email exactly like a known one, and mails nobody", async () => {
    await ctx.app.services.passwordReset.settle();
    sink.skip();
    await register("Known Reader", "known@example.test", "known-reader-pass-1");
    const before = sink.received.length;
    const known = await forgot("known@example.test");
    const unknown = await forgot("nobody-here@example.test");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers["content-type"]).toBe(known.headers["content-type"]);
    expect(unknown.headers["content-length"]).toBe(known.headers["content-length"]);
    await ctx.app.services.passwordReset.settle();
    expect(sink.received.length).toBe(before + 1);
    expect(sink.received.at(-1)?.envelopeTo).toEqual(["known@example.test"]);
    sink.skip();
    // A malformed email is a validation error, the same for everyone.
    const bad = await forgot("not-an-email");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/valid email/);
  });

  it("rate limits per email even when every request comes from another IP (Strapi CVE-2025-64526)", async () => {
    await register("Target", "target-reset@example.test", "target-reset-pass-1");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await forgot("Target-Reset@example.test")).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await forgot("target-reset@example.test", "198.51.100.9");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.name).toBe("RateLimitError");
    // The owner's own browser (it signed in before: its device cookie) may still ask.
    const signedIn = await login("target-reset@example.test", "target-reset-pass-1");
    const device = signedIn.cookies.find((c) => c.name === "pragmatist_device")?.value;
    await ctx.app.services.passwordReset.settle();
    const before = sink.received.length;
    const own = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: "target-reset@example.test" },
      headers: { cookie: `pragmatist_device=${device}` },
      remoteAddress: ip(),
    });
    expect(own.statusCode).toBe(200);
    await ctx.app.services.passwordReset.settle();
    expect(sink.received.length).toBe(before + 1);
    expect(sink.received.at(-1)?.envelopeTo).toEqual(["target-reset@example.test"]);
    // An unknown address is limited the same way, so the 429 tells nothing either.
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) unknown.push((await forgot("ghost-reset@example.test")).statusCode);
    expect(unknown).toEqual(statuses);
    await ctx.app.services.passwordReset.settle();
    sink.skip();
  });
});
