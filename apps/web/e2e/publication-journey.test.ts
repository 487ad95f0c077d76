// One article's life in headless Chromium, the editor's tools and the reader's together
// (docs/product/studio.md, docs/product/reader.md): an editor writes a long article with two
// pasted images, search and social fields and a tag picked from those in use, publishes it after
// the question that names what happens, and hides a comment from the article page; a reader finds
// it on its tag page, reads it with its contents and progress bar in dark mode, copies its link and
// goes on to an article "Read next". Screenshots at 390 and 1366 px.
import os from "node:os";
import type { Browser, Page } from "playwright-core";
import type { StudioTerms } from "@pragmatist/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import {
  api,
  grantRole,
  type Member,
  openPage,
  pngFile,
  type RunningApp,
  signIn,
  signUp,
  signUpVerified,
  viewports,
  withAppAndBrowser,
} from "./harness.ts";
import { pasteImages } from "./studio-kit.ts";

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();
const MARKER = `tollgate${Date.now().toString(36)}`;
const TITLE = `Where the fees go ${MARKER}`;
const SLUG = `where-the-fees-go-${MARKER}`;
const HEADINGS = ["What a fee pays for", "Who collects it", "How to read a fee chart"];

/**
 * A long read of our own words: three sections of ten paragraphs each, about 1,400 words, so the
 * page gives it contents and a progress bar.
 */
function longBody(): string {
  const paragraph = (topic: string, n: number) =>
    `Paragraph ${n} on ${topic.toLowerCase()}: a fee is the price of a place in the next block, ` +
    "set by what others bid for the same space at the same moment, and it tells a reader more " +
    "about demand for the chain than any announcement does. Read it over weeks, not hours.";
  return HEADINGS.map(
    (h) => `## ${h}\n\n${Array.from({ length: 10 }, (_, i) => paragraph(h, i + 1)).join("\n\n")}`,
  ).join("\n\n");
}

/** Screenshots `SCREENSHOT_DIR/journey-{name}-{width}.png` at 1366 and 390 px, `near` in view. */
async function shoot(page: Page, name: string, near?: () => Promise<void>) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 390 ? 900 : 844 });
    await near?.();
    await page.screenshot({ path: `${SCREENSHOTS}/journey-${name}-${width}.png` });
  }
  await page.setViewportSize(viewports.desktop.viewport);
}

describe("an article's life", () => {
  let app: RunningApp;
  let browser: Browser;
  let editor: Member;
  let tag = { name: "", slug: "" };

  withAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(async () => {
    editor = await signUp(app.baseUrl, "Edna Editor");
    await grantRole(app, editor.email, "editor");
  });

  it("is written, illustrated, described, tagged, published and moderated by an editor", async () => {
    const { page, problems } = await openPage(browser);
    await signIn(page, app.baseUrl, editor.jwt);
    await page.goto(`${app.baseUrl}/studio/articles/new`);
    await page.getByLabel("Title", { exact: true }).fill(TITLE);
    const box = page.getByRole("textbox", { name: "Body (Markdown)" });
    await box.fill(`${longBody()}\n\n`);
    await box.evaluate((b: HTMLTextAreaElement) =>
      b.setSelectionRange(b.value.length, b.value.length),
    );
    await pasteImages(page, [
      await pngFile("fee-chart.png", 1600, 800),
      await pngFile("bids.png", 800, 600, "#b45309"),
    ]);
    await expect
      .poll(() => box.inputValue(), { timeout: 15_000 })
      .toMatch(/!\[fee chart\]\(\/uploads\/.+\)\n\n!\[bids\]\(\/uploads\/.+\)\n\n$/);

    // A tag picked from those in use, as it is spelled.
    const inUse = await api(app.baseUrl, "GET", "/api/studio/terms", editor.jwt);
    tag = ((await inUse.json()) as { data: StudioTerms }).data.tags[0]!;
    const tags = page.getByRole("combobox", { name: "Tags" });
    await tags.fill(tag.name.slice(0, 4).toUpperCase());
    // Each option names the term and its number of articles ("market-report 12 articles").
    await page.getByRole("option", { name: new RegExp(`^${tag.name} \\d+ articles?$`) }).click();
    await page.getByRole("button", { name: `Remove tag ${tag.name}` }).waitFor();

    // What search results and shared links show.
    await page.getByLabel("Meta title").fill(`Fees, explained ${MARKER}`);
    await page.getByLabel("Meta description").fill("Who is paid when you pay a fee, and why.");
    await page.getByRole("figure", { name: "Shared link" }).getByText("Who is paid").waitFor();
    await page.waitForURL(/\/studio\/articles\/\d+$/);
    await expect.poll(() => page.locator("[data-save-status]").innerText()).toMatch(/^Saved/);

    await page.getByRole("button", { name: "Publish now" }).click();
    const dialog = page.getByRole("dialog", { name: "Publish this article now?" });
    await dialog.getByText(`“${TITLE}” goes live at /p/${SLUG} now`).waitFor();
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await page.getByRole("link", { name: "View article" }).click();
    await page.waitForURL(`${app.baseUrl}/p/${SLUG}`);
    await page.getByRole("img", { name: "fee chart" }).waitFor();
    await page.getByRole("img", { name: "bids" }).waitFor();

    // A member's comment, hidden by the editor from the page itself.
    const commenter = await signUpVerified(app, "Carl Commenter");
    const spam = `Free coins ${MARKER} here`;
    const posted = await api(
      app.baseUrl,
      "POST",
      `/api/comment-manager/comments/${SLUG}`,
      commenter.jwt,
      {
        content: spam,
      },
    );
    expect(posted.status).toBe(201);
    await page.reload();
    const comment = page
      .getByRole("article", { name: "Comment by Carl Commenter" })
      .filter({ hasText: spam });
    await comment.getByRole("button", { name: "Hide" }).click();
    await comment.waitFor({ state: "detached" });
    const listed = await (
      await fetch(`${app.baseUrl}/api/comment-manager/comments/${SLUG}`)
    ).text();
    expect(listed).not.toContain(spam);
    expect(problems).toEqual([]);
  });

  it("is found on its tag page and read in dark mode with its contents, shared, then followed", async () => {
    expect(tag.slug).not.toBe("");
    const { page, problems } = await openPage(browser);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: app.baseUrl,
    });
    // Dark, chosen once on the home page, holds on every page after it.
    await page.goto(`${app.baseUrl}/`);
    const theme = page.getByRole("banner").getByRole("group", { name: "Theme" });
    await theme
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: "Dark" }) })
      .click();
    expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");

    await page.goto(`${app.baseUrl}/tags/${tag.slug}`);
    await page.locator(`main a[href="/p/${SLUG}"]`).first().click();
    await page.waitForURL(`${app.baseUrl}/p/${SLUG}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");

    // The contents lead to a section; the progress bar has grown with the scroll.
    const contents = page.getByRole("navigation", { name: "Contents" });
    await contents.getByRole("link", { name: HEADINGS[1] }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#who-collects-it");
    const bar = page.locator(".reading-progress");
    await expect
      .poll(() => bar.evaluate((b) => b.getBoundingClientRect().width))
      .toBeGreaterThan(0);
    await shoot(page, "dark-contents", async () => {
      await page.getByRole("heading", { name: HEADINGS[1] }).scrollIntoViewIfNeeded();
    });

    const copy = page.getByRole("button", { name: "Copy link" });
    await copy.scrollIntoViewIfNeeded();
    await copy.click();
    await page.getByRole("status").filter({ hasText: "Link copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`^https?://[^/]+/p/${SLUG}$`),
    );

    const next = page.getByRole("region", { name: "Read next" });
    await shoot(page, "dark-read-next", () => next.scrollIntoViewIfNeeded());
    const link = next.locator("ul").first().locator("article h3 a").first();
    const title = await link.innerText();
    await link.click();
    await page.waitForURL((url) => url.pathname !== `/p/${SLUG}`);
    await expect.poll(() => page.locator("h1").first().innerText()).toBe(title);
    expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");
    expect(problems).toEqual([]);
  });
});
