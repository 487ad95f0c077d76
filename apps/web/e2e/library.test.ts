// Reader journeys through the research library in headless Chromium (docs/architecture.md#data).
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  holdRequests,
  openPage,
  type RunningApp,
  viewports,
  withAppAndBrowser,
} from "./harness.ts";

let app: RunningApp;
let browser: Browser;
// The site's public address, as an operator sets it: canonical links are built from it.
const PUBLIC_URL = "http://localhost:3000";
withAppAndBrowser((started) => ({ app, browser } = started), { PUBLIC_URL });
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();

/**
 * Opens `pagePath` with the search box's code (its chunk, fetched once the page hydrates) held
 * until the returned call, and resolves once the page has asked for it: the page has hydrated but
 * for the box, which is still the server's plain form (docs/product/reader.md#listing-search).
 */
async function openWithBoxCodeHeld(page: Page, pagePath: string): Promise<() => void> {
  const chunk = /\/assets\/search-combobox-[\w-]+\.js$/;
  const release = await holdRequests(page, chunk);
  const asked = page.waitForRequest(chunk);
  await page.goto(`${app.baseUrl}${pagePath}`);
  await asked;
  return release;
}

describe("the research library", () => {
  it("lists research on the home page and loads page 2 on scroll", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${app.baseUrl}/`);
    await expect
      .poll(() => page.getByPlaceholder(/Search our database of \d+ articles/).count())
      .toBe(1);
    const cards = page.locator("main article");
    expect(await cards.count()).toBe(10);
    const page2 = page.waitForResponse(
      (r) => r.url().includes("/api/articles/params") && r.url().includes("page=2"),
    );
    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 20_000);
    expect((await page2).status()).toBe(200);
    await expect.poll(() => cards.count()).toBeGreaterThan(10);
    // Every card is a Research card (the label rule of docs/product/reader.md#article-card on the
    // research list).
    const labels = await page.locator("main article").allInnerTexts();
    expect(labels.every((t) => /research/i.test(t))).toBe(true);
    expect(problems).toEqual([]);
  });

  it("finds an article through a misspelt search and opens it from the suggestions", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${app.baseUrl}/`);
    const box = page.getByPlaceholder(/Search our database of \d+ articles/);
    await box.click();
    await box.pressSequentially("etherum stakng", { delay: 20 });
    const option = page.getByRole("option").first();
    await option.waitFor();
    expect((await option.innerText()).toLowerCase()).toContain("staking");
    const optionText = await option.innerText();
    await option.click();
    await page.waitForURL(/\/p\//);
    const h1 = page.locator("h1", { hasText: /staking/i });
    await h1.waitFor();
    const heading = await h1.innerText();
    expect(optionText).toContain(heading.slice(0, 30));
    expect(problems).toEqual([]);
  });

  it("shows search results for a query submitted with Enter", async () => {
    const { page } = await openPage(browser);
    await page.goto(`${app.baseUrl}/`);
    const box = page.getByPlaceholder(/Search our database of \d+ articles/);
    await box.fill("rollups");
    await box.press("Enter");
    await page.waitForURL(/q=rollups/);
    await page.getByRole("heading", { name: /^\d+\+? results? for “rollups”$/ }).waitFor();
    expect(await page.locator("main article").count()).toBeGreaterThan(0);
    await page.goto(`${app.baseUrl}/?q=zzqxv`);
    expect(await page.getByText("No articles found matching the search criteria").count()).toBe(1);
  });

  it("finds a newsletter from the home page's search, counted and labelled", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${app.baseUrl}/?q=mailbag`);
    await page.getByRole("heading", { name: "1 result for “mailbag”" }).waitFor();
    const cards = page.locator("main article");
    expect(await cards.count()).toBe(1);
    expect(await cards.first().innerText()).toMatch(/^market report\s+weekly newsletter #217/i);
    // The suggestions search the whole publication too. Before the page hydrates no script sees
    // the box: a click there does not empty the URL's query (after it, the box takes over a
    // click made before its own code came: the tests below).
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const box = page.getByPlaceholder(/Search our database of \d+ articles/);
    await box.click();
    await box.pressSequentially("mailbag", { delay: 20 });
    const option = page.getByRole("option").first();
    await option.waitFor();
    expect(await option.innerText()).toMatch(/Weekly Newsletter #217[\s\S]*Market Report/);
    expect(problems).toEqual([]);
  });

  it("suggests at once for text typed before the search box's code came, at 390 and 1280 px", async () => {
    const sizes = [
      ["390", viewports.mobile],
      ["1280", { viewport: { width: 1280, height: 800 } }],
    ] as const;
    for (const [width, options] of sizes) {
      const { page, problems } = await openPage(browser, options);
      const release = await openWithBoxCodeHeld(page, "/");
      const box = page.getByPlaceholder(/Search our database of \d+ articles/);
      await box.click();
      await box.pressSequentially("mailbag", { delay: 20 });
      release();
      // No further key: the box, once its code has come, asks for the typed text's suggestions.
      const suggestions = page.getByRole("listbox", { name: "Suggested articles" });
      const option = suggestions.getByRole("option").first();
      await option.waitFor();
      expect(await option.innerText()).toMatch(/Weekly Newsletter #217/);
      expect(await box.inputValue()).toBe("mailbag");
      await page.screenshot({ path: path.join(SCREENSHOTS, `search-typed-early-${width}.png`) });
      // The focus and the caret stayed where the reader left them: the next key goes at the end.
      await page.keyboard.type(" 217");
      await expect.poll(() => box.inputValue()).toBe("mailbag 217");
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it("empties the URL's query for a click into the box made before its code came", async () => {
    const { page, problems } = await openPage(browser);
    const release = await openWithBoxCodeHeld(page, "/?q=mailbag");
    const box = page.getByPlaceholder(/Search our database of \d+ articles/);
    await box.click();
    // The server's plain form does not empty it; the box does once its code has come.
    expect(await box.inputValue()).toBe("mailbag");
    release();
    await expect.poll(() => box.inputValue()).toBe("");
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
  });

  it("renders an article's Markdown and shows a raw <script> as text without running it", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${app.baseUrl}/p/reading-smart-contract-risk`);
    expect(await page.locator("h1").innerText()).toBe("Reading smart contract risk");
    expect(await page.locator("main h2").count()).toBeGreaterThan(1);
    expect(await page.locator("main li").count()).toBeGreaterThan(0);
    expect(await page.locator("main strong").count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByText('<script>alert("xss")</script>').count())
      .toBeGreaterThan(0);
    expect(await page.locator("main script").count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("works through the slide-out menu at 390 px", async () => {
    const { page, problems } = await openPage(browser, viewports.mobile);
    await page.goto(`${app.baseUrl}/`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await menu.waitFor();
    for (const item of [
      "Research",
      "Categories",
      "Ecosystems",
      "Market Data",
      "AI Research Assistant",
      "About Us",
      "Partner with us",
      "Subscribe",
      "Login",
    ]) {
      expect(await menu.getByRole("link", { name: new RegExp(`^${item}`) }).count(), item).toBe(1);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Market Data" }).click();
    await page.waitForURL(/\/markets$/);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.getByRole("table").locator("tbody tr").first().waitFor();
    expect(problems).toEqual([]);
  });

  it("answers an unknown slug with a 404 page", async () => {
    const { page } = await openPage(browser);
    const res = await page.goto(`${app.baseUrl}/p/no-such-article-here`);
    expect(res?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Page not found" }).count()).toBe(1);
    // The screen's code arrives on demand; once it has, its search works in place.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("searchbox", { name: "Search articles" }).fill("staking");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/p\/no-such-article-here\?q=staking$/);
    await page.getByRole("heading", { name: /^\d+\+? results? for “staking”$/ }).waitFor();
    expect(await page.locator('main a[href^="/p/"]').count()).toBeGreaterThan(0);
  });
});

describe("server-rendered HTML (no JavaScript)", () => {
  it("contains the article text, title, description and canonical link", async () => {
    const html = await (
      await fetch(`${app.baseUrl}/p/ethereum-staking-withdrawals-explained`)
    ).text();
    expect(html).toMatch(/<title>[^<]*staking[^<]*<\/title>/i);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/p/ethereum-staking-withdrawals-explained"`,
    );
    expect(html).toMatch(/withdrawal/i);
    const home = await (await fetch(`${app.baseUrl}/`)).text();
    expect(home).toMatch(/Search our database of \d+ articles/);
  });
});
