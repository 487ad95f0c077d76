// Editorial studio journeys in headless Chromium (docs/product/studio.md#studio): an author writes
// an illustrated draft and cannot publish; an editor gives it a social image and publishes it
// after the question that names what happens (Cancel changes nothing; then "View article"; home,
// search, feed, the picture of a shared link), schedules another that goes live on its own, and
// restores a revision (moderation: studio-moderation.test.ts).
import os from "node:os";
import type { Browser, Locator, Page } from "playwright-core";
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
  viewports,
  withAppAndBrowser,
} from "./harness.ts";

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();
/** A word no demo article has, so search finds only ours. */
const MARKER = `zephyrine${Date.now().toString(36)}`;

const text = async (baseUrl: string, path: string) => (await fetch(`${baseUrl}${path}`)).text();

/** The editor's save status line ("Saving…", "Saved 12:03 UTC", "Not saved: …"). */
const saveStatus = (page: Page) => page.locator("[data-save-status]");

/**
 * Screenshots to look at, `SCREENSHOT_DIR/studio-{name}-{width}.png`, at 1366 and 390 px wide, once
 * the animations running (a dialog fading in) have ended; `near` is scrolled into view at each.
 */
async function shootWidths(page: Page, name: string, near?: Locator): Promise<void> {
  // Finite ones only (a spinner turns for ever); one cancelled meanwhile counts as done.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 390 ? 900 : 844 });
    await near?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/studio-${name}-${width}.png` });
  }
  await page.setViewportSize(viewports.desktop.viewport);
}

describe("studio", () => {
  let app: RunningApp;
  let browser: Browser;
  let author: Member;
  let editor: Member;
  /** The author's article, shared by the journeys that follow. */
  let articleId = 0;
  const title = `Field notes on ${MARKER} liquidity`;
  const body = "## Findings\n\nA **bold** claim about liquidity.\n\n- one\n- two";

  withAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(async () => {
    author = await signUp(app.baseUrl, "Ada Author");
    editor = await signUp(app.baseUrl, "Eddie Editor");
    await grantRole(app, author.email, "author");
    await grantRole(app, editor.email, "editor");
  });

  it("keeps the studio to staff: sign-in for anonymous visitors, a 403 for members", async () => {
    const anonymous = await fetch(`${app.baseUrl}/studio/articles/new`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login?next=%2Fstudio%2Farticles%2Fnew");
    expect(anonymous.headers.get("cache-control") ?? "").not.toMatch(/public/);

    const member = await signUp(app.baseUrl, "Mo Member");
    const { page, problems } = await openPage(browser);
    await signIn(page, app.baseUrl, member.jwt);
    const res = await page.goto(`${app.baseUrl}/studio`);
    expect(res?.status()).toBe(403);
    await page.getByRole("heading", { name: "You cannot open this page" }).waitFor();
    expect(await page.getByRole("link", { name: "Studio", exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("lets an author write an illustrated draft with a live preview, and never publish", async () => {
    const { page, problems } = await openPage(browser);
    await signIn(page, app.baseUrl, author.jwt);
    await page.goto(`${app.baseUrl}/`);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Studio", exact: true })
      .click();
    await page.getByRole("heading", { name: "Your articles" }).waitFor();
    await page.getByRole("link", { name: "New article" }).click();
    await page.waitForURL(/\/studio\/articles\/new$/);

    await page.getByLabel("Title", { exact: true }).fill(title);
    expect(await page.getByLabel("Slug").inputValue()).toBe(`field-notes-on-${MARKER}-liquidity`);
    await page.getByLabel("Subtitle").fill("What the order books said");
    await page.getByRole("textbox", { name: "Body (Markdown)" }).fill(body);
    // Tags are picked from those in use as they are spelled, or added on purpose.
    const inUse = await api(app.baseUrl, "GET", "/api/studio/terms", author.jwt);
    const known = ((await inUse.json()) as { data: StudioTerms }).data.tags[0]!.name;
    const tags = page.getByRole("combobox", { name: "Tags" });
    await tags.fill(known.slice(0, 4).toUpperCase());
    await page.getByRole("option").first().click();
    await tags.fill("order books");
    await page.getByRole("option", { name: "Add new tag “order books”" }).waitFor();
    await shootWidths(page, "terms", tags);
    await tags.press("Enter");
    const chips = page.getByRole("list", { name: "Tags chosen" }).getByRole("button");
    await chips.nth(1).waitFor();
    expect(await chips.evaluateAll((all) => all.map((b) => b.ariaLabel))).toEqual([
      `Remove tag ${known}`,
      "Remove tag order books",
    ]);

    // The preview renders the Markdown as the article page does.
    const preview = page.getByRole("article", { name: "Preview" });
    await preview.getByRole("heading", { name: "Findings" }).waitFor();
    expect(await preview.locator("strong").innerText()).toBe("bold");
    expect(await preview.locator("li").count()).toBe(2);

    // Leaving before the autosave warns; staying keeps the text.
    await page.getByRole("link", { name: "← Articles" }).click();
    await page.getByRole("heading", { name: "Leave without saving?" }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();

    // The first autosave creates the draft and gives the editor its address.
    await page.waitForURL(/\/studio\/articles\/\d+$/);
    articleId = Number(new URL(page.url()).pathname.split("/").pop());
    await expect.poll(() => saveStatus(page).innerText()).toMatch(/^Saved \d\d:\d\d UTC$/);

    // A thumbnail through the upload pipeline, previewed, then autosaved.
    await page.getByLabel("Thumbnail image").setInputFiles(await pngFile("thumb.png", 64, 36));
    const thumb = page.getByRole("img", { name: "Thumbnail preview" });
    await thumb.waitFor();
    expect(await thumb.getAttribute("src")).toMatch(/^\/uploads\//);
    await expect.poll(() => saveStatus(page).innerText()).toMatch(/^Saved/);

    // An author has Save draft only, and the API refuses a publish.
    expect(await page.getByRole("button", { name: "Save draft" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: /Publish|Schedule|Unpublish/ }).count()).toBe(0);
    const publish = await api(app.baseUrl, "PUT", `/api/articles/${articleId}`, author.jwt, {
      data: { status: "published" },
    });
    expect(publish.status).toBe(403);

    // Saved for real: a reload shows the draft with its picture; it is not public.
    await page.reload();
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
    await page.getByRole("img", { name: "Thumbnail preview" }).waitFor();
    expect((await fetch(`${app.baseUrl}/p/field-notes-on-${MARKER}-liquidity`)).status).toBe(404);
    expect(problems).toEqual([]);
  });

  it("lists articles newest first with ISO 24-hour UTC dates, without the public footer", async () => {
    const tag = `dated${MARKER}`;
    const write = async (data: Record<string, unknown>) => {
      const res = await api(app.baseUrl, "POST", "/api/articles", editor.jwt, { data });
      expect(res.status).toBe(201);
      return ((await res.json()) as { data: { id: number } }).data.id;
    };
    const old = await write({
      title: `${tag} old`,
      status: "published",
      publishDate: "2024-01-01T08:00:00Z",
    });
    await write({ title: `${tag} draft` });
    await write({
      title: `${tag} recent`,
      status: "published",
      publishDate: "2025-06-01T14:05:00Z",
    });
    // A late correction of the old one does not move it up.
    await api(app.baseUrl, "PUT", `/api/articles/${old}`, editor.jwt, {
      data: { subTitle: "Fixed" },
    });

    const { page, problems } = await openPage(browser);
    await signIn(page, app.baseUrl, editor.jwt);
    await page.goto(`${app.baseUrl}/studio?q=${tag}`);
    const rows = page.getByRole("table").locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.locator("td:first-child a").allInnerTexts()).toEqual(
      ["draft", "recent", "old"].map((t) => `${tag} ${t}`),
    );
    expect(await rows.nth(1).locator("time:visible").first().innerText()).toBe("2025-06-01 14:05");
    expect(await page.getByRole("contentinfo").count()).toBe(0);

    await page.getByRole("link", { name: `${tag} recent` }).click();
    const date = page.getByLabel("Publish date (UTC)");
    await expect.poll(() => date.inputValue()).toBe("2025-06-01 14:05");
    expect(await date.evaluate((input: HTMLInputElement) => input.type)).toBe("text");
    expect(await page.getByRole("contentinfo").count()).toBe(0);
    // The public pages keep their footer.
    await page.goto(`${app.baseUrl}/about`);
    expect(await page.getByRole("contentinfo").count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("stops autosaving over a change made elsewhere and offers to reload", async () => {
    const created = await api(app.baseUrl, "POST", "/api/articles", author.jwt, {
      data: { title: `Two tabs ${MARKER}`, content: "First words." },
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    const { page, problems } = await openPage(browser);
    await signIn(page, app.baseUrl, author.jwt);
    await page.goto(`${app.baseUrl}/studio/articles/${id}`);
    const bodyBox = page.getByRole("textbox", { name: "Body (Markdown)" });
    expect(await bodyBox.inputValue()).toBe("First words.");

    // Another tab saves first; this editor's autosave then gets a 409 and writes nothing.
    const other = await api(app.baseUrl, "PUT", `/api/articles/${id}`, author.jwt, {
      data: { content: "Saved in another tab." },
    });
    expect(other.status).toBe(200);
    await bodyBox.fill("Typed here, too late.");
    const alert = page.getByRole("alert").filter({ hasText: "changed elsewhere" });
    await alert.waitFor();
    expect(await saveStatus(page).innerText()).toBe("Not saved: the article was changed elsewhere");
    await alert.getByRole("button", { name: "Reload the article" }).click();
    await expect.poll(() => bodyBox.inputValue()).toBe("Saved in another tab.");
    expect(await alert.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("lets an editor publish it after saying what happens, then view it; Cancel publishes nothing", async () => {
    expect(articleId).toBeGreaterThan(0);
    const slug = `field-notes-on-${MARKER}-liquidity`;
    const { page, problems } = await openPage(browser);
    await signIn(page, app.baseUrl, editor.jwt);
    await page.goto(`${app.baseUrl}/studio?q=${MARKER}`);
    await page.getByRole("link", { name: title }).click();
    // What search results and shared links show, previewed as a link card.
    await page.getByLabel("Meta title").fill(`Liquidity, briefly ${MARKER}`);
    const card = page.getByRole("figure", { name: "Shared link" });
    await card.getByText(`Liquidity, briefly ${MARKER}`).waitFor();
    // The publication's own address, port included.
    await card.getByText(new URL(app.baseUrl).host, { exact: true }).waitFor();
    // A picture of its own for shared links: the card shows it instead of the thumbnail.
    const socialImage = page.getByLabel("Social image", { exact: true });
    await socialImage.setInputFiles(await pngFile("card.png", 1200, 630, "#b45309"));
    const cardPicture = card.locator("img");
    await expect
      .poll(() => cardPicture.getAttribute("src"))
      .toMatch(/^\/uploads\/articles\/images\/1200x630-.+\.webp$/);
    const socialUrl = (await cardPicture.getAttribute("src")) ?? "";
    await page.getByRole("button", { name: "Remove social image" }).waitFor();
    await expect.poll(() => saveStatus(page).innerText()).toMatch(/^Saved/);
    await shootWidths(page, "seo", card);
    const publish = page.getByRole("button", { name: "Publish now" });
    const dialog = page.getByRole("dialog", { name: "Publish this article now?" });
    await publish.click();
    await dialog.getByText(`“${title}” goes live at /p/${slug} now`).waitFor();
    await dialog.getByText("It is published only: it is not emailed to subscribers.").waitFor();
    await shootWidths(page, "publish-dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await fetch(`${app.baseUrl}/p/${slug}`)).status).toBe(404);
    expect(await page.getByText("Draft", { exact: true }).count()).toBeGreaterThan(0);

    await publish.click();
    await dialog.getByRole("button", { name: "Publish now" }).click();
    const notice = page
      .getByRole("status")
      .filter({ hasText: "Published: readers can see it now." });
    await notice.waitFor();
    expect(await page.getByText("Published", { exact: true }).count()).toBeGreaterThan(0);
    await shootWidths(page, "published");
    await notice.getByRole("link", { name: "View article" }).click();
    await page.waitForURL(`${app.baseUrl}/p/${slug}`);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    // The head follows the client navigation a moment after the page's heading.
    await expect.poll(() => page.title()).toMatch(new RegExp(`^Liquidity, briefly ${MARKER} — `));
    // Link previews read the server's HTML: the social image is their picture.
    const head = await text(app.baseUrl, `/p/${slug}`);
    for (const tag of ['property="og:image"', 'name="twitter:image"']) {
      expect(head, tag).toMatch(new RegExp(`<meta ${tag} content="https?://[^"/]+${socialUrl}"`));
    }
    expect(head).toMatch(/<meta property="og:image:width" content="1200"\/?>/);

    expect(await text(app.baseUrl, "/")).toContain(title);
    await page.goto(`${app.baseUrl}/?q=${MARKER}`);
    await page.getByRole("heading", { name: title }).first().waitFor();
    expect(await text(app.baseUrl, "/feed.xml")).toContain(title);
    expect(problems).toEqual([]);
  });

  it("publishes a scheduled article on its own at its time, not before", async () => {
    const { page, problems } = await openPage(browser);
    await signIn(page, app.baseUrl, editor.jwt);
    await page.goto(`${app.baseUrl}/studio/articles/new`);
    const scheduledTitle = `Scheduled ${MARKER} outlook`;
    await page.getByLabel("Title", { exact: true }).fill(scheduledTitle);
    await page.getByRole("textbox", { name: "Body (Markdown)" }).fill("Due soon.");
    // Without a future date, Schedule waits and the line it is described by says why.
    const schedule = page.getByRole("button", { name: "Schedule" });
    expect(await schedule.isDisabled()).toBe(true);
    const why = page.locator(`[id="${await schedule.getAttribute("aria-describedby")}"]`);
    expect(await why.innerText()).toBe("Set a publish date in the future to schedule.");
    await shootWidths(page, "schedule-why");
    const dateField = page.getByLabel("Publish date (UTC)");
    /** Its publish date `ms` from now, as the field takes it (whole seconds, UTC). */
    const fromNow = (ms: number) =>
      new Date(Date.now() + ms).toISOString().slice(0, 19).replace("T", " ");
    // An hour ahead first, so "not before" holds however slowly this machine gets through it.
    await dateField.fill(fromNow(3_600_000));
    await schedule.click();
    expect(await why.count()).toBe(0);
    await page.getByText("Scheduled: it goes live at its publish date.").waitFor();
    const slug = `scheduled-${MARKER}-outlook`;

    expect((await fetch(`${app.baseUrl}/p/${slug}`)).status).toBe(404);
    expect(await text(app.baseUrl, "/")).not.toContain(scheduledTitle);
    expect(await text(app.baseUrl, "/feed.xml")).not.toContain(scheduledTitle);

    // Then due in a few seconds: it goes live with no one publishing it (polled, not slept for).
    await dateField.fill(fromNow(3_000));
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(async () => (await fetch(`${app.baseUrl}/p/${slug}`)).status).toBe(200);
    expect(await text(app.baseUrl, "/")).toContain(scheduledTitle);
    expect(await text(app.baseUrl, "/feed.xml")).toContain(scheduledTitle);
    expect(problems).toEqual([]);
  });

  it("restores an earlier revision: back in the editor and on the article page", async () => {
    expect(articleId).toBeGreaterThan(0);
    const { page, problems } = await openPage(browser);
    await signIn(page, app.baseUrl, editor.jwt);
    await page.goto(`${app.baseUrl}/studio/articles/${articleId}`);
    const bodyBox = page.getByRole("textbox", { name: "Body (Markdown)" });
    expect(await bodyBox.inputValue()).toBe(body);
    await bodyBox.fill("Rewritten in haste.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => saveStatus(page).innerText()).toMatch(/^Saved/);
    await expect
      .poll(async () =>
        (await text(app.baseUrl, `/p/field-notes-on-${MARKER}-liquidity`)).includes(
          "Rewritten in haste.",
        ),
      )
      .toBe(true);

    // The newest revision is the current text; the one before holds the original body.
    const compare = page.getByRole("button", { name: /^Compare with the version of/ });
    await expect.poll(() => compare.count()).toBeGreaterThan(1);
    await compare.nth(1).click();
    const dialog = page.getByRole("dialog", { name: "This version and the current text" });
    await dialog.getByText("Rewritten in haste.").waitFor();
    await dialog.getByText("A **bold** claim about liquidity.").waitFor();
    await dialog.getByRole("button", { name: "Restore this version" }).click();
    await page.getByText(/^Restored:/).waitFor();
    expect(await bodyBox.inputValue()).toBe(body);

    const html = await text(app.baseUrl, `/p/field-notes-on-${MARKER}-liquidity`);
    expect(html).toContain("<strong>bold</strong>");
    expect(html).not.toContain("Rewritten in haste.");
    expect(problems).toEqual([]);
  });
});
