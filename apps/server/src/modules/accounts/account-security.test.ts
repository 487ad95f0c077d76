// A signed-in member's password and email, and sign-up's verification mail, over real SMTP on
// loopback, as the member (and someone who got hold of their account) see it
// (docs/product/accounts.md#account-security).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { verifyCodeIn } from "../../testing/fixtures.ts";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../../testing/smtp-sink.ts";

const PUBLIC_URL = "http://localhost:3000";
const PASSWORD = "a long enough passphrase";

describe.each(engines)("account security on %s", (engine) => {
  let sink: SmtpSink;
  let ipCounter = 0;
  let emailCounter = 0;
  const ip = () => `10.3.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });
  const ctx = withTestApp(engine, () => ({ config: { SMTP_URL: sink.url, PUBLIC_URL } }));

  const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
  const post = (url: string, payload?: object, jwt?: string) =>
    ctx.app.inject({
      method: "POST",
      url,
      remoteAddress: ip(),
      ...(payload ? { payload } : {}),
      ...(jwt ? { headers: bearer(jwt) } : {}),
    });
  const me = (jwt: string) => ctx.app.inject({ url: "/api/users/me", headers: bearer(jwt) });
  const login = (identifier: string, password: string) =>
    post("/api/auth/local", { identifier, password });

  /** Signs a member up; their email and first session. */
  async function signUp() {
    emailCounter += 1;
    const email = `reader${emailCounter}@example.test`;
    const res = await post("/api/auth/local/register", {
      username: `Reader ${emailCounter}`,
      email,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    return { email, jwt: res.json().jwt as string };
  }

  /** The newest mail to `to` once the mails the app accepted have gone out. */
  async function lastMailTo(to: string): Promise<ReceivedMail> {
    const { emailVerification, passwordChange } = ctx.app.services;
    await Promise.all([emailVerification.settle(), passwordChange.settle()]);
    const mail = sink.received.filter((m) => m.envelopeTo.includes(to)).at(-1);
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  }
  const mailsTo = (to: string) => sink.received.filter((m) => m.envelopeTo.includes(to)).length;

  it("mails a verification link at sign-up; following it verifies the email, once", async () => {
    const { email, jwt } = await signUp();
    expect((await me(jwt)).json()).toMatchObject({ email, confirmed: false, provider: "local" });
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe("Verify your email for Crypto Pragmatist");
    expect(mail.text).toContain(`${PUBLIC_URL}/verify-email?code=`);
    const code = verifyCodeIn(mail.text ?? "");

    const confirmed = await post("/api/auth/email-confirmation", { code });
    expect(confirmed.json()).toEqual({ ok: true, changed: false });
    expect((await me(jwt)).json()).toMatchObject({ email, confirmed: true });
    const again = await post("/api/auth/email-confirmation", { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(
      "This link is invalid or has expired. Please ask for a new one.",
    );
    // Verified: nothing more to send.
    const resend = await post("/api/auth/send-email-confirmation", undefined, jwt);
    expect(resend.statusCode).toBe(400);
    expect(resend.json().error.message).toBe("Your email address is already verified.");
  });

  it("sends the link again on request, voiding the older one, within a limit", async () => {
    const { email, jwt } = await signUp();
    const first = verifyCodeIn((await lastMailTo(email)).text ?? "");
    expect((await post("/api/auth/send-email-confirmation")).statusCode).toBe(401);
    expect((await post("/api/auth/send-email-confirmation", undefined, jwt)).statusCode).toBe(200);
    const second = verifyCodeIn((await lastMailTo(email)).text ?? "");
    expect(second).not.toBe(first);
    expect((await post("/api/auth/email-confirmation", { code: first })).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) {
      expect((await post("/api/auth/send-email-confirmation", undefined, jwt)).statusCode).toBe(
        200,
      );
    }
    const over = await post("/api/auth/send-email-confirmation", undefined, jwt);
    expect(over.statusCode).toBe(429);
    const newest = verifyCodeIn((await lastMailTo(email)).text ?? "");
    expect((await post("/api/auth/email-confirmation", { code: newest })).statusCode).toBe(200);
    expect((await me(jwt)).json().confirmed).toBe(true);
  });

  it("changes the password: other sessions end, this one goes on, the old password stops", async () => {
    const { email, jwt } = await signUp();
    const elsewhere = (await login(email, PASSWORD)).json().jwt as string;
    const change = (body: object) => post("/api/auth/change-password", body, jwt);
    const next = "a different long passphrase";

    const wrong = await change({
      currentPassword: "not my password",
      password: next,
      passwordConfirmation: next,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      data: null,
      error: {
        status: 400,
        name: "ValidationError",
        message: "Your current password is not correct.",
        details: {
          errors: [{ path: ["currentPassword"], message: "Current password is not correct" }],
        },
      },
    });
    const weak = await change({
      currentPassword: PASSWORD,
      password: "short",
      passwordConfirmation: "short",
    });
    expect(weak.statusCode).toBe(400);
    expect((await me(elsewhere)).statusCode).toBe(200);

    await lastMailTo(email); // the sign-up's verification mail
    const sent = mailsTo(email);
    const changed = await change({
      currentPassword: PASSWORD,
      password: next,
      passwordConfirmation: next,
    });
    expect(changed.statusCode).toBe(200);
    const renewed = changed.json().jwt as string;
    expect(changed.json().user).toMatchObject({ email });
    expect(JSON.stringify(changed.json())).not.toMatch(/argon2|password_hash|passwordHash/i);
    expect((await me(renewed)).statusCode).toBe(200);
    expect((await me(jwt)).statusCode).toBe(401);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(400);
    expect((await login(email, next)).statusCode).toBe(200);

    const notice = await lastMailTo(email);
    expect(mailsTo(email)).toBe(sent + 1);
    expect(notice.subject).toBe("Your Crypto Pragmatist password was changed");
    expect(notice.text).toContain("If it was not you");
  });

  it("keeps a cookie session signed in across its own password change", async () => {
    const { email } = await signUp();
    const signedIn = await login(email, PASSWORD);
    const cookie = (res: typeof signedIn) =>
      res.cookies.find((c) => c.name === "pragmatist_session")?.value as string;
    const headers = { cookie: `pragmatist_session=${cookie(signedIn)}`, origin: PUBLIC_URL };
    const next = "yet another long passphrase";
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers,
      payload: { currentPassword: PASSWORD, password: next, passwordConfirmation: next },
    });
    expect(res.statusCode).toBe(200);
    const fresh = cookie(res);
    expect(fresh).toBeTruthy();
    const asCookie = (value: string) =>
      ctx.app.inject({ url: "/api/users/me", headers: { cookie: `pragmatist_session=${value}` } });
    expect((await asCookie(fresh)).statusCode).toBe(200);
    expect((await asCookie(cookie(signedIn))).statusCode).toBe(401);
  });

  it("changes the email only once the link mailed to the new address is followed", async () => {
    const { email, jwt } = await signUp();
    const other = await signUp();
    const next = `moved${emailCounter}@example.test`;
    const ask = (body: object) => post("/api/auth/change-email", body, jwt);

    const wrong = await ask({ email: next, currentPassword: "not my password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe("Your current password is not correct.");
    const taken = await ask({ email: other.email, currentPassword: PASSWORD });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error).toMatchObject({
      message: "This email cannot be used. Please choose another address.",
      details: { errors: [{ path: ["email"], message: "Email cannot be used" }] },
    });
    await lastMailTo(other.email);
    expect(mailsTo(other.email)).toBe(1); // only its own verification mail

    expect(
      (await ask({ email: ` ${next.toUpperCase()}`, currentPassword: PASSWORD })).json(),
    ).toEqual({
      ok: true,
    });
    expect((await me(jwt)).json()).toMatchObject({ email, confirmed: false });
    const link = await lastMailTo(next);
    expect(link.subject).toBe("Confirm your new email for Crypto Pragmatist");
    const code = verifyCodeIn(link.text ?? "");
    const before = mailsTo(email);

    const done = await post("/api/auth/email-confirmation", { code });
    expect(done.json()).toEqual({ ok: true, changed: true });
    expect((await me(jwt)).json()).toMatchObject({ email: next, confirmed: true });
    expect((await post("/api/auth/email-confirmation", { code })).statusCode).toBe(400);
    expect((await login(next, PASSWORD)).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(400);

    const notice = await lastMailTo(email);
    expect(mailsTo(email)).toBe(before + 1);
    expect(notice.subject).toBe("The email of your Crypto Pragmatist account was changed");
    expect(notice.text).toContain(next);
    expect(notice.text).toContain("If it was not you");
  });

  it("moves the newsletter with the email: the new address gets it, the old one no longer", async () => {
    const { email, jwt } = await signUp();
    await post("/api/auth/email-confirmation", {
      code: verifyCodeIn((await lastMailTo(email)).text ?? ""),
    });
    const optIn = (on?: boolean) =>
      ctx.app.inject({
        method: on === undefined ? "GET" : "PUT",
        url: "/api/newsletter/opt-in",
        headers: bearer(jwt),
        ...(on === undefined ? {} : { payload: { data: { optIn: on } } }),
      });
    expect((await optIn(true)).json().data).toMatchObject({ optIn: true, email });
    const next = `newsletter${emailCounter}@example.test`;
    await post("/api/auth/change-email", { email: next, currentPassword: PASSWORD }, jwt);
    const code = verifyCodeIn((await lastMailTo(next)).text ?? "");
    expect((await post("/api/auth/email-confirmation", { code })).json()).toMatchObject({
      changed: true,
    });

    expect((await optIn()).json().data).toMatchObject({ optIn: true, email: next });
    const listed = await ctx.db.kysely
      .selectFrom("newsletter_subscribers")
      .select(["email", "status"])
      .where("email", "in", [email, next])
      .execute();
    expect(listed).toEqual([{ email: next, status: "confirmed" }]);
  });

  it("tells a member without a password (Google) to set one first", async () => {
    const { email, jwt } = await signUp();
    await ctx.db.kysely
      .updateTable("users")
      .set({ password_hash: null })
      .where("email", "=", email)
      .execute();
    expect((await me(jwt)).json().provider).toBe("google");
    const next = "a brand new passphrase";
    const res = await post(
      "/api/auth/change-password",
      { currentPassword: "anything", password: next, passwordConfirmation: next },
      jwt,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/signs in with Google and has no password yet/);
    expect(
      (
        await post("/api/auth/change-password", {
          currentPassword: "x",
          password: next,
          passwordConfirmation: next,
        })
      ).statusCode,
    ).toBe(401);
  });
});
