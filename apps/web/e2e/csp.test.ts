// Pages under their nonce-based Content Security Policy in headless Chromium (OWASP CSP):
// the home page hydrates, navigates client-side to an article and to About, and the browser
// reports no policy violation and no console error on the way; a refused request reaches the
// harness's violation check (csp-violations.ts) with its directive and address.
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, type RunningApp, withAppAndBrowser } from "./harness.ts";

let app: RunningApp;
let browser: Browser;
withAppAndBrowser((started) => ({ app, browser } = started));

describe("content security policy in the browser", () => {
  it("hydrates and navigates client-side with no violation", async () => {
    // The harness fails the test on any policy violation (csp-violations.ts); console errors here.
    const { page, problems, cspViolations } = await openPage(browser);
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });

    // The page view goes out from an effect: React has hydrated the page once it is sent.
    const hydrated = page.waitForRequest((r) => r.url().endsWith("/api/analytics/pageview"));
    const response = await page.goto(`${app.baseUrl}/`);
    await hydrated;
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}' 'strict-dynamic'/);
    // A mark on this document: it survives client-side navigations, not document loads.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const sameDocument = () => page.evaluate(() => "sameDocument" in window);

    // Scripts ran under the policy: the router takes the click, the document stays.
    const card = page.locator('main a[href^="/p/"]').first();
    const href = await card.getAttribute("href");
    await card.click();
    await page.waitForURL(`**${href}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await sameDocument()).toBe(true);

    await page.getByRole("banner").getByRole("link", { name: "About" }).click();
    await page.waitForURL("**/about");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await sameDocument()).toBe(true);

    expect(cspViolations).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("tells the harness of a violation: the directive and the refused address", async () => {
    const { page, cspViolations } = await openPage(browser);
    await page.goto(`${app.baseUrl}/about`);
    await page.evaluate(() => fetch("https://csp-probe.invalid/refused").catch(() => null));
    // Both witnesses: the page's securitypolicyviolation event and the browser's console message.
    const seen = () => cspViolations.join("\n");
    await expect
      .poll(seen)
      .toMatch(/^securitypolicyviolation: connect-src blocked https:\/\/csp-probe/m);
    await expect.poll(seen).toMatch(/^console error: .*csp-probe.*Content Security Policy/m);
    // The harness would fail this test on them after it ends: they were expected.
    cspViolations.length = 0;
  });
});
