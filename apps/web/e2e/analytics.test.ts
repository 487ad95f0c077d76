// Page views from a real browser (docs/product/api.md#api-analytics; "page views are recorded once
// per navigation and not for a bot user agent"), read back from the server's database; the GA tag
// only when configured.
import Database from "better-sqlite3";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage, type RunningApp, startApp, viewports, withAppAndBrowser } from "./harness.ts";

const READER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const GOOGLEBOT_UA =
  "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let app: RunningApp;
let browser: Browser;
let db: Database.Database;

withAppAndBrowser((started) => ({ app, browser } = started));
beforeAll(() => {
  db = new Database(path.join(app.dataDir, "pragmatist.db"), {
    readonly: true,
    fileMustExist: true,
  });
});
afterAll(() => {
  db?.close();
});

/** Today's views per path, as the server stored them. */
function views(): Record<string, number> {
  const rows = db.prepare("select path, sum(views) as views from page_views_daily group by path");
  return Object.fromEntries(
    (rows.all() as { path: string; views: number }[]).map((r) => [r.path, r.views]),
  );
}

function clicksOf(slug: string): number {
  const row = db.prepare("select clicks from articles where slug = ?").get(slug) as {
    clicks: number;
  };
  return row.clicks;
}

/** Resolves when `page` has sent a page view and the server has answered it. */
function pageViewSent(page: Page) {
  return page.waitForResponse((r) => r.url().endsWith("/api/analytics/pageview"));
}

describe("page-view analytics in the browser", () => {
  it("records one view of the home page, then one of the article a reader opens", async () => {
    const { page, problems } = await openPage(browser, {
      ...viewports.desktop,
      userAgent: READER_UA,
    });
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    const landed = pageViewSent(page);
    await page.goto(`${app.baseUrl}/`, { referer: "https://news.ycombinator.com/item?id=42" });
    expect((await landed).status()).toBe(202);
    await expect.poll(() => views()["/"]).toBe(1);
    const sources = db.prepare("select source, views from page_view_sources_daily").all();
    expect(sources).toEqual([{ source: "news.ycombinator.com", views: 1 }]);

    const link = page.locator('main a[href^="/p/"]').first();
    const slug = (await link.getAttribute("href"))?.slice("/p/".length) ?? "";
    const clicksBefore = clicksOf(slug);
    // A client-side navigation keeps the document (and this marker) alive.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const opened = pageViewSent(page);
    await link.click();
    await page.waitForURL(`**/p/${slug}`);
    expect((await opened).status()).toBe(202);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await expect.poll(() => views()[`/p/${slug}`]).toBe(1);
    expect(clicksOf(slug)).toBe(clicksBefore + 1);

    // Back home: a new page view of `/`, and still exactly one of the article.
    const back = pageViewSent(page);
    await page.goBack();
    await back;
    await expect.poll(() => views()["/"]).toBe(2);
    expect(views()[`/p/${slug}`]).toBe(1);
    expect(clicksOf(slug)).toBe(clicksBefore + 1);
    // The page view is the one count: the web no longer calls increment-clicks as well.
    expect(requests.filter((url) => url.includes("increment-clicks"))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("records nothing for a bot, though its browser sends the page view", async () => {
    const { page } = await openPage(browser, { ...viewports.mobile, userAgent: GOOGLEBOT_UA });
    const before = views();
    const sent = pageViewSent(page);
    await page.goto(`${app.baseUrl}/about`);
    expect((await sent).status()).toBe(202);
    expect(views()).toEqual(before);
  });
});

describe("Google Analytics tag", () => {
  /** The server-rendered home page, and the scripts it loads from other sites. */
  async function thirdPartyScripts(baseUrl: string): Promise<{ html: string; scripts: string[] }> {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const loaded = [
      ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
      ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
    ].map((m) => m[1] ?? "");
    return { html, scripts: loaded.filter((url) => /^(https?:)?\/\//.test(url)) };
  }

  it("is absent by default: no script from another site", async () => {
    const { html, scripts } = await thirdPartyScripts(app.baseUrl);
    expect(html).toMatch(/<script\b[^>]*type="module"/);
    expect(scripts).toEqual([]);
    expect(html).not.toContain("googletagmanager");
    expect(html).not.toContain("gtag(");
  });

  it("is in the page head with GA_MEASUREMENT_ID", async () => {
    const withGa = await startApp({ GA_MEASUREMENT_ID: "G-TEST1234" });
    try {
      const { html, scripts } = await thirdPartyScripts(withGa.baseUrl);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(scripts).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-TEST1234"]);
      expect(head).toContain("https://www.googletagmanager.com/gtag/js?id=G-TEST1234");
      expect(head).toContain('gtag("config","G-TEST1234")');

      // In the browser the snippet queues its calls and the page hydrates without complaint
      // (gtag.js itself is stubbed: this network reaches no third party).
      const { page, problems } = await openPage(browser, {
        ...viewports.desktop,
        userAgent: READER_UA,
      });
      page.on("console", (m) => {
        if (m.type() === "error") problems.push(`console: ${m.text()}`);
      });
      await page.route("https://www.googletagmanager.com/**", (route) =>
        route.fulfill({ contentType: "text/javascript", body: "" }),
      );
      const viewed = pageViewSent(page);
      await page.goto(`${withGa.baseUrl}/`);
      await viewed;
      expect(
        await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer?.length),
      ).toBe(2);
      expect(problems).toEqual([]);
    } finally {
      await withGa.stop();
    }
  });
});
