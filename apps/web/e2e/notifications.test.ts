// The notifications journey in headless Chromium (docs/product/reader.md#notifications): reader
// A comments, reader B replies, A sees the bell's count, opens the notification and lands on the
// highlighted reply; at 390 and 1366 px nothing in the header overlaps and nothing scrolls sideways
// (screenshots in SCREENSHOT_DIR, the system's temporary folder by default).
import os from "node:os";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Member, RunningApp } from "./harness.ts";
import { openPage, pageSettled, signIn, signUpVerified, viewports } from "./harness.ts";
import { withAppAndBrowser } from "./harness.ts";

const ARTICLE = "reading-smart-contract-risk";
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();
const wide = { viewport: { width: 1366, height: 900 } };

/** Replies to comment `parentId` as `member` through the API. @returns the reply's id. */
async function replyTo(baseUrl: string, member: Member, parentId: number, content: string) {
  const res = await fetch(`${baseUrl}/api/comment-manager/subcomments/${parentId}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${member.jwt}` },
    body: JSON.stringify({ content }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The member's unread lines as GET /api/viewer counts them. */
async function unreadOf(baseUrl: string, member: Member): Promise<number> {
  const res = await fetch(`${baseUrl}/api/viewer`, {
    headers: { authorization: `Bearer ${member.jwt}` },
  });
  return ((await res.json()) as { data: { unreadNotifications: number } }).data.unreadNotifications;
}

const bell = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Notifications/ });

/** Fails when two of the header's visible controls overlap, or the page scrolls sideways. */
async function expectNothingOverlaps(page: Page) {
  const overlaps = await page.evaluate(() => {
    const boxes = [...document.querySelectorAll("header a, header button")]
      .map((e) => ({
        name: e.getAttribute("aria-label") ?? e.textContent,
        r: e.getBoundingClientRect(),
      }))
      .filter(({ r }) => r.width > 0 && r.height > 0);
    const found: string[] = [];
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart =
          a.r.right <= b.r.left ||
          b.r.right <= a.r.left ||
          a.r.bottom <= b.r.top ||
          b.r.bottom <= a.r.top;
        if (!apart) found.push(`${a.name} / ${b.name}`);
      }
    }
    return { found, sideways: document.documentElement.scrollWidth > window.innerWidth };
  });
  expect(overlaps).toEqual({ found: [], sideways: false });
}

/** The comment at `#comment-{id}`: highlighted and on screen. */
async function expectHighlighted(page: Page, id: number) {
  const target = page.locator(`#comment-${id}`);
  await expect.poll(() => target.getAttribute("data-highlighted")).toBe("true");
  const box = await target.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box && box.y >= 0 && box.y < height).toBe(true);
}

describe("notifications", () => {
  let app: RunningApp;
  let browser: Browser;
  withAppAndBrowser((started) => ({ app, browser } = started));

  it("tells a reader of a reply: the bell's count, the list, the highlighted reply", async () => {
    const ana = await signUpVerified(app, "Ana Asker");
    const bo = await signUpVerified(app, "Bo Answerer");
    const { page, problems } = await openPage(browser, wide);
    await signIn(page, app.baseUrl, ana.jwt);
    await page.goto(`${app.baseUrl}/p/${ARTICLE}`);
    const section = page.locator("#comments");
    await section.locator("[data-hydrated]").waitFor();
    await bell(page).waitFor();
    expect(await bell(page).getAttribute("aria-label")).toBe("Notifications");

    // Ana asks; Bo answers.
    await section.locator("form textarea").first().fill("Who holds the upgrade keys here?");
    await section.getByRole("button", { name: "Send" }).click();
    const asked = section.getByRole("article").filter({ hasText: "Who holds the upgrade keys" });
    await asked.waitFor();
    const askedId = Number((await asked.getAttribute("id"))?.replace("comment-", ""));
    const answer = await replyTo(app.baseUrl, bo, askedId, "A 3-of-5 multisig, see the docs.");

    // Ana's next page shows the count; the bell leads to the list.
    await page.reload();
    await expect.poll(() => bell(page).getAttribute("aria-label")).toBe("Notifications, 1 unread");
    await expectNothingOverlaps(page);
    await page
      .getByRole("banner")
      .screenshot({ path: `${SCREENSHOTS}/notifications-bell-1366.png` });
    await bell(page).click();
    await page.waitForURL(`${app.baseUrl}/account/notifications`);
    const list = page.getByRole("list", { name: "Notifications" });
    const line = list.getByRole("link").filter({ hasText: "Bo Answerer replied to your comment" });
    await line.waitFor();
    expect(await line.textContent()).toContain("A 3-of-5 multisig, see the docs.");
    expect(await line.getAttribute("href")).toBe(`/p/${ARTICLE}#comment-${answer}`);
    await expectNothingOverlaps(page);
    await page.screenshot({ path: `${SCREENSHOTS}/notifications-list-1366.png` });

    // Opening it marks it read and lands on the highlighted reply.
    await line.click();
    await page.waitForURL(`${app.baseUrl}/p/${ARTICLE}#comment-${answer}`);
    await expectHighlighted(page, answer);
    await page.screenshot({ path: `${SCREENSHOTS}/notifications-reply-1366.png` });
    await expect.poll(() => unreadOf(app.baseUrl, ana)).toBe(0);
    // The article's viewer read waited for the mark-read: the bell holds no old count.
    await pageSettled(page);
    expect(await bell(page).getAttribute("aria-label")).toBe("Notifications");
    expect(await unreadOf(app.baseUrl, bo)).toBe(0);
    expect(problems).toEqual([]);

    // On a phone: a second answer, the bell, the list and the reply opened from a fresh load.
    const phone = await openPage(browser, viewports.mobile);
    await signIn(phone.page, app.baseUrl, ana.jwt);
    const again = await replyTo(app.baseUrl, bo, askedId, "Also: a 48-hour timelock.");
    await phone.page.goto(`${app.baseUrl}/`);
    await expect
      .poll(() => bell(phone.page).getAttribute("aria-label"))
      .toBe("Notifications, 1 unread");
    await expectNothingOverlaps(phone.page);
    await phone.page
      .getByRole("banner")
      .screenshot({ path: `${SCREENSHOTS}/notifications-bell-390.png` });
    await bell(phone.page).click();
    const phoneLine = phone.page
      .getByRole("list", { name: "Notifications" })
      .getByRole("link")
      .filter({ hasText: "Bo Answerer replied to your comment" });
    await phoneLine.waitFor();
    expect(await phoneLine.textContent()).toContain("Unread");
    await expectNothingOverlaps(phone.page);
    await phone.page.screenshot({ path: `${SCREENSHOTS}/notifications-list-390.png` });
    // A direct visit to the comment's address marks its notification read, as opening it does.
    await phone.page.goto(`${app.baseUrl}/p/${ARTICLE}#comment-${again}`);
    await expectHighlighted(phone.page, again);
    await expect.poll(() => unreadOf(app.baseUrl, ana)).toBe(0);
    await expect.poll(() => bell(phone.page).getAttribute("aria-label")).toBe("Notifications");
    await pageSettled(phone.page);
    await phone.page.screenshot({ path: `${SCREENSHOTS}/notifications-reply-390.png` });
    expect(phone.problems).toEqual([]);
  });
});
