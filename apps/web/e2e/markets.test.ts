// The Market Data journey in headless Chromium at 1366 and 390 px (docs/product/markets.md#market-data-pages,
// #coin-page; docs/product/reader.md#article-coins): the market table sorted and filtered, a coin's
// page with its chart, a research article about the coin with its coins listed and its first
// mention linking back, and Max opened with the question about it ready to send. Screenshots of
// each step go to SCREENSHOT_DIR (the system's temporary folder by default) to be looked at.
import os from "node:os";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, type RunningApp, viewports, withAppAndBrowser } from "./harness.ts";

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();

const widths: Array<[string, BrowserContextOptions]> = [
  ["1366", { viewport: { width: 1366, height: 900 } }],
  ["390", viewports.mobile],
];

/** A screenshot of the page from the top, `markets-{step}-{width}.png`. */
async function shoot(page: Page, step: string, width: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/markets-${step}-${width}.png`, fullPage: true });
}

/** Waits until every part of the page has hydrated (`<html data-hydrated>`). */
const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

describe("Market Data", () => {
  let app: RunningApp;
  let browser: Browser;
  withAppAndBrowser((started) => ({ app, browser } = started));

  it.each(widths)(
    "at %s px: table → coin page → research article → its coin link → Ask Max",
    async (width, options) => {
      const { page, problems } = await openPage(browser, options);
      await page.goto(`${app.baseUrl}/markets`);
      await hydrated(page);
      const table = page.getByRole("table", { name: /All coins/ });
      expect(await table.getByRole("row").nth(1).innerText()).toContain("Bitcoin");
      // A move shows its direction by an arrow besides its colour and sign (drawn by app.css).
      const move = table.locator(".change-down").first();
      expect(await move.evaluate((e) => getComputedStyle(e, "::before").content)).toMatch(/^"▼"/);
      expect(await move.innerText()).toMatch(/^-\d/);

      // Sorting is a link: the price heading sorts largest first and says so.
      await page.getByRole("link", { name: "Price", exact: true }).click();
      await page.waitForURL(/sort=price&order=desc/);
      const price = page.getByRole("columnheader", { name: "Price", exact: true });
      await expect.poll(() => price.getAttribute("aria-sort")).toBe("descending");

      // The filter finds Solana by its ticker.
      await page.getByRole("searchbox", { name: "Filter coins by name or ticker" }).fill("sol");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/sort=price&order=desc&q=sol/);
      await shoot(page, "table", width);
      await page
        .getByRole("link", { name: /^Solana\b/ })
        .first()
        .click();

      await page.waitForURL(`${app.baseUrl}/markets/solana`);
      await hydrated(page);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).innerText())
        .toMatch(/^Solana/);
      await page.getByRole("img", { name: /Candlestick chart/ }).waitFor();
      expect(await page.getByText(/price history in the data ends/).innerText()).toContain("2025");
      await shoot(page, "coin", width);

      const research = page.getByRole("region", { name: "Our research on Solana" });
      const first = research.getByRole("link").first();
      const title = await first.innerText();
      await first.click();
      await page.waitForURL(/\/p\//);
      const heading = page.getByRole("heading", { level: 1 });
      await expect.poll(() => heading.innerText()).toBe(title);
      // The article itself: read next's cards after the text are articles too.
      expect(await page.locator("article", { has: heading }).innerText()).toMatch(/Solana/);
      await hydrated(page);
      await shoot(page, "article", width);

      // The article ends with the coins it names, dated and sourced, each linking to its page.
      const coins = page.getByRole("region", { name: "Coins in this article" });
      await coins.getByRole("link", { name: "Solana", exact: true }).waitFor();
      expect(await coins.innerText()).toMatch(/As of .+ · Data provided by CoinGecko/);
      // In the text, Solana's first mention (only that one) leads back to its page.
      const body = page.locator('[data-document-html="article-body"]');
      const mention = body.locator('a[href="/markets/solana"]');
      expect(await mention.count()).toBe(1);
      await mention.click();
      await page.waitForURL(`${app.baseUrl}/markets/solana`);
      await hydrated(page);

      await page.getByRole("link", { name: "Ask Max about Solana" }).click();
      await page.waitForURL(/\/assistant\?ask=/);
      const input = page.getByRole("textbox", { name: "Send a message" });
      await expect
        .poll(() => input.inputValue())
        .toBe("Give me the key market stats for Solana and what our research says about Solana");
      await shoot(page, "assistant", width);
      expect(problems).toEqual([]);
    },
  );
});
