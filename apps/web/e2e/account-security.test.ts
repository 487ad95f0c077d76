// A member's email and password in headless Chromium (docs/product/accounts.md#account-security):
// the comment box and the account page ask an unverified member to verify, the mailed link
// verifies; the account page changes the password (other sessions end, this one stays) and the
// email (by the link mailed to the new address; the old one is told), on a phone-sized screen.
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../server/src/testing/smtp-sink.ts";
import {
  launchBrowser,
  openPage,
  type RunningApp,
  signIn,
  signUp,
  startApp,
  verifyCodeOf,
  viewports,
} from "./harness.ts";

const ARTICLE = "reading-smart-contract-risk";
const PASSWORD = "long-enough-password";

describe("account security", () => {
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

  /**
   * The newest mail the SMTP server received for `to` whose subject matches, once `count` such
   * mails have arrived (waiting for them).
   */
  async function mailTo(to: string, subject: RegExp, count = 1) {
    const matching = () =>
      mailbox.received.filter((m) => m.envelopeTo.includes(to) && subject.test(m.subject ?? ""));
    await expect.poll(() => matching().length).toBeGreaterThanOrEqual(count);
    return matching().at(-1)!;
  }

  /** Opens a mailed /verify-email link and presses its button; waits for `done`. */
  async function followLink(page: Page, text: string, done: string) {
    await page.goto(`${app.baseUrl}/verify-email?code=${encodeURIComponent(verifyCodeOf(text))}`);
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await page.getByText(done).waitFor();
  }

  const meStatus = async (jwt: string) =>
    (await fetch(`${app.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${jwt}` } }))
      .status;

  it("verifies the email from the mailed link, then changes password and email from the account page", async () => {
    const member = await signUp(app.baseUrl, "Vera Verify");
    const elsewhere = member.jwt;
    const { page, problems } = await openPage(browser, viewports.mobile);
    const signedIn = await (
      await fetch(`${app.baseUrl}/api/auth/local`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ identifier: member.email, password: PASSWORD }),
      })
    ).json();
    await signIn(page, app.baseUrl, signedIn.jwt as string);

    // Unverified: the comment box says what to do instead of failing on Send.
    await page.goto(`${app.baseUrl}/p/${ARTICLE}`);
    const notice = page.getByRole("region", { name: "Email not verified" });
    await notice.getByText("Please verify your email address to comment.").waitFor();
    expect(await page.getByRole("textbox", { name: "Write a comment" }).count()).toBe(0);

    // The account page too, with Send again.
    await page.goto(`${app.baseUrl}/account`);
    await notice.waitFor();
    await notice.getByRole("button", { name: "Send again" }).click();
    await notice.getByText(/A new link is on its way/).waitFor();
    await page.screenshot({
      path: path.join(os.tmpdir(), "item15-account-unverified-390.png"),
      fullPage: true,
    });

    // The newest link (Send again's, which voided the sign-up's) verifies the email.
    const verify = await mailTo(member.email, /^Verify your email/, 2);
    await followLink(page, verify.text ?? "", "Your email is verified. You can now comment.");
    await page.goto(`${app.baseUrl}/p/${ARTICLE}`);
    await page.getByRole("textbox", { name: "Write a comment" }).waitFor();
    expect(await notice.count()).toBe(0);

    // Change the password: a wrong current one is refused, the right one signs out elsewhere only.
    await page.goto(`${app.baseUrl}/account`);
    await page.getByRole("button", { name: "Edit account" }).click();
    const pw = page.getByRole("form", { name: "Change password" });
    await pw.getByLabel("Current password").fill("not-my-password");
    await pw.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
    await pw.getByLabel("Confirm new password").fill("a-brand-new-password");
    await pw.getByRole("button", { name: "Change password" }).click();
    await pw.getByRole("alert").getByText("Your current password is not correct.").waitFor();
    await pw.getByLabel("Current password").fill(PASSWORD);
    await pw.getByRole("button", { name: "Change password" }).click();
    await pw.getByText("Your password is changed. Every other device was signed out.").waitFor();
    expect(await meStatus(elsewhere)).toBe(401);
    await mailTo(member.email, /password was changed$/);

    // Change the email: nothing changes until the link mailed to the new address is followed.
    const next = `vera.new.${Date.now()}@example.com`;
    const em = page.getByRole("form", { name: "Change email" });
    await em.getByLabel("New email address").fill(next);
    await em.getByLabel("Current password").fill("a-brand-new-password");
    await em.getByRole("button", { name: "Change email" }).click();
    await em.getByText(`We sent a link to ${next}.`).waitFor();
    await page.screenshot({
      path: path.join(os.tmpdir(), "item15-account-edit-390.png"),
      fullPage: true,
    });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const change = await mailTo(next, /^Confirm your new email/);
    await followLink(page, change.text ?? "", "Your email address is changed.");
    await page.goto(`${app.baseUrl}/account`);
    await page.getByText(next).waitFor();
    const told = await mailTo(member.email, /email of your .* account was changed$/);
    expect(told.text).toContain(next);
    // This browser stayed signed in through all of it.
    await page.getByRole("heading", { name: "Vera Verify" }).waitFor();
    expect(problems).toEqual([]);
  });
});
