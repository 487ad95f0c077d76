// Newsletter sign-up in headless Chromium (docs/product/newsletter.md#newsletter): Subscribe leads
// to the built-in newsletter's page, and reads "Subscribed" to a member who gets it; its panel,
// the footer's modal and the article's panel post the email and show the same confirmation
// message; the links of the mail a loopback SMTP server receives confirm and unsubscribe, each
// landing on a notice.
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../server/src/testing/smtp-sink.ts";
import {
  openPage,
  type RunningApp,
  signIn,
  signUp,
  viewports,
  withAppAndBrowser,
} from "./harness.ts";

const MESSAGE = "Check your inbox to confirm your subscription.";

describe("newsletter", () => {
  let app: RunningApp;
  let browser: Browser;
  let mailbox: SmtpSink;
  beforeAll(async () => {
    mailbox = await startSmtpSink();
  });
  afterAll(() => mailbox?.close());
  withAppAndBrowser(
    (started) => ({ app, browser } = started),
    () => ({ SMTP_URL: mailbox.url }),
  );

  /** The app's own address for a mailed link (its PUBLIC_URL is the default, not this port). */
  const onApp = (link: string) => {
    const url = new URL(link);
    return `${app.baseUrl}${url.pathname}${url.search}`;
  };

  /**
   * Opens the subscribe modal as a reader does, once the page is hydrated: one click, then the
   * modal (its code loads on demand) appears. Called on /about: on the home page, scrolling to
   * the footer loads the next page of articles, which can move the button under the click.
   */
  async function openModal(page: Page) {
    const dialog = page.getByRole("dialog", { name: /^Subscribe to / });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Get it by email" }).click();
    await dialog.waitFor();
    return dialog;
  }

  for (const [width, options] of Object.entries(viewports)) {
    it(`leads Subscribe to the built-in newsletter's page, which subscribes (${width})`, async () => {
      const { page, problems } = await openPage(browser, options);
      await page.goto(app.baseUrl);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      // NEWSLETTER_URL is unset: Subscribe stays on the site, in the same tab.
      const subscribe = page.getByRole("link", { name: /^Subscribe free/ });
      expect(await subscribe.getAttribute("href")).toBe("/newsletter");
      expect(await subscribe.getAttribute("target")).toBeNull();
      await subscribe.click();
      await page.waitForURL(`${app.baseUrl}/newsletter`);
      await page.getByRole("heading", { level: 1, name: "The Weekly Brief" }).waitFor();
      await page.getByText("No issue has been sent yet.").waitFor();
      const panel = page.getByRole("region", { name: /^Subscribe to / });
      await panel.getByLabel("Email address").fill(`archive.${width}@example.test`);
      await panel.getByRole("button", { name: "Subscribe" }).click();
      await panel.getByText(MESSAGE).waitFor();
      await page.screenshot({
        path: path.join(os.tmpdir(), `newsletter-page-${width}.png`),
        fullPage: true,
      });
      expect(problems).toEqual([]);
    });
  }

  it("subscribes from the modal, shows the message, then closes", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${app.baseUrl}/about`);
    const dialog = await openModal(page);
    await dialog.getByLabel("Email address").fill("nope");
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await dialog.getByRole("status").getByText("Please enter a valid email address.").waitFor();
    await dialog.getByLabel("Email address").fill("reader@example.test");
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await dialog.getByRole("status").getByText(MESSAGE).waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });

  it("confirms from the mailed link, then unsubscribes from the same mail without signing in", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${app.baseUrl}/about`);
    const dialog = await openModal(page);
    mailbox.skip();
    await dialog.getByLabel("Email address").fill("confirming.reader@example.test");
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await dialog.getByRole("status").getByText(MESSAGE).waitFor();

    const mail = await mailbox.next(10_000);
    expect(mail.envelopeTo).toEqual(["confirming.reader@example.test"]);
    const urls = mail.text?.match(/https?:\/\/\S+/g) ?? [];
    const link = (path: string) => urls.find((u) => new URL(u).pathname === path) ?? "";
    const confirm = link("/api/newsletter/confirm");
    const unsubscribe = link("/api/newsletter/unsubscribe");
    expect(confirm).not.toBe("");
    expect(unsubscribe).not.toBe("");

    // Following a link changes nothing by itself (mail scanners follow links): its page asks.
    await page.goto(onApp(confirm));
    await page.waitForURL(/\/subscription\/confirm\?token=/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await page.getByText("Your subscription is confirmed. Thank you!").waitFor();
    await page.goto(onApp(unsubscribe));
    await page.waitForURL(/\/subscription\/unsubscribe\?token=/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByText("You are unsubscribed.").waitFor();
    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByText("You are subscribed again. Welcome back!").waitFor();
    expect(problems).toEqual([]);
  });

  it("subscribes from the article panel and says when a mailed link is not valid", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${app.baseUrl}/p/reading-smart-contract-risk`);
    const panel = page.getByRole("region", { name: /^Subscribe to / });
    // The panel hydrates from a chunk of its own, after the rest of the page; data-hydrated waits
    // for it. A click before then sends the form natively, which reloads the page.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await panel.getByLabel("Email address").fill("panel@example.test");
    await panel.getByRole("button", { name: "Subscribe" }).click();
    await panel.getByRole("status").getByText(MESSAGE).waitFor();
    await page.goto(`${app.baseUrl}/api/newsletter/confirm?token=bogus`);
    await page.waitForURL(/\/subscription\/confirm\?token=bogus$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await page
      .getByRole("alert")
      .getByText("This confirmation link is invalid, has expired or was already used")
      .waitFor();
    expect(problems).toEqual([]);
  });

  it("says Subscribed to a member once they get the newsletter, on every page", async () => {
    const member = await signUp(app.baseUrl, "Brief Reader");
    const { page, problems } = await openPage(browser, viewports.mobile);
    await signIn(page, app.baseUrl, member.jwt);
    await page.goto(`${app.baseUrl}/newsletter`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const banner = page.getByRole("complementary", { name: "Newsletter" });
    await banner.getByRole("link", { name: /^Subscribe free/ }).waitFor();
    // Their account email is not verified yet: the switch mails a confirmation link.
    mailbox.skip();
    await page.getByRole("button", { name: "Subscribe" }).click();
    const mail = await mailbox.next(10_000);
    expect(mail.envelopeTo).toEqual([member.email]);
    const confirm = (mail.text?.match(/https?:\/\/\S+/g) ?? []).find(
      (u) => new URL(u).pathname === "/api/newsletter/confirm",
    );
    expect(confirm).toBeDefined();
    await page.goto(onApp(confirm!));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await page.getByText("Your subscription is confirmed. Thank you!").waitFor();

    await page.goto(app.baseUrl);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const subscribed = banner.getByRole("link", { name: "Subscribed" });
    await subscribed.waitFor();
    expect(await subscribed.getAttribute("href")).toBe("/newsletter");
    expect(await banner.getByRole("link", { name: /^Subscribe free/ }).count()).toBe(0);
    // The footer's Quick Links too, though the footer hydrates as the server's markup.
    await page.getByRole("contentinfo").getByRole("link", { name: "Subscribed" }).waitFor();
    // On a wide screen the sidebar's "Newsletter" still names the section, not an invitation.
    await page.setViewportSize({ width: 1366, height: 800 });
    const nav = page.getByRole("navigation", { name: "Sections" });
    await nav.getByRole("link", { name: "Newsletter" }).waitFor();
    expect(problems).toEqual([]);
  });
});
