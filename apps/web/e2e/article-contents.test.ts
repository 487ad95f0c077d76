// A long read's contents and reading-progress bar in headless Chromium
// (docs/product/reader.md#contents): a contents link scrolls to its heading, the bar grows as the
// page scrolls, a short article has neither (screenshots at 390 and 1366 px in SCREENSHOT_DIR, the
// system's temporary folder by default).
import os from "node:os";
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  api,
  grantRole,
  openPage,
  type RunningApp,
  signUp,
  viewports,
  withAppAndBrowser,
} from "./harness.ts";

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();

let app: RunningApp;
let browser: Browser;
withAppAndBrowser((started) => ({ app, browser } = started));

/** A paragraph of about 120 words. */
const paragraph = Array.from(
  { length: 12 },
  (_, i) => `Sentence ${i + 1} weighs fees, funding and the depth of the book over the week.`,
).join(" ");

/**
 * Publishes, as an editor through the API, a long read: five `##` sections (one with a `###`) of
 * three paragraphs each, about 1,900 words (8 minutes); returns its slug.
 */
async function publishLongRead(): Promise<string> {
  const editor = await signUp(app.baseUrl, "Contents Editor");
  await grantRole(app, editor.email, "editor");
  const sections = ["Fees", "Funding", "Order books", "Stablecoins", "What to watch"].map(
    (title, i) =>
      `## ${title}\n\n${paragraph}\n\n${i === 1 ? "### Perpetuals\n\n" : ""}${paragraph}\n\n${paragraph}`,
  );
  const res = await api(app.baseUrl, "POST", "/api/articles", editor.jwt, {
    data: {
      title: `A long read ${Date.now().toString(36)}`,
      content: sections.join("\n\n"),
      status: "published",
      publishDate: "2025-01-01T08:00:00Z",
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { attributes: { slug: string } } }).data.attributes.slug;
}

/** The slugs of the published articles taking `atLeast` minutes or more but under `below`. */
async function slugsReading(atLeast: number, below: number): Promise<string[]> {
  const answer = (await (
    await fetch(`${app.baseUrl}/api/articles?pagination[pageSize]=100`)
  ).json()) as { data: { attributes: { slug: string; readingTimeMinutes: number } }[] };
  return answer.data
    .map((article) => article.attributes)
    .filter((a) => a.readingTimeMinutes >= atLeast && a.readingTimeMinutes < below)
    .map((a) => a.slug);
}

/** The reading-progress bar's painted width (its scale follows the scroll). */
const barWidth = (page: Page) =>
  page.locator(".reading-progress").evaluate((bar) => bar.getBoundingClientRect().width);

describe("a long read", () => {
  let slug = "";
  beforeAll(async () => {
    slug = await publishLongRead();
  });

  it("has contents whose links scroll to their heading, and a progress bar that grows", async () => {
    const { page, problems } = await openPage(browser, {
      viewport: { width: 1366, height: 900 },
    });
    await page.goto(`${app.baseUrl}/p/${slug}`);
    await page.waitForSelector("html[data-hydrated]");
    const contents = page.getByRole("navigation", { name: "Contents" });
    await page.screenshot({ path: `${SCREENSHOTS}/contents-1366.png` });
    expect(await barWidth(page)).toBe(0);

    const link = contents.getByRole("link").nth(2);
    const hash = (await link.getAttribute("href"))!;
    await link.click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(hash);
    const heading = page.locator(`[id="${hash.slice(1)}"]`);
    // Scrolled to: just below the sticky header (html's scroll-padding-top), in view.
    await expect
      .poll(() => heading.evaluate((h) => Math.round(h.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(90);
    expect(await heading.evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThan(0);
    // The list beside the text stays in view as the page scrolls.
    expect(await contents.isVisible()).toBe(true);
    await expect.poll(() => barWidth(page)).toBeGreaterThan(0);
    const partWay = await barWidth(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => barWidth(page)).toBeGreaterThan(partWay);
    await page.screenshot({ path: `${SCREENSHOTS}/contents-scrolled-1366.png` });
    expect(problems).toEqual([]);
  });

  it("keeps its contents in a closed disclosure on a phone, opened with a tap", async () => {
    const { page } = await openPage(browser, viewports.mobile);
    await page.goto(`${app.baseUrl}/p/${slug}`);
    const contents = page.getByRole("navigation", { name: "Contents" });
    const first = contents.getByRole("link").first();
    expect(await first.isVisible()).toBe(false);
    await contents.getByText("Contents").click();
    await first.waitFor();
    await contents.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/contents-390.png` });
  });
});

describe("a short read", () => {
  it("has no contents and no progress bar", async () => {
    const [slug] = await slugsReading(1, 4);
    const { page } = await openPage(browser);
    await page.goto(`${app.baseUrl}/p/${slug}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("navigation", { name: "Contents" }).count()).toBe(0);
    expect(await page.locator(".reading-progress").count()).toBe(0);
  });
});
