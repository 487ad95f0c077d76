// Imported articles read like their originals
// (docs/product/reader.md#imported-articles): two real ethereum.org pages imported into the running
// app with `npm run import`, read in headless Chromium at desktop width.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Locator } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openPage, type RunningApp, withAppAndBrowser } from "./harness.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** The shared ethereum.org pages (beside the repository; the tests are skipped without them). */
const ethereumOrg = path.join(repoRoot, "../shared/data/articles/ethereum-org");
const hasEthereumOrg = fs.existsSync(ethereumOrg);
const NEEDS = "(needs ../shared/data/articles)";
if (!hasEthereumOrg) console.warn(`skipped: imported ethereum.org articles ${NEEDS}, absent here`);

let app: RunningApp;
let browser: Browser;
withAppAndBrowser((started) => ({ app, browser } = started));

/** The computed font size of an element, in CSS pixels. */
const fontSize = (el: Locator) => el.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));

describe.skipIf(!hasEthereumOrg)(`imported ethereum.org articles ${NEEDS}`, () => {
  beforeAll(() => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-import-"));
    const pages = path.join(folder, "ethereum-org");
    fs.mkdirSync(pages);
    for (const file of ["security.md", "standards--tokens--erc-20.md"]) {
      fs.copyFileSync(path.join(ethereumOrg, file), path.join(pages, file));
    }
    execFileSync(process.execPath, ["apps/server/src/cli/import.ts", "--strict", folder], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: "", REDIS_URL: "" },
      stdio: "pipe",
    });
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("shows the title once, no JSX spacers, each missing image as a placeholder linking to its section, and headings a step above the text", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${app.baseUrl}/p/security`);
    const title = "Ethereum security and scam prevention";
    await expect.poll(() => page.getByRole("heading", { name: title }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: title }).evaluate((h) => h.tagName)).toBe("H1");

    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(/\{\s*["']\s*["']\s*\}/);
    expect(text).toMatch(
      /susceptible to\sSIM jacking\s+and .* use a service like\sGoogle Authenticator\sor Authy\./,
    );

    // The image the text calls "shown above" has a visible stand-in and a way to see it.
    const placeholder = page.getByText("Twitter link phishing", { exact: true });
    expect(await placeholder.isVisible()).toBe(true);
    expect(await page.getByText("Image not included").count()).toBe(6);
    expect(await page.locator("main img[src='']").count()).toBe(0);
    const view = page.getByRole("link", { name: "View the image on ethereum.org" }).first();
    expect(await view.getAttribute("href")).toBe("https://ethereum.org/en/security/#ad-phishing");

    const body = await fontSize(page.getByText("It is impossible to stop scammers completely"));
    const h3 = await fontSize(page.getByRole("heading", { name: "Twitter ad phishing" }));
    const h2 = await fontSize(page.getByRole("heading", { name: "Common scams" }));
    expect(h3).toBeGreaterThanOrEqual(body * 1.2);
    expect(h2).toBeGreaterThanOrEqual(h3 * 1.2);
    expect(problems).toEqual([]);
  });

  it("highlights code on the server and sends no highlighter to the browser", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${app.baseUrl}/p/standards-tokens-erc-20`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const code = page.locator("pre code.hljs.language-python");
    const keyword = code.locator(".hljs-keyword").first();
    expect(await keyword.textContent()).toBe("from");
    const colour = (el: Locator) => el.evaluate((e) => getComputedStyle(e).color);
    expect(await colour(keyword)).not.toBe(await colour(code));

    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .filter((url) => url.endsWith(".js")),
    );
    expect(scripts.length).toBeGreaterThan(5);
    for (const url of scripts) {
      const source = await (await fetch(url)).text();
      expect(source, url).not.toMatch(/hljs|registerLanguage/);
    }
    expect(problems).toEqual([]);
  });
});
