// In headless Chromium (docs/product/accounts.md#account): a photo chosen on /account opens the
// square crop (react-easy-crop, a chunk loaded on the pick); Save photo stores the square and the
// page shows it; Cancel stores nothing. The picked photo (an object URL, blob:) loads under the
// pages' Content Security Policy (docs/decisions/003-csp-nonces.md). Screenshots of the dialog at
// 390 and 1366 px in SCREENSHOT_DIR (the system's temporary folder by default).
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  openPage,
  pngFile,
  type RunningApp,
  signIn,
  signUp,
  viewports,
  withAppAndBrowser,
} from "./harness.ts";

let app: RunningApp;
let browser: Browser;
withAppAndBrowser((started) => ({ app, browser } = started));

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();

/** The natural width and height of an image element, once it has loaded. */
async function naturalSize(page: Page, name: string): Promise<[number, number]> {
  const img = page.getByRole("img", { name, exact: true });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight]);
}

/** Signs a new member in at `options`' viewport, opens the edit mode and picks a 900 x 600 PNG. */
async function pickPhoto(options: Parameters<typeof openPage>[1], name: string) {
  const member = await signUp(app.baseUrl, name);
  const opened = await openPage(browser, options);
  const { page } = opened;
  await signIn(page, app.baseUrl, member.jwt);
  await page.goto(`${app.baseUrl}/account`);
  await page.getByRole("button", { name: "Edit account" }).click();
  await page.getByLabel("Choose a photo").setInputFiles(await pngFile("wide.png", 900, 600));
  const dialog = page.getByRole("dialog", { name: "Crop your photo" });
  await dialog.waitFor();
  const photo = dialog.getByRole("img", { name: "Your new photo" });
  expect(await photo.getAttribute("src")).toMatch(/^blob:/);
  expect(await naturalSize(page, "Your new photo")).toEqual([900, 600]);
  return { ...opened, dialog };
}

describe("the profile photo's square crop", () => {
  it("crops a wide photo to a square, saves it, and shows it on the page", async () => {
    const { page, dialog, problems, cspViolations } = await pickPhoto(
      { viewport: { width: 1366, height: 900 } },
      "Photo Crop",
    );
    await dialog.getByLabel("Zoom").fill("1.5");
    await dialog.getByRole("button", { name: "Save photo" }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, "account-photo-crop-1366.png") });

    await dialog.getByRole("button", { name: "Save photo" }).click();
    await page.getByText("Photo updated.").waitFor();
    expect(await dialog.isVisible()).toBe(false);
    // The served image is the square kept: at zoom 1.5, 600 / 1.5 = 400 px of the 600 px height.
    const [width, height] = await naturalSize(page, "Your photo");
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(399);
    expect(width).toBeLessThanOrEqual(401);
    const src = await page
      .getByRole("img", { name: "Your photo", exact: true })
      .getAttribute("src");
    expect(src).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    await page.screenshot({ path: path.join(SCREENSHOTS, "account-photo-saved-1366.png") });

    expect(cspViolations).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("leaves the photo as it was on Cancel (390 px)", async () => {
    const { page, dialog, problems, cspViolations } = await pickPhoto(
      viewports.mobile,
      "Photo Cancel",
    );
    await page.screenshot({ path: path.join(SCREENSHOTS, "account-photo-crop-390.png") });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.getByRole("img", { name: "Your photo", exact: true }).count()).toBe(0);
    expect(await page.getByText("Photo updated.").count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, "account-photo-picker-390.png") });

    expect(cspViolations).toEqual([]);
    expect(problems).toEqual([]);
  });
});
