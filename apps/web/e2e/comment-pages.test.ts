// Long discussions in headless Chromium (docs/product/reader.md#comment-thread): the first page of
// 20 threads server-rendered, "Show more comments" with and without JavaScript, a deep thread
// continued in place, and a link to a comment folded on a later page landing highlighted
// (screenshots at 390 and 1280 px in SCREENSHOT_DIR, the system's temporary folder by default).
import { decodeHTMLStrict } from "entities";
import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  openPage,
  type RunningApp,
  signUpVerified,
  viewports,
  withAppAndBrowser,
} from "./harness.ts";
import {
  ARTICLE,
  byText,
  commentsHtml,
  postComment,
  rawHtml,
  ready,
  SCREENSHOTS,
  section,
  showEveryPage,
} from "./comments-kit.ts";

describe("a long discussion", () => {
  let app: RunningApp;
  let browser: Browser;
  withAppAndBrowser((started) => ({ app, browser } = started));

  beforeAll(async () => {
    // 25 threads, the oldest first. Five posts a minute per member: five members, five each.
    for (let m = 0; m < 5; m++) {
      const { jwt } = await signUpVerified(app, `Thread Writer ${m + 1}`);
      for (let i = 0; i < 5; i++) {
        const n = m * 5 + i + 1;
        await postComment(
          app.baseUrl,
          jwt,
          n === 1 ? "Readable before any script runs." : `Thread number ${n}`,
        );
      }
    }
  }, 120_000);

  it("server-renders the first page of 20 threads and appends the rest on Show more comments", async () => {
    // The discussion holds more than 20 threads (the test above).
    const all = (await (
      await fetch(`${app.baseUrl}/api/comment-manager/comments/${ARTICLE}?sort=oldest`)
    ).json()) as { deleted: boolean; subcomments: unknown[] }[];
    expect(all.length).toBeGreaterThan(20);
    const total = (list: { deleted: boolean; subcomments: unknown[] }[]): number =>
      list.reduce((n, c) => n + (c.deleted ? 0 : 1) + total(c.subcomments as typeof list), 0);
    const count = total(all);

    // The last thread is neither rendered nor in the hydration data; the heading counts them all.
    const page1 = await rawHtml(app.baseUrl, "?commentSort=oldest");
    expect(page1).not.toContain("Thread number 25");
    const html = commentsHtml(page1);
    expect(html).toContain("Readable before any script runs.");
    expect(html).toContain(`${count}<!-- --> <!-- -->Comments`);
    // Without JavaScript, "Show more comments" is the address of the next page.
    const next = /href="(\?commentSort=oldest&amp;commentCursor=[\w-]+#comments)"/.exec(html);
    expect(next).not.toBeNull();
    const page2 = commentsHtml(await rawHtml(app.baseUrl, decodeHTMLStrict(next?.[1] ?? "")));
    expect(page2).toContain("Thread number 25");
    expect(page2).not.toContain("Readable before any script runs.");

    for (const options of [viewports.mobile, { viewport: { width: 1280, height: 800 } }]) {
      const { page, problems } = await openPage(browser, options);
      const width = options.viewport.width;
      await page.goto(`${app.baseUrl}/p/${ARTICLE}?commentSort=oldest`);
      await ready(page);
      const topLevel = section(page).locator("ol[aria-label='Comments'] > li");
      expect(await topLevel.count()).toBe(20);
      await section(page)
        .getByRole("heading", { name: `${count} Comments` })
        .waitFor();
      await section(page)
        .getByRole("link", { name: "Show more comments" })
        .scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/comments-show-more-${width}.png` });
      await showEveryPage(page);
      expect(await topLevel.count()).toBe(all.length);
      await byText(page, "Thread number 25").waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it("continues a deep thread in place, and opens a link to a folded comment on a later page", async () => {
    // A chain eight levels deep under the oldest thread (on the last page of "best").
    const [oldest] = (
      await (
        await fetch(`${app.baseUrl}/api/comment-manager/comments/${ARTICLE}?sort=oldest&limit=1`)
      ).json()
    ).data as { id: number }[];
    const chain = [oldest?.id as number];
    const members = [await signUpVerified(app, "Deep One"), await signUpVerified(app, "Deep Two")];
    for (let depth = 1; depth <= 8; depth++) {
      const { jwt } = members[depth % 2] as { jwt: string };
      const res = await fetch(
        `${app.baseUrl}/api/comment-manager/subcomments/${chain.at(-1) as number}`,
        {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${jwt}` },
          body: JSON.stringify({ content: `Deep reply at level ${depth}` }),
        },
      );
      expect(res.status).toBe(201);
      chain.push(((await res.json()) as { id: number }).id);
    }
    const firstBest = (await (
      await fetch(`${app.baseUrl}/api/comment-manager/comments/${ARTICLE}?limit=20`)
    ).json()) as { data: { id: number }[] };
    expect(firstBest.data.map((c) => c.id)).not.toContain(chain[0]);

    for (const options of [viewports.mobile, { viewport: { width: 1280, height: 800 } }]) {
      const width = options.viewport.width;
      const { page, problems } = await openPage(browser, options);
      // A link to the deepest reply (as a notification gives it): the thread around it is read,
      // it scrolls into view, highlighted.
      const target = chain[8] as number;
      await page.goto(`${app.baseUrl}/p/${ARTICLE}#comment-${target}`);
      const highlighted = section(page).locator(`#comment-${target}[data-highlighted]`);
      await highlighted.waitFor();
      expect(await highlighted.textContent()).toContain("Deep reply at level 8");
      await expect.poll(() => highlighted.isVisible()).toBe(true);
      expect(
        await highlighted.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      ).toBe(true);
      // Waits for the highlight's frame to paint before the screenshot.
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${SCREENSHOTS}/comments-linked-${width}.png` });

      // "Continue this thread": the oldest thread opened from its page, folded at level 4.
      await page.goto(`${app.baseUrl}/p/${ARTICLE}?commentSort=oldest`);
      await ready(page);
      const cont = section(page).getByRole("link", { name: "Continue this thread (1 reply)" });
      await cont.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/comments-continue-${width}.png` });
      await cont.first().click();
      // The rest of the chain, its four levels shown, nothing folded any more.
      await byText(page, "Deep reply at level 8").waitFor();
      expect(await byText(page, "Deep reply at level 5").count()).toBe(1);
      expect(await cont.count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(
        true,
      );
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });
});
