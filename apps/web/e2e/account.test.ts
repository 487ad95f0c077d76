// Reader journeys through accounts in headless Chromium: sign up from an article, like
// and bookmark, the account page (the email verified by the sign-up's mail), name and photo, log
// out, forgot password through a real mail, sign in, delete the account; the login form at 390 px;
// Google sign-in against a mock provider.
import { OAuth2Server } from "oauth2-mock-server";
import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../server/src/testing/smtp-sink.ts";
import {
  holdRequests,
  launchBrowser,
  openPage,
  type RunningApp,
  startApp,
  verifyCodeOf,
  viewports,
  freePort,
} from "./harness.ts";

const SESSION_COOKIE = "pragmatist_session";
const ARTICLE = "reading-smart-contract-risk";

/** The page's session cookie value, or undefined when signed out. */
async function sessionCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === SESSION_COOKIE)?.value;
}

/** GET /api/users/me with a saved cookie value, as another client holding it would. */
async function meStatus(baseUrl: string, cookie: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/users/me`, {
    headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
  });
  return res.status;
}

const form = (page: Page) => page.locator("main");

/** The browser dialogs (alert, confirm, prompt) among a page's problems: the app opens none. */
const dialogs = (problems: string[]) => problems.filter((p) => p.startsWith("dialog: "));

/** Whether the element has the keyboard focus. */
const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

describe("accounts", () => {
  let app: RunningApp;
  let browser: Browser;
  let mailbox: SmtpSink;

  beforeAll(async () => {
    mailbox = await startSmtpSink();
    app = await startApp({ SMTP_URL: mailbox.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await mailbox?.close();
  });

  it("takes a reader from sign-up to a deleted account", async () => {
    const { page, problems } = await openPage(browser);
    const email = `ada.${Date.now()}@example.com`;
    const firstPassword = "analytical-engine-1843";
    const newPassword = "difference-engine-1822";

    // Anonymous: Like leads to sign-in, and back to the article afterwards.
    await page.goto(`${app.baseUrl}/p/${ARTICLE}`);
    await page.getByRole("link", { name: /^Like, .*\(sign in\)$/ }).click();
    // The address is what this asserts; the sign-in text below waits for the page itself.
    await page.waitForURL(/\/login\?next=/, { waitUntil: "commit" });
    expect(new URL(page.url()).searchParams.get("next")).toBe(`/p/${ARTICLE}`);
    await page.getByText("Please sign in to continue.").waitFor();

    // Sign up; the toggle clears what was typed.
    await form(page).getByLabel("Email Address").fill("typed@example.com");
    await form(page).getByRole("button", { name: "Create an account" }).click();
    expect(await page.getByRole("heading", { name: "Sign up for your Account" }).count()).toBe(1);
    expect(await form(page).getByLabel("Email Address").inputValue()).toBe("");
    // Pressing early shows the field messages and marks the fields.
    await form(page).getByRole("button", { name: "Sign up", exact: true }).click();
    expect(await form(page).getByText("Name must be at least 2 characters").count()).toBe(1);
    expect(await form(page).getByLabel("Password").getAttribute("aria-invalid")).toBe("true");
    await form(page).getByLabel("Full Name").fill("Ada Lovelace");
    await form(page).getByLabel("Email Address").fill(email);
    await form(page).getByLabel("Password").fill(firstPassword);
    await form(page).getByRole("button", { name: "Sign up", exact: true }).click();
    await page.waitForURL(`${app.baseUrl}/p/${ARTICLE}`);
    const accountLink = page.getByRole("link", { name: "Your account (Ada Lovelace)" });
    await accountLink.first().waitFor();

    // Signing up set the session and its member hint (no flash of the Login button on the next
    // page, decision 008); the public page itself is the same for everyone.
    const signUpCookie = await sessionCookie(page);
    expect(signUpCookie).toBeTruthy();
    const cookies = await page.context().cookies(app.baseUrl);
    expect(cookies.find((c) => c.name === "pragmatist_member")?.value).toBe("1");
    const html = await (
      await fetch(`${app.baseUrl}/`, { headers: { cookie: `${SESSION_COOKIE}=${signUpCookie}` } })
    ).text();
    expect(html).not.toContain("Ada Lovelace");

    // Like and bookmark: pressed at once, kept by the server, double clicks stay in step.
    const like = page.getByRole("button", { name: /^Like, / });
    const bookmark = page.getByRole("button", { name: /^Bookmark, / });
    await like.waitFor();
    expect(await like.getAttribute("aria-pressed")).toBe("false");
    await like.click();
    expect(await like.getAttribute("aria-pressed")).toBe("true");
    // A double click sends one toggle or two, one after the other: once the first is answered,
    // the page's state and the server's agree only when no second is on its way.
    const toggled = page.waitForResponse("**/api/articles/toggle-bookmark");
    await bookmark.dblclick();
    await toggled;
    const bookmarkedOnServer = async () => {
      const res = await page.request.get(`${app.baseUrl}/api/viewer?article=${ARTICLE}`);
      return String((await res.json()).data.article.bookmarked);
    };
    await expect
      .poll(
        async () => (await bookmarkedOnServer()) === (await bookmark.getAttribute("aria-pressed")),
      )
      .toBe(true);
    const shown = await bookmark.getAttribute("aria-pressed");
    await page.reload();
    await expect.poll(() => bookmark.getAttribute("aria-pressed")).toBe(shown);
    if (shown === "false") await bookmark.click();
    await expect.poll(() => bookmark.getAttribute("aria-pressed")).toBe("true");
    await page.reload();
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => bookmark.getAttribute("aria-pressed")).toBe("true");
    expect(await like.getAttribute("aria-label")).toBe("Like, 1 like");
    expect(await bookmark.getAttribute("aria-label")).toBe("Bookmark, 1 bookmark");

    // The account page lists the bookmark.
    await accountLink.first().click();
    await page.waitForURL(`${app.baseUrl}/account`);
    await page.getByRole("heading", { name: "Ada Lovelace" }).waitFor();
    // Signed up by email: the page asks to verify it; the link of the sign-up's mail does.
    const notVerified = page.getByRole("region", { name: "Email not verified" });
    await notVerified.waitFor();
    const verifyMail = () => mailbox.received.find((m) => m.envelopeTo.includes(email));
    await expect.poll(() => verifyMail()?.subject).toMatch(/^Verify your/);
    const verifyCode = verifyCodeOf(verifyMail()?.text ?? "");
    await page.goto(`${app.baseUrl}/verify-email?code=${encodeURIComponent(verifyCode)}`);
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await page.getByText("Your email is verified. You can now comment.").waitFor();
    await page.getByRole("link", { name: "Go to your account" }).click();
    await page.getByRole("heading", { name: "Ada Lovelace" }).waitFor();
    expect(await notVerified.count()).toBe(0);
    expect(await page.getByText(email).count()).toBe(1);
    const bookmarked = page.getByRole("region", { name: /Bookmarked/ });
    await bookmarked.getByRole("link", { name: /Reading smart contract risk/ }).waitFor();

    // Edit: a new name (Save shows only with text), then a photo; the header follows.
    await page.getByRole("button", { name: "Edit account" }).click();
    const save = page.getByRole("button", { name: "Save" });
    expect(await save.count()).toBe(0);
    await form(page).getByLabel("New name").fill("Ada King");
    await save.click();
    await page.getByRole("link", { name: "Your account (Ada King)" }).first().waitFor();
    // The header follows as soon as the viewer is read again; the form clears when the save ends.
    await expect.poll(() => form(page).getByLabel("New name").inputValue()).toBe("");

    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#0f766e" },
    })
      .png()
      .toBuffer();
    await page.getByLabel("Choose a photo").setInputFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: png,
    });
    // The crop dialog (e2e/account-photo.test.ts) keeps the whole square photo as it opens.
    const crop = page.getByRole("dialog", { name: "Crop your photo" });
    await crop.getByRole("img", { name: "Your new photo" }).waitFor();
    await crop.getByRole("button", { name: "Save photo" }).click();
    await page.getByText("Photo updated.").waitFor();
    const headerPicture = page.locator("header nav a[href='/account'] img");
    await expect.poll(() => headerPicture.getAttribute("src")).toMatch(/^\/uploads\//);
    const pictureRes = await fetch(
      new URL((await headerPicture.getAttribute("src"))!, app.baseUrl),
    );
    expect(pictureRes.status).toBe(200);

    // Log out (every session ends): back to /, Login in the header, the old cookie refused.
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.locator("header").getByRole("link", { name: "Login" }).waitFor();
    expect(await meStatus(app.baseUrl, signUpCookie!)).toBe(401);

    // Forgot password: a too-short email gets one inline alert (no browser dialog) and the focus;
    // a real one mails a link.
    await page.goto(`${app.baseUrl}/login`);
    await form(page).getByLabel("Email Address").fill("a@b");
    await form(page).getByRole("button", { name: "Forget Password?" }).click();
    const badEmail = form(page).getByRole("alert");
    await badEmail.getByText("Please enter a valid email address", { exact: true }).waitFor();
    expect(await badEmail.count()).toBe(1);
    expect(await form(page).getByText("Please enter a valid email address").count()).toBe(1);
    expect(await form(page).getByLabel("Email Address").getAttribute("aria-invalid")).toBe("true");
    expect(await isFocused(form(page).getByLabel("Email Address"))).toBe(true);
    expect(dialogs(problems)).toEqual([]);
    mailbox.skip();
    const mailsBefore = mailbox.received.length;
    await form(page).getByLabel("Email Address").fill(email);
    await form(page).getByRole("button", { name: "Forget Password?" }).click();
    await page.waitForURL(/\/passreset\?sent=1$/);
    await page.getByText("If an account exists for that email, we sent a link").waitFor();
    const mail = await mailbox.next(10_000);
    expect(mailbox.received).toHaveLength(mailsBefore + 1);
    const link = /https?:\/\/\S+\/passreset\?code=[\w-]+/.exec(mail.text ?? "")?.[0];
    expect(link).toBeTruthy();
    const code = new URL(link!).searchParams.get("code")!;

    // Reset: Confirm looks inactive until both match; success goes to sign-in with a note.
    await page.goto(`${app.baseUrl}/passreset?code=${encodeURIComponent(code)}`);
    const confirm = form(page).getByRole("button", { name: "Confirm" });
    await form(page).getByLabel("New password", { exact: true }).fill(newPassword);
    await form(page).getByLabel("Confirm new password").fill(`${newPassword}x`);
    const look = () => confirm.evaluate((el) => getComputedStyle(el).backgroundColor);
    const inactive = await look();
    await confirm.click();
    expect(await page.getByText("The passwords do not match").count()).toBe(1);
    await form(page).getByLabel("Confirm new password").fill(newPassword);
    // The colour eases over a short transition: wait for it to settle on the active look.
    await expect.poll(look).not.toBe(inactive);
    await confirm.click();
    await page.waitForURL(/\/login\?reset=1$/);
    await page.getByText("Password changed, please sign in.").waitFor();

    // The spent code says so at once, before any form (docs/product/accounts.md#password-reset), in
    // one inline alert (no browser dialog). A refusal after sending is form-level
    // (password-reset-form.test.tsx).
    await page.goto(`${app.baseUrl}/passreset?code=${encodeURIComponent(code)}`);
    await page.getByRole("heading", { name: "This link can no longer be used" }).waitFor();
    const spent = page.getByRole("alert");
    expect(await spent.innerText()).toMatch(/^This link was already used or has expired/);
    expect(await page.getByLabel("New password", { exact: true }).count()).toBe(0);
    expect(dialogs(problems)).toEqual([]);

    // Sign in: the old password is refused with a readable message; the new one works.
    await page.goto(`${app.baseUrl}/login`);
    await form(page).getByLabel("Email Address").fill(email);
    await form(page).getByLabel("Password").fill(firstPassword);
    await form(page).getByRole("button", { name: "Sign in", exact: true }).click();
    await form(page)
      .getByRole("alert")
      .getByText(/do not match an account/)
      .waitFor();
    await form(page).getByLabel("Password").fill(newPassword);
    await form(page).getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.locator("header nav a[href='/account'] img").waitFor();
    const cookie = await sessionCookie(page);
    expect(await meStatus(app.baseUrl, cookie!)).toBe(200);

    // A signed-in reader opening /login lands on the account page.
    await page.goto(`${app.baseUrl}/login`);
    await page.waitForURL(`${app.baseUrl}/account`);

    // Delete: the dialog says what goes and what stays; afterwards the session is dead.
    await page.getByRole("button", { name: "Edit account" }).click();
    await page.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    const text = await dialog.innerText();
    for (const word of ["email", "password", "sessions", "likes", "bookmarks", "assistant"]) {
      expect(text).toContain(word);
    }
    expect(text).toContain("Deleted member");
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.locator("header").getByRole("link", { name: "Login" }).waitFor();
    expect(await meStatus(app.baseUrl, cookie!)).toBe(401);
    await page.goto(`${app.baseUrl}/account`);
    await page.waitForURL(/\/login\?next=%2Faccount$/);

    expect(problems).toEqual([]);
  });

  it("keeps the login form usable at 390 px", async () => {
    const { page, problems } = await openPage(browser, viewports.mobile);
    await page.goto(`${app.baseUrl}/login`);
    expect(await page.getByRole("heading", { name: "Sign in to your Account" }).count()).toBe(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const submit = form(page).getByRole("button", { name: "Sign in", exact: true });
    const box = await submit.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await form(page).getByLabel("Email Address").tap();
    await form(page).getByLabel("Email Address").fill("nobody@example.com");
    await form(page).getByLabel("Password").fill("not-the-password");
    // While the request runs, the logo spins and the button pulses.
    const answer = await holdRequests(page, "**/api/auth/local");
    await submit.tap();
    await form(page).locator(".animate-spin").waitFor();
    await form(page).locator("button.animate-pulse").waitFor();
    answer();
    await form(page)
      .getByRole("alert")
      .getByText(/do not match an account/)
      .waitFor();
    // The menu offers Login only when signed out.
    await page.getByRole("button", { name: "Open menu" }).tap();
    const login = page.getByRole("dialog").getByRole("link", { name: "Login" });
    await login.waitFor();
    expect(await login.count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("hides the Google button when Google is not configured", async () => {
    const { page } = await openPage(browser);
    const providers = page.waitForResponse((r) => r.url().endsWith("/api/auth/providers"));
    await page.goto(`${app.baseUrl}/login`);
    expect(await (await providers).json()).toEqual({ google: false });
    expect(await page.getByRole("link", { name: "Continue with Google" }).count()).toBe(0);
  });
});

describe("sign-in with Google", () => {
  let app: RunningApp;
  let browser: Browser;
  let provider: OAuth2Server;

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate("RS256");
    await provider.start(0, "127.0.0.1");
    provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
      Object.assign(token.payload, {
        sub: "110248495921238986421",
        email: "grace@example.test",
        email_verified: true,
        name: "Grace Hopper",
      });
    });
    const issuer = provider.issuer.url as string;
    // Google sends the browser back to PUBLIC_URL, so it must name the port we listen on.
    const port = await freePort();
    app = await startApp({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      GOOGLE_CLIENT_ID: "pragmatist-e2e.apps.example",
      GOOGLE_CLIENT_SECRET: "e2e-secret",
      GOOGLE_ISSUER_URL: issuer,
      GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_JWKS_URL: `${issuer}/jwks`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await provider?.stop();
  });

  it("signs in through the Google button and shows the reader in the header", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${app.baseUrl}/login`);
    const google = page.getByRole("link", { name: "Continue with Google" });
    await google.click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole("link", { name: "Your account (Grace Hopper)" }).first().waitFor();
    expect(problems).toEqual([]);
  });

  it("explains a code that does not work", async () => {
    const { page } = await openPage(browser);
    await page.goto(`${app.baseUrl}/connect/google/redirect?access_token=not-a-real-code`);
    await page.getByRole("heading", { name: "Google sign-in did not work" }).waitFor();
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await page.waitForURL(`${app.baseUrl}/login`);
  });
});
