// Newsletter sign-up in headless Chromium (issue #6): the footer's modal and the article's panel
// post the email and show the same confirmation message; the mailed links land on a notice.
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, type RunningApp, withAppAndBrowser } from "./harness.ts";

const MESSAGE = "Check your inbox to confirm your subscription.";

describe("newsletter", () => {
  let app: RunningApp;
  let browser: Browser;
  withAppAndBrowser((started) => ({ app, browser } = started));

  /** Clicks until the page is hydrated and the modal opens. */
  async function openModal(page: Page) {
    const dialog = page.getByRole("dialog", { name: /^Subscribe to / });
    await expect
      .poll(async () => {
        if (!(await dialog.isVisible())) {
          await page.getByRole("button", { name: "Get it by email" }).click();
        }
        return dialog.isVisible();
      })
      .toBe(true);
    return dialog;
  }

  it("subscribes from the modal, shows the message, then closes", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(app.baseUrl);
    const dialog = await openModal(page);
    await dialog.getByLabel("Email address").fill("nope");
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await dialog.getByRole("status").getByText("Please enter a valid email address.").waitFor();
    await dialog.getByLabel("Email address").fill("reader@example.test");
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await dialog.getByRole("status").getByText(MESSAGE).waitFor();
    await expect.poll(() => dialog.isVisible(), { timeout: 8000 }).toBe(false);
    expect(problems).toEqual([]);
  });

  it("subscribes from the article panel and shows notices for mailed links", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${app.baseUrl}/p/reading-smart-contract-risk`);
    const panel = page.getByRole("region", { name: /^Subscribe to / });
    await expect
      .poll(async () => {
        await panel.getByLabel("Email address").fill("panel@example.test");
        await panel.getByRole("button", { name: "Subscribe" }).click();
        return panel.getByRole("status").textContent();
      })
      .toBe(MESSAGE);
    await page.goto(`${app.baseUrl}/api/newsletter/confirm?token=bogus`);
    await page.waitForURL(/\/\?newsletter=invalid$/);
    await page.getByText("This newsletter link is invalid or has already been used.").waitFor();
    expect(problems).toEqual([]);
  });
});
