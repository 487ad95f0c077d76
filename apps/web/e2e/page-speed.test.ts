// What makes the pages fast on a phone (docs/decisions/004-first-paint-first.md), as headless
// Chromium sees it: the first card's image first and at the size it is shown, scripts behind the
// content, no schema library, a text font cut to what the pages use, and Max's empty chat without
// the Markdown renderer and without anything moving.
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  firstSlug,
  holdRequests,
  layoutShifts,
  openPage,
  pageSettled,
  recordLayoutShifts,
  type RunningApp,
  viewports,
  withAppAndBrowser,
} from "./harness.ts";

let app: RunningApp;
let browser: Browser;
withAppAndBrowser((started) => ({ app, browser } = started));

/** A phone as Lighthouse's mobile preset sees it (Moto G Power: 412 px at 1.75 device pixels). */
const phone = {
  ...viewports.mobile,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
};

/** React has taken the page over (root.tsx marks the document). */
const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

/** When each script was requested (ms). */
const timings = (page: Page) =>
  page.evaluate(() => ({
    scripts: performance
      .getEntriesByType("resource")
      .filter((e) => e.name.endsWith(".js"))
      .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
  }));

describe("page speed on a phone", () => {
  it("hydrates and navigates client-side on a phone", async () => {
    for (const path of ["/", "/about"]) {
      const { page, problems } = await openPage(browser, phone);
      await page.goto(`${app.baseUrl}${path}`);
      await hydrated(page);
      // The router runs: a click navigates without loading a document.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole("contentinfo").getByRole("link", { name: "Partner with us" }).click();
      await page.waitForURL("**/services");
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  // A slow phone shows the server's page seconds before React takes it over; a tap in between is
  // the browser's own (docs/architecture.md#first-tap).
  it("follows a link tapped before the page hydrates, though hydration comes before the next page", async () => {
    const { page, problems } = await openPage(browser, phone);
    const releaseScripts = await holdRequests(page, "**/assets/*.js");
    const releaseSignIn = await holdRequests(page, "**/login?*");
    await page.goto(`${app.baseUrl}/p/${await firstSlug(app)}`, { waitUntil: "commit" });
    await page.getByRole("link", { name: /^Like, .*\(sign in\)$/ }).tap();
    // The sign-in page is on its way while React hydrates the article and takes over its
    // history: the reader's navigation goes on.
    releaseScripts();
    await hydrated(page);
    releaseSignIn();
    await page.waitForURL(/\/login\?next=/);
    await page.getByText("Please sign in to continue.").waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("follows a press made before hydration and released after it", async () => {
    const { page, problems } = await openPage(browser, phone);
    const releaseScripts = await holdRequests(page, "**/assets/*.js");
    await page.goto(`${app.baseUrl}/p/${await firstSlug(app)}`, { waitUntil: "commit" });
    const like = page.getByRole("link", { name: /^Like, .*\(sign in\)$/ });
    const box = (await like.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Hydration learns the reader is a visitor and drops the member's version of the slot; the
    // visitor's link under the finger stays the same element, so the release completes a click.
    releaseScripts();
    await hydrated(page);
    await page.mouse.up();
    await page.waitForURL(/\/login\?next=/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("loads the first card's image first and the others as they come near, each at its shown size", async () => {
    const { page, problems } = await openPage(browser, phone);
    await page.goto(`${app.baseUrl}/`);
    const images = page.locator("main article img");
    expect(await images.count()).toBe(10);
    const first = images.first();
    expect(await first.getAttribute("loading")).toBe("eager");
    expect(await first.getAttribute("fetchpriority")).toBe("high");
    for (const img of (await images.all()).slice(1)) {
      expect(await img.getAttribute("loading")).toBe("lazy");
      expect(await img.getAttribute("fetchpriority")).toBeNull();
    }
    // About 380 CSS px at 1.75 device pixels (665 px): the 800 px copy, not the 1200 px original.
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    const shown = await first.evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      devicePx: img.getBoundingClientRect().width * devicePixelRatio,
    }));
    expect(shown.src).toMatch(/\.w800\.webp$/);
    expect(shown.devicePx).toBeGreaterThan(480);
    expect(shown.devicePx).toBeLessThanOrEqual(800);

    // The article's lead image likewise.
    const href = await page.locator('main a[href^="/p/"]').first().getAttribute("href");
    await page.goto(`${app.baseUrl}${href}`);
    const lead = page.locator("main figure img");
    await expect.poll(() => lead.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    expect(await lead.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.w800\.webp$/);
    expect(await lead.getAttribute("fetchpriority")).toBe("high");
    expect(problems).toEqual([]);
  });

  it("fetches the page's scripts at low priority, behind its stylesheet, font and lead image", async () => {
    const { page, problems } = await openPage(browser, phone);
    // Chromium's own priority for each request, as its network log records it.
    const cdp = await page.context().newCDPSession(page);
    const priorities = new Map<string, string>();
    cdp.on("Network.requestWillBeSent", ({ request }) => {
      const url = new URL(request.url);
      if (url.origin === app.baseUrl) priorities.set(url.pathname, request.initialPriority);
    });
    await cdp.send("Network.enable");
    await page.goto(`${app.baseUrl}/`);
    const article = await page.locator('main a[href^="/p/"]').first().getAttribute("href");
    expect(article).toBeTruthy();
    for (const path of ["/", article, "/login"]) {
      priorities.clear();
      await page.goto(`${app.baseUrl}${path}`);
      await hydrated(page);
      const byType = (test: RegExp) =>
        [...priorities].filter(([url]) => test.test(url)).map(([, priority]) => priority);
      // Every module the server page names for hydration (the route's modules, React, the
      // router), whereas code imported later on demand, such as the comments panel, is not.
      const html = await (await fetch(`${app.baseUrl}${path}`)).text();
      const modules = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(modules.length).toBeGreaterThan(5);
      expect(new Set(modules.map((url) => priorities.get(url ?? "")))).toEqual(new Set(["Low"]));
      expect(byType(/\.css$/)).toEqual(["VeryHigh"]);
      expect(byType(/\.woff2$/)).toEqual(["High"]);
      if (path !== "/login") expect(byType(/\.webp$/)).toContain("High");
    }
    expect(problems).toEqual([]);
  });

  it("loads no schema library with any public page: contracts' plain values come without zod", async () => {
    const slug = await firstSlug(app);
    for (const path of ["/", `/p/${slug}`, "/assistant", "/markets", "/markets/bitcoin"]) {
      const html = await (await fetch(`${app.baseUrl}${path}`)).text();
      const modules = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(
        (m) => m[1] ?? "",
      );
      expect(modules.length, path).toBeGreaterThan(5);
      for (const url of modules) {
        const code = await (await fetch(`${app.baseUrl}${url}`)).text();
        // zod's core classes are named so ("$ZodType", "$ZodError") even when minified.
        expect(code.includes("$ZodType"), `${path}: ${url}`).toBe(false);
      }
    }
  });

  // A page's first Intl.DateTimeFormat loads the locale's and the time zone's data: 80 to 260 ms
  // of main thread on the bench host (docs/architecture.md#what-a-readers-phone-pays), for a date
  // no part hydrated at load shows.
  it("builds no date formatter while a public page loads and hydrates", async () => {
    const slug = await firstSlug(app);
    for (const path of ["/", `/p/${slug}`, "/assistant", "/markets", "/markets/bitcoin"]) {
      const { page, problems } = await openPage(browser, phone);
      await page.addInitScript(() => {
        const built: string[] = [];
        Object.assign(window, { datesBuilt: built });
        Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
          construct: (target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
            built.push(new Error().stack ?? "");
            return Reflect.construct(target, args);
          },
        });
      });
      await page.goto(`${app.baseUrl}${path}`);
      await hydrated(page);
      await pageSettled(page);
      expect(await page.evaluate(() => (window as { datesBuilt?: string[] }).datesBuilt)).toEqual(
        [],
      );
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
  });

  it("sets the text in a cut Latin Inter that keeps its weights and tabular figures", async () => {
    const { page, problems } = await openPage(browser, phone);
    await page.goto(`${app.baseUrl}/`);
    const font = await page.evaluate(async () => {
      await document.fonts.ready;
      const file = performance
        .getEntriesByType("resource")
        .find((e) => e.name.includes("/inter-latin-wght-normal-")) as PerformanceResourceTiming;
      const width = (text: string, style: Partial<CSSStyleDeclaration>) => {
        const span = Object.assign(document.createElement("span"), { textContent: text });
        Object.assign(span.style, { position: "absolute", ...style });
        document.body.append(span);
        const { width } = span.getBoundingClientRect();
        span.remove();
        return width;
      };
      const tabular = { fontVariantNumeric: "tabular-nums" };
      return {
        loaded: [...document.fonts].some(
          (f) => f.family === "Inter Variable" && f.status === "loaded",
        ),
        bytes: file.encodedBodySize,
        // Tables line up: with tabular figures "1111" is as wide as "0000".
        tabularOnes: width("1111", tabular),
        tabularZeros: width("0000", tabular),
        proportionalOnes: width("1111", {}),
        // The weights the pages use still differ (the axis kept 400-700).
        regular: width("Market structure", { fontWeight: "400" }),
        bold: width("Market structure", { fontWeight: "700" }),
      };
    });
    expect(font.loaded).toBe(true);
    expect(font.bytes).toBeGreaterThan(0);
    expect(font.bytes).toBeLessThan(32 * 1024);
    expect(font.tabularOnes).toBe(font.tabularZeros);
    expect(font.proportionalOnes).toBeLessThan(font.tabularOnes);
    expect(font.bold).toBeGreaterThan(font.regular);
    expect(problems).toEqual([]);
  });

  it("keeps the page still when the text font comes late: a local font sized to Inter stands in", async () => {
    // Before the metric-matched fallback (decision 011), /about moved by 0.21 and an article by
    // 0.027 when Inter arrived after the first paint.
    for (const path of ["/about", `/p/${await firstSlug(app)}`]) {
      const { page, problems } = await openPage(browser, phone);
      const font = await holdRequests(page, /\.woff2$/);
      await recordLayoutShifts(page);
      // Inter comes only after the page has painted without it (a preload holds back the load
      // event, so the wait is for the document, then for painted frames).
      await page.goto(`${app.baseUrl}${path}`, { waitUntil: "domcontentloaded" });
      await pageSettled(page);
      font();
      const standIn = await page.evaluate(async () => {
        const standIn = [...document.fonts]
          .filter((f) => f.family === "Inter Variable fallback")
          .map((f) => f.status);
        await document.fonts.ready;
        while (
          ![...document.fonts].some((f) => f.family === "Inter Variable" && f.status === "loaded")
        )
          await new Promise((resolve) => setTimeout(resolve, 50));
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return standIn;
      });
      const cls = (await layoutShifts(page)).reduce((sum, v) => sum + v, 0);
      expect(
        standIn,
        "a local font for the stand-in (Roboto, Segoe UI, Helvetica Neue, Arial or Noto Sans; " +
          "`apt-get install fonts-roboto-unhinted` on Debian)",
      ).toContain("loaded");
      expect(cls, path).toBeLessThan(0.005);
      expect(problems).toEqual([]);
    }
  });

  it("opens Max's empty chat without the AI SDK up front, the Markdown renderer or a layout shift", async () => {
    const { page, problems } = await openPage(browser, phone);
    // What the chat moves, not a late text font (the test above judges that).
    await recordLayoutShifts(page, { afterFonts: true });
    await page.goto(`${app.baseUrl}/assistant`);
    await page.locator('[role="log"][aria-busy="false"]').waitFor();
    await hydrated(page);
    await pageSettled(page);
    expect(await layoutShifts(page)).toEqual([]);
    const { scripts } = await timings(page);
    // The chat's code (the AI SDK) arrives after the page's own modules, not among them.
    const chat = /\/assistant-chat-[\w-]{8}\.js$/;
    expect(scripts.some((s) => chat.test(s.url))).toBe(true);
    const html = await (await fetch(`${app.baseUrl}/assistant`)).text();
    expect(html).toContain('aria-label="Send a message"');
    expect(html).not.toMatch(/modulepreload[^>]*assistant-chat-/);
    const markdown = /\/(message-)?markdown-[\w-]{8}\.js$/;
    expect(scripts.filter((s) => markdown.test(s.url))).toEqual([]);
    // A question brings the renderer: the answer's Markdown shows as such.
    const input = page.getByRole("textbox", { name: "Send a message" });
    await input.fill("What is the price of Bitcoin?");
    await input.press("Enter");
    await expect
      .poll(async () => (await timings(page)).scripts.some((s) => markdown.test(s.url)))
      .toBe(true);
    expect(problems).toEqual([]);
  });
});
