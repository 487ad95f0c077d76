// The theme switch in headless Chromium (docs/product/reader.md#theme): Dark picked in the header
// turns the page dark at once and stays so on the next load from its first paint, System follows
// the emulated `prefers-color-scheme`, and the mobile menu's switch shows and changes the same
// choice; with scripts off the page follows the system's setting (screenshots of the home and an
// article in dark at 390 and 1366 px in SCREENSHOT_DIR, the system's temporary folder by default).
import os from "node:os";
import type { Browser, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { firstSlug, openPage, type RunningApp, viewports, withAppAndBrowser } from "./harness.ts";

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();

let app: RunningApp;
let browser: Browser;
withAppAndBrowser((started) => ({ app, browser } = started));

/** The page's background colour as painted (the body's computed `background-color`). */
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_PAGE = "rgb(13, 17, 23)";
const LIGHT_PAGE = "rgb(247, 248, 250)";

/** Picks the choice `name` of the switch `group` as a reader does: a click on its label. */
async function pick(group: Locator, name: string): Promise<void> {
  await group
    .locator("label")
    .filter({ has: group.page().getByRole("radio", { name }) })
    .click();
}

/**
 * Records, on every page `page` loads from now on, the `data-theme` of `<html>` at the moment the
 * parser inserts `<body>`: before anything of the page can paint and before any module runs.
 */
async function recordThemeAtBody(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      (window as unknown as { themeAtBody?: string }).themeAtBody =
        document.documentElement.dataset.theme ?? "none";
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

describe("the theme switch", () => {
  it("turns the page dark at once, and it stays dark from the next page's first paint", async () => {
    const { page, problems } = await openPage(browser, {
      viewport: { width: 1366, height: 900 },
      colorScheme: "light",
    });
    await recordThemeAtBody(page);
    await page.goto(`${app.baseUrl}/`);
    const header = page.getByRole("banner").getByRole("group", { name: "Theme" });
    // The server's HTML checks no radio; the head script checks the choice once it is parsed.
    await expect.poll(() => header.getByRole("radio", { name: "System" }).isChecked()).toBe(true);
    expect(await background(page)).toBe(LIGHT_PAGE);

    await pick(header, "Dark");
    expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");
    expect(await background(page)).toBe(DARK_PAGE);

    await page.reload();
    expect(
      await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody),
    ).toBe("dark");
    expect(await background(page)).toBe(DARK_PAGE);
    await page.waitForSelector("html[data-hydrated]");
    expect(await header.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/theme-dark-home-1366.png` });
    await page.goto(`${app.baseUrl}/p/${await firstSlug(app)}`);
    expect(await background(page)).toBe(DARK_PAGE);
    await page.screenshot({ path: `${SCREENSHOTS}/theme-dark-article-1366.png` });
    expect(problems).toEqual([]);
  });

  it("follows the system's setting on System, as it changes", async () => {
    const { page } = await openPage(browser, { ...viewports.desktop, colorScheme: "dark" });
    await page.goto(`${app.baseUrl}/about`);
    expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");
    expect(await background(page)).toBe(DARK_PAGE);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => background(page)).toBe(LIGHT_PAGE);

    // Light chosen holds against a dark system; System again follows it.
    const header = page.getByRole("banner").getByRole("group", { name: "Theme" });
    await pick(header, "Light");
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await background(page)).toBe(LIGHT_PAGE);
    await pick(header, "System");
    expect(await background(page)).toBe(DARK_PAGE);
  });

  it("is in the mobile menu, showing and changing the same choice", async () => {
    const { page, problems } = await openPage(browser, {
      ...viewports.mobile,
      colorScheme: "light",
    });
    await page.goto(`${app.baseUrl}/`);
    await page.waitForSelector("html[data-hydrated]");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog").getByRole("group", { name: "Theme" });
    expect(await menu.getByRole("radio", { name: "System" }).isChecked()).toBe(true);
    await pick(menu, "Dark");
    expect(await background(page)).toBe(DARK_PAGE);
    // By the keyboard: the arrow keys move the choice, as in any radio group.
    await page.keyboard.press("ArrowRight");
    expect(await menu.getByRole("radio", { name: "System" }).isChecked()).toBe(true);
    await page.keyboard.press("ArrowLeft");
    expect(await menu.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Close menu" }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/theme-dark-home-390.png` });
    await page.goto(`${app.baseUrl}/p/${await firstSlug(app)}`);
    expect(await background(page)).toBe(DARK_PAGE);
    await page.screenshot({ path: `${SCREENSHOTS}/theme-dark-article-390.png` });
    expect(problems).toEqual([]);
  });

  it("follows the system's setting with scripts off, and hides the switch that could not work", async () => {
    const dark = await openPage(browser, {
      ...viewports.mobile,
      colorScheme: "dark",
      javaScriptEnabled: false,
    });
    const slug = await firstSlug(app);
    await dark.page.goto(`${app.baseUrl}/p/${slug}`);
    expect(await dark.page.locator("html").getAttribute("data-theme")).toBeNull();
    expect(await background(dark.page)).toBe(DARK_PAGE);
    // The text in the dark ink, not the light theme's.
    expect(
      await dark.page.evaluate(() => getComputedStyle(document.querySelector("h1")!).color),
    ).toBe("rgb(230, 233, 238)");
    expect(await dark.page.locator(".theme-switch").first().isVisible()).toBe(false);
    await dark.page.screenshot({ path: `${SCREENSHOTS}/theme-no-script-dark-390.png` });
    const light = await openPage(browser, { ...viewports.mobile, javaScriptEnabled: false });
    await light.page.goto(`${app.baseUrl}/p/${slug}`);
    expect(await background(light.page)).toBe(LIGHT_PAGE);
  });
});
