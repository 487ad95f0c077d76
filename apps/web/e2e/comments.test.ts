// Comment journeys in headless Chromium (docs/product/reader.md#comments): the signed-out draft
// kept through sign-in, comment, reply and cancel, edit, delete, like, report, sort, and a formatted
// comment previewed, posted and shown (screenshots at 390 and 1366 px in SCREENSHOT_DIR, the
// system's temporary folder by default); and comment text that tries to be HTML, script or a
// dangerous link shows as the text written, with only http(s) links (reader.md#comment-text).
import { decodeHTMLStrict } from "entities";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  openPage,
  pageSettled,
  type RunningApp,
  signIn,
  signUpVerified,
  viewports,
  withAppAndBrowser,
} from "./harness.ts";
import { FORMATTED, NESTED_PAYLOADS, PAYLOADS, SUBSET } from "./comment-texts.ts";
import {
  ARTICLE,
  barCount,
  byText,
  commentsHtml,
  composer,
  postComment,
  rawHtml,
  ready,
  SCREENSHOTS,
  section,
  showEveryPage,
} from "./comments-kit.ts";

/** The composer's Preview pane, and whether the box shows. */
const previewPane = (page: Page) => section(page).getByRole("region", { name: "Preview" });

/**
 * Writes FORMATTED in the composer at the page's current width and previews it: the server's
 * rendering shows where the box was, with the formatting hint under it; a screenshot
 * `comments-preview-{width}.png`. Leaves the preview showing.
 */
async function previewFormatted(page: Page, width: number) {
  await composer(page).fill(FORMATTED);
  await section(page).getByRole("button", { name: "Preview" }).click();
  const preview = previewPane(page);
  await preview.locator("strong", { hasText: "Audits" }).waitFor();
  expect(await preview.locator("li").allTextContents()).toEqual([
    "read the code yourself",
    "check who holds the upgrade keys",
  ]);
  expect(await composer(page).isHidden()).toBe(true);
  await section(page).getByText("**bold**, *italic*, `code`, > quote, - list, links").waitFor();
  await preview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/comments-preview-${width}.png` });
}

/**
 * The posted FORMATTED comment as the thread shows it at the page's current width: bold, the
 * list, the link with its rel, no Markdown characters left, the code block scrolling inside
 * itself on a phone (its line is wider than the column) and the page never scrolling sideways; a
 * screenshot `comments-formatted-{width}.png`.
 */
async function expectFormatted(page: Page, width: number) {
  const posted = byText(page, "are not enough on their own");
  const text = posted.locator("[data-comment-text]");
  expect(await text.locator("strong").first().textContent()).toBe("Audits");
  expect(await text.locator("ul > li").count()).toBe(2);
  expect(await text.locator("li em").textContent()).toBe("upgrade keys");
  const link = text.getByRole("link", { name: "the risk guide" });
  expect(await link.getAttribute("href")).toBe("https://example.com/risk-guide");
  expect(await link.getAttribute("rel")).toBe("nofollow ugc noopener");
  expect(await text.textContent()).not.toMatch(/\*\*|```|\]\(/);
  const code = text.locator("pre");
  expect(await code.textContent()).toContain("const exposure = positionSize");
  const fits = await code.evaluate((pre) => ({
    scrolls: pre.scrollWidth > pre.clientWidth,
    page: document.documentElement.scrollWidth <= window.innerWidth,
  }));
  expect(fits.page).toBe(true);
  // On a phone the line is wider than the column: it scrolls in its block.
  if (width < 600) expect(fits.scrolls).toBe(true);
  await posted.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/comments-formatted-${width}.png` });
}

describe("comments", () => {
  let app: RunningApp;
  let browser: Browser;
  withAppAndBrowser((started) => ({ app, browser } = started));

  it("takes a member from a kept draft to comment, reply, edit, delete and sort", async () => {
    const { page, problems } = await openPage(browser);
    const article = `${app.baseUrl}/p/${ARTICLE}`;

    // Signed out: the composer shows; Send leads to sign-in and keeps the draft.
    await page.goto(article);
    await section(page)
      .getByRole("heading", { name: /^\d+ Comments?$/ })
      .waitFor();
    await ready(page);
    await composer(page).fill("First thoughts on audits: https://example.com/audit.");
    await section(page).getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/\/login\?next=/);
    expect(new URL(page.url()).searchParams.get("next")).toBe(`/p/${ARTICLE}#comments`);

    // Back signed in: the draft is there; Send posts it and clears the box.
    await signIn(page, app.baseUrl, (await signUpVerified(app, "Grace Hopper")).jwt);
    await page.goto(`${article}#comments`);
    await ready(page);
    await expect
      .poll(() => composer(page).inputValue())
      .toBe("First thoughts on audits: https://example.com/audit.");
    await section(page).getByRole("button", { name: "Send" }).click();
    const first = byText(page, "First thoughts on audits");
    await first.waitFor();
    expect(await composer(page).inputValue()).toBe("");
    await section(page).getByRole("heading", { name: "1 Comment" }).waitFor();
    await expect.poll(() => barCount(page)).toBe("1 comment");
    const link = first.getByRole("link", { name: "https://example.com/audit" });
    expect(await link.getAttribute("rel")).toContain("nofollow");
    // Dates are day, short month, year (en-GB, docs/product/limits.md#formats).
    expect(await first.locator("time").textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);

    // Reply, cancel, reply again: the reply nests under its parent and the target clears.
    await first.getByRole("button", { name: "Reply" }).click();
    await section(page).getByText("Replying to").waitFor();
    expect(await section(page).getByText("“First thoughts on audits").count()).toBe(1);
    await section(page).getByRole("button", { name: "Cancel reply" }).click();
    expect(await section(page).getByText("Replying to").count()).toBe(0);
    await first.getByRole("button", { name: "Reply" }).click();
    await composer(page).fill("Answering myself: scope matters.");
    await section(page).getByRole("button", { name: "Send" }).click();
    const replies = section(page).getByRole("list", { name: "Replies to Grace Hopper" });
    await replies.getByText("Answering myself: scope matters.").waitFor();
    expect(await section(page).getByText("Replying to").count()).toBe(0);
    await section(page).getByRole("heading", { name: "2 Comments" }).waitFor();
    await expect.poll(() => barCount(page)).toBe("2 comments");

    // Edit the reply: new text and "(edited)".
    const reply = byText(page, "Answering myself");
    await reply.getByRole("button", { name: "Edit" }).click();
    await reply
      .getByRole("textbox", { name: "Edit your comment" })
      .fill("Answering myself: scope matters most.");
    await reply.getByRole("button", { name: "Save" }).click();
    const edited = byText(page, "scope matters most.");
    await edited.getByText("(edited)").waitFor();

    // Like: pressed at once, kept after a reload.
    const like = first.getByRole("button", { name: /^Like, / });
    expect(await like.getAttribute("aria-pressed")).toBe("false");
    await like.click();
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => like.getAttribute("aria-label")).toBe("Like, 1 like");

    // A second comment, then delete it (after confirming).
    await composer(page).fill("A second comment, soon gone.");
    await section(page).getByRole("button", { name: "Send" }).click();
    const doomed = byText(page, "soon gone");
    await doomed.waitFor();
    await doomed.getByRole("button", { name: "Delete" }).click();
    await doomed.getByRole("button", { name: "Keep" }).click();
    expect(await doomed.count()).toBe(1);
    await doomed.getByRole("button", { name: "Delete" }).click();
    await doomed.getByRole("button", { name: "Yes, delete" }).click();
    await expect.poll(() => doomed.count()).toBe(0);

    // Sort: another member's later comment is first under Newest and last under Oldest.
    const other = (await signUpVerified(app, "Linus")).jwt;
    await postComment(app.baseUrl, other, "A later comment by Linus.");
    const sortLink = (name: string) =>
      section(page).getByRole("navigation", { name: "Sort comments" }).getByRole("link", { name });
    const topLevel = section(page).locator("ol[aria-label='Comments'] > li > article");
    await sortLink("Newest").click();
    await page.waitForURL(/commentSort=newest/);
    await expect.poll(() => topLevel.first().textContent()).toContain("A later comment by Linus.");
    expect(await sortLink("Newest").getAttribute("aria-current")).toBe("true");
    await sortLink("Oldest").click();
    await page.waitForURL(/commentSort=oldest/);
    await expect.poll(() => topLevel.first().textContent()).toContain("First thoughts on audits");
    // The server render honours the sort too.
    await page.goto(`${article}?commentSort=newest`);
    await expect.poll(() => topLevel.first().textContent()).toContain("A later comment by Linus.");

    // Someone else's comment: Report asks why, then reads "Reported"; no Edit or Delete.
    const linus = byText(page, "A later comment by Linus.");
    expect(await linus.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await linus.getByRole("button", { name: "Report" }).click();
    const dialog = page.getByRole("dialog", { name: "Report this comment?" });
    await dialog.getByRole("radio", { name: /^Off-topic/ }).check();
    await dialog.getByRole("button", { name: "Report comment" }).click();
    await dialog.waitFor({ state: "hidden" });
    const reported = linus.getByRole("button", { name: "Reported" });
    await expect.poll(() => reported.getAttribute("aria-disabled")).toBe("true");
    // The dialog hands the focus back to the button it came from.
    expect(await reported.evaluate((button) => button === document.activeElement)).toBe(true);

    // A formatted comment on a phone: previewed, back to Write with the text, sent from the
    // preview; the emptied box is back. Then the same at 1366 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await previewFormatted(page, 390);
    await section(page).getByRole("button", { name: "Write" }).click();
    expect(await composer(page).inputValue()).toBe(FORMATTED);
    await section(page).getByRole("button", { name: "Preview" }).click();
    await previewPane(page).locator("strong").first().waitFor();
    await section(page).getByRole("button", { name: "Send" }).click();
    await byText(page, "are not enough on their own").waitFor();
    await expect.poll(() => composer(page).isVisible()).toBe(true);
    expect(await composer(page).inputValue()).toBe("");
    await expectFormatted(page, 390);
    await page.setViewportSize({ width: 1366, height: 900 });
    await expectFormatted(page, 1366);
    await previewFormatted(page, 1366);
    await section(page).getByRole("button", { name: "Write" }).click();
    await composer(page).fill("");

    expect(problems).toEqual([]);
  });

  it("serves the comments in the first HTML, readable without JavaScript", async () => {
    const { jwt } = await signUpVerified(app, "Ada");
    await postComment(app.baseUrl, jwt, "Readable before any script runs.");
    // Addresses no anonymous reader asked for yet (those pages are micro-cached).
    for (const query of ["?commentSort=best", "?commentSort=newest"]) {
      const html = commentsHtml(await rawHtml(app.baseUrl, query));
      expect(html, query).toContain("Readable before any script runs.");
      expect(html, query).toContain('aria-label="Comments"');
    }
  });

  it("shows every payload as the text written, with only safe http(s) links", async () => {
    // Five posts a minute per member: several members share the payloads.
    // The nested ones together, one comment of several blocks.
    const all = [...PAYLOADS, NESTED_PAYLOADS.map(([payload]) => payload).join("\n\n")];
    for (let i = 0; i < all.length; i += 5) {
      const { jwt } = await signUpVerified(app, `Mallory ${i / 5 + 1}`);
      for (const payload of all.slice(i, i + 5)) await postComment(app.baseUrl, jwt, payload);
    }
    for (const options of [viewports.desktop, viewports.mobile]) {
      const { page, problems } = await openPage(browser, options);
      // Every thread: the server's first page, then the rest a page at a time.
      await page.goto(`${app.baseUrl}/p/${ARTICLE}?commentSort=oldest`);
      await ready(page);
      await showEveryPage(page);
      const texts = section(page).locator("[data-comment-text]");
      await expect.poll(() => texts.count()).toBeGreaterThanOrEqual(all.length);
      const shown = (await texts.allTextContents()).map((t) => t.trim());
      // The text as written; only character references read as the characters they name.
      for (const payload of PAYLOADS) expect(shown, payload).toContain(decodeHTMLStrict(payload));
      const nested = shown.find((t) => t.includes("xss-29")) ?? "";
      for (const [payload, text] of NESTED_PAYLOADS) expect(nested, payload).toContain(text);

      // No element from a payload: comment text holds only the subset's elements.
      const foreign = await section(page)
        .locator(`[data-comment-text] *:not(${SUBSET})`)
        .evaluateAll((els) => els.map((e) => e.outerHTML));
      expect(foreign).toEqual([]);
      for (const selector of [
        "script",
        "iframe",
        "object",
        "style",
        "img[onerror]",
        "details",
        "input",
        "math",
        "svg[onload]",
        "body",
      ]) {
        expect(await section(page).locator(selector).count(), selector).toBe(0);
      }
      // Links only from http(s) addresses in the text, marked as user content; others are ours.
      const links = await section(page)
        .locator("a")
        .evaluateAll((els) =>
          els.map((a) => ({
            href: a.getAttribute("href") ?? "",
            rel: a.getAttribute("rel") ?? "",
            inText: !!a.closest("[data-comment-text]"),
          })),
        );
      for (const { href, rel, inText } of links) {
        if (!inText) {
          expect(href).toMatch(/^\/(login\?|p\/)/);
          continue;
        }
        expect(href).toMatch(/^https?:\/\//);
        expect(rel).toContain("nofollow");
        expect(rel).toContain("ugc");
      }
      expect(links.filter((l) => l.inText).length).toBeGreaterThanOrEqual(2);
      // The composer's "replying to" quote is text too (signed out, Reply still shows it).
      await ready(page);
      await byText(page, "xss-16").getByRole("button", { name: "Reply" }).click();
      const quote = section(page).locator("form").getByText("Replying to");
      await quote.waitFor();
      expect(await quote.textContent()).toContain("<iframe srcdoc=");
      expect(await section(page).locator("form iframe, form script").count()).toBe(0);
      await page.mouse.move(10, 10);
      await pageSettled(page);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it("says so when the comments cannot be loaded, and tries again", async () => {
    const { page, problems } = await openPage(browser);
    // Signed in: a fresh page, not a micro-cached one from an earlier test.
    await signIn(page, app.baseUrl, (await signUpVerified(app, "Barbara")).jwt);
    await page.goto(`${app.baseUrl}/p/${ARTICLE}`);
    await ready(page);
    // The browser's read of the next page fails once.
    await page.route(`**/api/comment-manager/comments/${ARTICLE}?sort=*`, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
    );
    const more = section(page).getByRole("link", { name: "Show more comments" });
    const topLevel = section(page).locator("ol[aria-label='Comments'] > li");
    await more.click();
    const alert = section(page).getByRole("alert");
    await alert.getByText("Comments could not be loaded. Try again.").waitFor();
    expect(await topLevel.count()).toBe(20);
    await page.unroute(`**/api/comment-manager/comments/${ARTICLE}?sort=*`);
    await more.click();
    await expect.poll(() => topLevel.count()).toBeGreaterThan(20);
    expect(await section(page).getByRole("alert").count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
