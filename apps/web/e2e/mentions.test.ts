// The mention journey in headless Chromium (docs/product/reader.md#mentions), at 1440 and 390 px:
// reader A comments, reader B types @ and part of A's name, picks A from the list with the
// keyboard and posts; the comment shows the mention as a link; A sees the bell's count and the
// "mentioned you" line, opens it and lands on the highlighted comment (screenshots of the open
// list and the rendered mention in SCREENSHOT_DIR, the system's temporary folder by default).
import os from "node:os";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Member, RunningApp } from "./harness.ts";
import { openPage, signIn, signUpVerified, viewports, withAppAndBrowser } from "./harness.ts";

const ARTICLE = "reading-smart-contract-risk";
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();

/** Posts a comment under ARTICLE as `member` through the API. @returns its id. */
async function comment(baseUrl: string, member: Member, content: string) {
  const res = await fetch(`${baseUrl}/api/comment-manager/comments/${ARTICLE}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${member.jwt}` },
    body: JSON.stringify({ content }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const bell = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Notifications/ });

describe("mentions", () => {
  let app: RunningApp;
  let browser: Browser;
  withAppAndBrowser((started) => ({ app, browser } = started));

  const journey = async (width: string, options: BrowserContextOptions, names: string[]) => {
    const [aName, bName] = names as [string, string];
    const a = await signUpVerified(app, aName);
    const b = await signUpVerified(app, bName);
    const first = await comment(app.baseUrl, a, "The admin key is a single EOA.");

    const { page, problems } = await openPage(browser, options);
    await signIn(page, app.baseUrl, b.jwt);
    await page.goto(`${app.baseUrl}/p/${ARTICLE}`);
    const section = page.locator("#comments");
    await section.locator("[data-hydrated]").waitFor();
    // The box is a textbox, and a combobox while its list is open: found by its element.
    const box = section.locator("form textarea").first();
    await box.click();
    await box.pressSequentially(`Good point @${aName.slice(0, 4)}`);
    const list = section.getByRole("listbox");
    await list.getByRole("option", { name: aName }).waitFor();
    const combobox = section.getByRole("combobox", { name: "Write a comment" });
    expect(await combobox.getAttribute("aria-expanded")).toBe("true");
    expect(await combobox.getAttribute("aria-controls")).toBe(await list.getAttribute("id"));
    await section.screenshot({ path: `${SCREENSHOTS}/mentions-list-${width}.png` });
    await box.press("Enter");
    expect(await box.inputValue()).toBe(`Good point @${aName} `);
    expect(await list.isVisible()).toBe(false);
    await box.pressSequentially(`who holds it at ${width}?`);
    await section.getByRole("button", { name: "Send" }).click();
    const posted = section.getByRole("article").filter({ hasText: `who holds it at ${width}?` });
    const link = posted.locator("a.mention");
    await link.waitFor();
    expect(await link.textContent()).toBe(`@${aName}`);
    expect(await link.getAttribute("href")).toBe(`/p/${ARTICLE}#comment-${first}`);
    await posted.screenshot({ path: `${SCREENSHOTS}/mentions-rendered-${width}.png` });
    const mentionId = Number((await posted.getAttribute("id"))?.replace("comment-", ""));
    // The link leads to A's comment in this discussion, highlighted.
    await link.click();
    await expect
      .poll(() => page.locator(`#comment-${first}`).getAttribute("data-highlighted"))
      .toBe("true");
    expect(problems).toEqual([]);

    // A hears of it: the bell, the "mentioned you" line, the highlighted comment.
    const reader = await openPage(browser, options);
    await signIn(reader.page, app.baseUrl, a.jwt);
    await reader.page.goto(`${app.baseUrl}/`);
    await expect
      .poll(() => bell(reader.page).getAttribute("aria-label"))
      .toBe("Notifications, 1 unread");
    await bell(reader.page).click();
    const line = reader.page
      .getByRole("list", { name: "Notifications" })
      .getByRole("link")
      .filter({ hasText: `${bName} mentioned you` });
    await line.click();
    await reader.page.waitForURL(`${app.baseUrl}/p/${ARTICLE}#comment-${mentionId}`);
    const target = reader.page.locator(`#comment-${mentionId}`);
    await expect.poll(() => target.getAttribute("data-highlighted")).toBe("true");
    expect(reader.problems).toEqual([]);
  };

  it("suggests, puts in and links a mention, and notifies the member, at 1440 px", async () => {
    await journey("1440", viewports.desktop, ["Mira Quill", "Bo Writer"]);
  });

  it("suggests, puts in and links a mention, and notifies the member, at 390 px", async () => {
    await journey("390", viewports.mobile, ["Nell Quarry", "Cy Writer"]);
  });
});
