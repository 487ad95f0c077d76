// The parts of public pages React does not hydrate (docs/decisions/026-static-parts-not-hydrated.md),
// in headless Chromium: once the page has hydrated they are the server's markup unchanged, with no
// React fiber on anything inside, and their links still navigate in the app, without reloading
// the page (the market table's coin, sort and page links, a link in an article's text, a card).
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, type RunningApp, viewports, withAppAndBrowser } from "./harness.ts";

/** React has taken the page over, lazily loaded parts included (root.tsx marks the document). */
const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

/** What the server sent: each static part's and the article text's inner HTML, by its mark. */
async function servedParts(page: Page, url: string): Promise<Record<string, string>> {
  return page.evaluate(async (address) => {
    const html = await (await fetch(address)).text();
    const served = new DOMParser().parseFromString(html, "text/html");
    const parts = served.querySelectorAll("[data-static-part], [data-document-html]");
    return Object.fromEntries(
      [...parts].map((e) => [
        e.getAttribute("data-static-part") ?? e.getAttribute("data-document-html"),
        e.innerHTML,
      ]),
    );
  }, url);
}

/**
 * The same parts in the live page, and how many elements inside them carry a React fiber or props
 * (React's `__reactFiber$…` and `__reactProps$…` keys): none when React did not walk them.
 */
function liveParts(page: Page): Promise<{ parts: Record<string, string>; walked: number }> {
  return page.evaluate(() => {
    const parts = document.querySelectorAll("[data-static-part], [data-document-html]");
    let walked = 0;
    for (const part of parts) {
      for (const e of part.querySelectorAll("*")) {
        if (Object.keys(e).some((k) => /^__react(Fiber|Props)\$/.test(k))) walked += 1;
      }
    }
    return {
      parts: Object.fromEntries(
        [...parts].map((e) => [
          e.getAttribute("data-static-part") ?? e.getAttribute("data-document-html"),
          e.innerHTML,
        ]),
      ),
      walked,
    };
  });
}

/** Marks the page's window: the mark survives a client-side navigation, not a reload. */
const markWindow = (page: Page) =>
  page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
const stayed = (page: Page) =>
  page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

describe("Static parts", () => {
  let app: RunningApp;
  let browser: Browser;
  withAppAndBrowser((started) => ({ app, browser } = started));

  /** A research article whose text links a coin's page (its first mention of the coin). */
  async function articleLinkingACoin(page: Page): Promise<string> {
    await page.goto(`${app.baseUrl}/markets/bitcoin`);
    const research = page.getByRole("region", { name: "Our research on Bitcoin" });
    const href = await research.getByRole("link").first().getAttribute("href");
    if (!href) throw new Error("no research article on Bitcoin");
    return href;
  }

  it("keeps each static part as the server sent it, with nothing inside walked by React", async () => {
    const { page, problems } = await openPage(browser, viewports.mobile);
    const article = await articleLinkingACoin(page);
    const paths = [
      "/",
      "/markets",
      "/markets?sort=price&order=desc&page=2",
      "/markets/bitcoin",
      article,
    ];
    for (const path of paths) {
      await page.goto(app.baseUrl + path);
      await hydrated(page);
      const served = await servedParts(page, app.baseUrl + path);
      const live = await liveParts(page);
      // Every page has the footer's links; the listing its cards, /markets its table, a coin its
      // figures and articles, the article its header, text and coins.
      expect(Object.keys(served).length, path).toBeGreaterThan(1);
      expect(live.parts, path).toEqual(served);
      expect(live.walked, path).toBe(0);
    }
    expect(problems).toEqual([]);
  });

  it("follows the market table's sort, page and coin links without reloading the page", async () => {
    const { page, problems } = await openPage(browser, viewports.mobile);
    await page.goto(`${app.baseUrl}/markets`);
    await hydrated(page);
    await markWindow(page);

    await page.getByRole("link", { name: "Price", exact: true }).click();
    await page.waitForURL(/\/markets\?sort=price&order=desc$/);
    const price = page.getByRole("columnheader", { name: "Price", exact: true });
    await expect.poll(() => price.getAttribute("aria-sort")).toBe("descending");

    // The new page of the table rendered in the browser: its links are React Router's own.
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/\/markets\?sort=price&order=desc&page=2$/);
    await expect.poll(() => page.getByText(/^Page 2 of \d+$/).count()).toBe(1);
    expect(await stayed(page)).toBe(true);

    // The same links as the server rendered them, hydrated as a static part.
    await page.reload();
    await hydrated(page);
    await markWindow(page);
    await page.getByRole("link", { name: "Previous" }).click();
    await page.waitForURL(/\/markets\?sort=price&order=desc$/);
    await expect.poll(() => page.getByText(/^Page 1 of \d+$/).count()).toBe(1);
    expect(await stayed(page)).toBe(true);

    await page.reload();
    await hydrated(page);
    await markWindow(page);
    await page.locator('table a[href="/markets/bitcoin"]').click();
    await page.waitForURL(`${app.baseUrl}/markets/bitcoin`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).innerText())
      .toMatch(/^Bitcoin/);
    expect(await stayed(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it("follows a link in an article's text and a listing's card without reloading", async () => {
    const { page, problems } = await openPage(browser, viewports.mobile);
    const article = await articleLinkingACoin(page);
    await page.goto(app.baseUrl + article);
    await hydrated(page);
    await markWindow(page);
    await page.locator('[data-document-html="article-body"] a[href="/markets/bitcoin"]').click();
    await page.waitForURL(`${app.baseUrl}/markets/bitcoin`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).innerText())
      .toMatch(/^Bitcoin/);
    expect(await stayed(page)).toBe(true);

    await page.goto(`${app.baseUrl}/`);
    await hydrated(page);
    await markWindow(page);
    const card = page.locator("main article h3 a").first();
    const title = await card.innerText();
    await card.click();
    await page.waitForURL(/\/p\//);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
    expect(await stayed(page)).toBe(true);
    expect(problems).toEqual([]);
  });
});
