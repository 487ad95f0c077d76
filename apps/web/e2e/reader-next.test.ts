// What a reader does at an article's end, in headless Chromium at 390 and 1366 px
// (docs/product/reader.md#tag-pages, #read-next, #article-bar): a tag chip opens the tag's page,
// "Read next" offers three articles and opens one, "Copy link" puts the canonical address on the
// clipboard. Screenshots go to SCREENSHOT_DIR (the system's temporary folder by default).
import os from "node:os";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, type RunningApp, viewports, withAppAndBrowser } from "./harness.ts";

let app: RunningApp;
let browser: Browser;
// The site's public address, as an operator sets it: the canonical address is built from it.
const PUBLIC_URL = "http://localhost:3000";
withAppAndBrowser((started) => ({ app, browser } = started), { PUBLIC_URL });

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();
const SLUG = "bitcoin-fees-and-the-mempool";
const widths = {
  390: viewports.mobile,
  1366: { viewport: { width: 1366, height: 900 } },
} as const;

/** Opens the article at `width` and waits until every part of it has hydrated. */
async function openArticle(
  width: keyof typeof widths,
): Promise<{ page: Page; problems: string[] }> {
  const { page, problems } = await openPage(browser, widths[width]);
  await page.goto(`${app.baseUrl}/p/${SLUG}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return { page, problems };
}

describe.each([390, 1366] as const)("the end of an article at %i px", (width) => {
  it("opens a tag's page from the article's tag chip, listing the article", async () => {
    const { page, problems } = await openArticle(width);
    const tags = page.getByRole("list", { name: "Tags" });
    await tags.scrollIntoViewIfNeeded();
    await tags.getByRole("link", { name: "#mempool" }).click();
    await page.waitForURL(`${app.baseUrl}/tags/mempool`);
    await expect.poll(() => page.locator("h1").innerText()).toBe("#mempool");
    const cards = page.locator("main article");
    expect(await cards.locator(`a[href="/p/${SLUG}"]`).count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOTS}/tag-page-${width}.png`, fullPage: true });
    expect(problems).toEqual([]);
  });

  it("offers three articles to read next and opens the one clicked", async () => {
    const { page, problems } = await openArticle(width);
    const section = page.getByRole("region", { name: "Read next" });
    await section.scrollIntoViewIfNeeded();
    const related = section.locator("ul").first().locator("article");
    expect(await related.count()).toBe(3);
    expect(await related.locator(`a[href="/p/${SLUG}"]`).count()).toBe(0);
    await expect.poll(() => section.getByText(/^More from /).count()).toBe(1);
    await section.screenshot({ path: `${SCREENSHOTS}/read-next-${width}.png` });
    const link = related.first().locator("h3 a");
    const title = await link.innerText();
    await link.click();
    await page.waitForURL((url) => url.pathname !== `/p/${SLUG}`);
    await expect.poll(() => page.locator("h1").first().innerText()).toBe(title);
    expect(problems).toEqual([]);
  });

  it("copies the canonical address with Copy link and says so", async () => {
    const { page, problems } = await openArticle(width);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: app.baseUrl,
    });
    const copy = page.getByRole("button", { name: "Copy link" });
    // The bar wraps its share links under the counts when the width is short of room for both.
    await copy.scrollIntoViewIfNeeded();
    await copy.click();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Link copied" }).count())
      .toBe(1);
    await page.screenshot({ path: `${SCREENSHOTS}/copy-link-${width}.png` });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${PUBLIC_URL}/p/${SLUG}`);
    expect(problems).toEqual([]);
  });
});
