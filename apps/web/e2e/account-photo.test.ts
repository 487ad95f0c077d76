// In headless Chromium (docs/decisions/003-csp-nonces.md): the preview of a photo chosen on
// /account (an object URL, blob:) loads under the pages' Content Security Policy, which used to
// refuse it in img-src.
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  openPage,
  pngFile,
  type RunningApp,
  signIn,
  signUp,
  withAppAndBrowser,
} from "./harness.ts";

let app: RunningApp;
let browser: Browser;
withAppAndBrowser((started) => ({ app, browser } = started));

describe("the photo preview on the account page", () => {
  it("shows the chosen photo with no policy violation", async () => {
    const member = await signUp(app.baseUrl, "Photo Preview");
    const { page, problems, cspViolations } = await openPage(browser);
    await signIn(page, app.baseUrl, member.jwt);
    await page.goto(`${app.baseUrl}/account`);
    await page.getByRole("button", { name: "Edit account" }).click();

    await page.getByLabel("Choose a photo").setInputFiles(await pngFile("me.png", 48, 32));
    const preview = page.getByRole("img", { name: "Preview of the new photo" });
    await preview.waitFor();
    expect(await preview.getAttribute("src")).toMatch(/^blob:/);
    // Loaded or refused, the image is complete; only a loaded one has its pixels.
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);

    expect(cspViolations).toEqual([]);
    expect(problems).toEqual([]);
  });
});
