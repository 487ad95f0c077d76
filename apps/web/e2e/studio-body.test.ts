// Writing the body in headless Chromium (docs/product/studio.md#studio-toolbar, #studio-images): an
// editor formats with the toolbar and its shortcuts, pastes two images that upload into the text,
// drops a file that is not an image, publishes, and readers get the images sized, with their
// smaller copies and a caption. Screenshots at 1366 and 390 px.
import os from "node:os";
import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  grantRole,
  type Member,
  openPage,
  pngFile,
  type RunningApp,
  signIn,
  signUp,
  viewports,
  withAppAndBrowser,
} from "./harness.ts";
import { pasteImages } from "./studio-kit.ts";

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();
const MARKER = `quillon${Date.now().toString(36)}`;

describe("studio body", () => {
  let app: RunningApp;
  let browser: Browser;
  let editor: Member;

  withAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(async () => {
    editor = await signUp(app.baseUrl, "Ines Images");
    await grantRole(app, editor.email, "editor");
  });

  it("formats with the toolbar, takes pasted images into the text, and publishes them sized", async () => {
    const { page, problems } = await openPage(browser);
    await signIn(page, app.baseUrl, editor.jwt);
    await page.goto(`${app.baseUrl}/studio/articles/new`);
    await page.getByLabel("Title", { exact: true }).fill(`Fees in pictures ${MARKER}`);
    const box = page.getByRole("textbox", { name: "Body (Markdown)" });
    await box.fill("Fees fell sharply");
    // Ctrl+B over the selected word, then the toolbar's Heading on the line, undone by Ctrl+Z.
    await box.evaluate((b: HTMLTextAreaElement) => b.setSelectionRange(10, 17));
    await page.getByRole("button", { name: "Bold" }).waitFor();
    await box.press("Control+b");
    await expect.poll(() => box.inputValue()).toBe("Fees fell **sharply**");
    await box.evaluate((b: HTMLTextAreaElement) => b.setSelectionRange(0, 0));
    await page.getByRole("button", { name: "Heading" }).click();
    await expect.poll(() => box.inputValue()).toBe("## Fees fell **sharply**");
    await box.press("Control+z");
    await expect.poll(() => box.inputValue()).toBe("Fees fell **sharply**");

    await box.evaluate((b: HTMLTextAreaElement) =>
      b.setSelectionRange(b.value.length, b.value.length),
    );
    await pasteImages(page, [
      await pngFile("fee-chart.png", 2000, 1000),
      await pngFile("volume.png", 600, 400, "#b45309"),
    ]);
    await expect
      .poll(() => box.inputValue(), { timeout: 15_000 })
      .toMatch(
        /^Fees fell \*\*sharply\*\*\n\n!\[fee chart\]\(\/uploads\/articles\/images\/1600x800-[0-9a-f]{16}\.webp\)\n\n!\[volume\]\(\/uploads\/articles\/images\/600x400-[0-9a-f]{16}\.webp\)\n\n$/,
      );
    // A caption for the first, as the hint says: a title in quotes after its address.
    const withCaption = (await box.inputValue()).replace(".webp)", '.webp "Fees by month")');
    await box.fill(withCaption);
    const preview = page.getByRole("article", { name: "Preview" });
    await preview.getByText("Fees by month").waitFor();
    await page.getByText(/\d+ words · 1 min read/).waitFor();
    // Autosaved (a new article moves to its own address then).
    await page
      .locator("[data-save-status]")
      .getByText(/^Saved/)
      .waitFor();
    await page.waitForURL(/\/studio\/articles\/\d+$/);
    await box.waitFor();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 390 ? 900 : 844 });
      await box.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/studio-body-${width}.png` });
    }
    await page.setViewportSize(viewports.desktop.viewport);

    await page.getByRole("button", { name: "Publish now" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Publish now" }).click();
    await page.getByRole("link", { name: "View article" }).click();
    await page.waitForURL(/\/p\/fees-in-pictures-/);
    const figure = page.locator("article figure", { hasText: "Fees by month" });
    await figure.waitFor();
    const image = figure.locator("img");
    expect(await image.getAttribute("width")).toBe("1600");
    expect(await image.getAttribute("height")).toBe("800");
    expect(await image.getAttribute("loading")).toBe("lazy");
    expect(await image.getAttribute("srcset")).toMatch(
      /\.w480\.webp 480w, .+\.w800\.webp 800w, .+ 1600w$/,
    );
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true);
    const second = page.getByRole("img", { name: "volume" });
    expect(await second.getAttribute("width")).toBe("600");
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 390 ? 900 : 844 });
      await image.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/studio-body-published-${width}.png` });
    }
    expect(problems).toEqual([]);
  });
});
