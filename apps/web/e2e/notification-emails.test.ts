// The notification email journey in headless Chromium (docs/product/accounts.md#notification-emails):
// a reader chooses on /account, by mouse and by keyboard, what they are emailed about, and the
// choice holds after a reload; a reply is mailed to them, and the mail's stop link asks on a page
// before it turns replies off. At 390 and 1280 px nothing scrolls sideways (screenshots in
// SCREENSHOT_DIR, the system's temporary folder by default).
import os from "node:os";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Member, RunningApp } from "./harness.ts";
import { openPage, outboxMailTo, signIn, signUpVerified, viewports } from "./harness.ts";
import { withAppAndBrowser } from "./harness.ts";

const ARTICLE = "reading-smart-contract-risk";
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();
const laptop = { viewport: { width: 1280, height: 900 } };

/** The member's choices as GET /api/notifications/emails answers them. */
async function choicesOf(baseUrl: string, member: Member) {
  const res = await fetch(`${baseUrl}/api/notifications/emails`, {
    headers: { authorization: `Bearer ${member.jwt}` },
  });
  return ((await res.json()) as { data: Record<string, string> }).data;
}

/** Posts `content` as `member` under the article, or under comment `parentId`. @returns its id. */
async function comment(baseUrl: string, member: Member, content: string, parentId?: number) {
  const url = parentId
    ? `${baseUrl}/api/comment-manager/subcomments/${parentId}`
    : `${baseUrl}/api/comment-manager/comments/${ARTICLE}`;
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${member.jwt}` },
    body: JSON.stringify({ content }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The group of radio buttons of one kind on /account. */
const group = (page: Page, name: string) =>
  page.getByRole("radiogroup", { name: new RegExp(`^${name}`) });

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe("notification emails", () => {
  let app: RunningApp;
  let browser: Browser;
  // At once means at once here: the worker's first round, then every 30 s.
  withAppAndBrowser((started) => ({ app, browser } = started), {
    NOTIFICATION_EMAIL_DELAY_SECONDS: "0",
  });

  it("chooses what to be emailed about on /account, at 1280 and 390 px", async () => {
    const ana = await signUpVerified(app, "Ana Chooser");
    const { page, problems } = await openPage(browser, laptop);
    await signIn(page, app.baseUrl, ana.jwt);
    await page.goto(`${app.baseUrl}/account`);
    const section = page.getByRole("region", { name: "Email me about" });
    const replies = group(page, "Replies to my comments");
    await expect.poll(() => replies.getByRole("radio", { name: "At once" }).isChecked()).toBe(true);
    expect(
      await group(page, "Mentions of me").getByRole("radio", { name: "At once" }).isChecked(),
    ).toBe(true);
    expect(
      await group(page, "Comments on my articles").getByRole("radio", { name: "Off" }).isChecked(),
    ).toBe(true);
    await section.screenshot({ path: `${SCREENSHOTS}/notification-emails-1280.png` });

    // By mouse: replies in the daily digest.
    await replies.getByText("Daily digest").click();
    await section
      .getByRole("status")
      .filter({ hasText: "Saved: replies to my comments, daily digest." })
      .waitFor();
    // By keyboard: the arrow key moves mentions from At once to Daily digest.
    const mentionsAtOnce = group(page, "Mentions of me").getByRole("radio", { name: "At once" });
    await mentionsAtOnce.focus();
    await page.keyboard.press("ArrowRight");
    await section
      .getByRole("status")
      .filter({ hasText: "Saved: mentions of me, daily digest." })
      .waitFor();
    expect(await choicesOf(app.baseUrl, ana)).toEqual({
      reply: "daily",
      mention: "daily",
      article_comment: "off",
    });
    await page.reload();
    await expect
      .poll(() =>
        group(page, "Replies to my comments")
          .getByRole("radio", { name: "Daily digest" })
          .isChecked(),
      )
      .toBe(true);
    expect(await sideways(page)).toBe(false);
    await page.screenshot({
      path: `${SCREENSHOTS}/notification-emails-page-1280.png`,
      fullPage: true,
    });
    expect(problems).toEqual([]);

    const phone = await openPage(browser, viewports.mobile);
    await signIn(phone.page, app.baseUrl, ana.jwt);
    await phone.page.goto(`${app.baseUrl}/account`);
    const phoneSection = phone.page.getByRole("region", { name: "Email me about" });
    await expect
      .poll(() =>
        group(phone.page, "Comments on my articles")
          .getByRole("radio", { name: "Off" })
          .isChecked(),
      )
      .toBe(true);
    await group(phone.page, "Comments on my articles").getByText("At once").click();
    await phoneSection
      .getByRole("status")
      .filter({ hasText: "Saved: comments on my articles, at once." })
      .waitFor();
    expect(await sideways(phone.page)).toBe(false);
    await phoneSection.screenshot({ path: `${SCREENSHOTS}/notification-emails-390.png` });
    expect(phone.problems).toEqual([]);
  });

  it("mails a reply, and the mail's stop link asks before it turns replies off", async () => {
    const [ana, bo] = [
      await signUpVerified(app, "Ana Mailed"),
      await signUpVerified(app, "Bo Mailing"),
    ];
    const asked = await comment(app.baseUrl, ana, "Who holds the upgrade keys?");
    const answer = await comment(app.baseUrl, bo, "A **3-of-5** multisig.", asked);
    // Written to the outbox (no SMTP_URL) by the worker's next round: within about 30 s.
    const newest = () => outboxMailTo(app, ana.email);
    await expect
      .poll(newest, { timeout: 40_000, interval: 500 })
      .toContain("replied to your comment");
    const mail = await newest();
    expect(mail).toContain(`${app.baseUrl}/p/${ARTICLE}#comment-${answer}`);
    const stop = /Stop emails about replies:\n(\S+)/.exec(mail)?.[1] as string;
    expect(stop).toContain("/api/notifications/unsubscribe?kinds=reply&token=");

    const { page, problems } = await openPage(browser, viewports.mobile);
    await page.goto(stop);
    await page.getByRole("heading", { name: "Stop notification emails" }).waitFor();
    expect(await page.getByText("no more emails about replies to your comments").count()).toBe(1);
    expect((await choicesOf(app.baseUrl, ana)).reply).toBe("instant");
    await page.screenshot({ path: `${SCREENSHOTS}/notification-emails-stop-390.png` });
    await page.getByRole("button", { name: "Stop these emails" }).click();
    await page.getByText("Done: no more emails about these.").waitFor();
    expect(await choicesOf(app.baseUrl, ana)).toEqual({
      reply: "off",
      mention: "instant",
      article_comment: "off",
    });
    expect(await sideways(page)).toBe(false);
    await page.screenshot({ path: `${SCREENSHOTS}/notification-emails-stopped-390.png` });
    expect(problems).toEqual([]);
  });
});
