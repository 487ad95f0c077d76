// Text contrast as Lighthouse's accessibility audit sees it: its colour-contrast
// check (axe, WCAG 1.4.3) at the desktop preset, where the sidebar shows, as well as the mobile one,
// on the pages that share the sidebar's layout, in the system's theme and in each theme a reader
// can choose against the other system setting (docs/product/reader.md#theme).
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium, type RunningApp, startApp } from "./harness.ts";

let app: RunningApp;
let chrome: chromeLauncher.LaunchedChrome;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** The theme a run sees: the system's setting, and the reader's remembered choice if any. */
interface ThemeCase {
  name: string;
  system: "light" | "dark";
  chosen?: "light" | "dark";
}

/**
 * Remembers `chosen` in the launched Chromium's profile as the switch would (lib/theme.ts's
 * localStorage key, through the DevTools protocol, with no media emulation) and returns the
 * `data-theme` a page of the app then gets.
 */
async function rememberTheme(chosen: "light" | "dark"): Promise<string | null> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.emulateMedia({ colorScheme: null });
    await page.goto(`${app.baseUrl}/about`);
    await page.evaluate((value) => localStorage.setItem("pragmatist-theme", value), chosen);
    await page.reload();
    const theme = await page.locator("html").getAttribute("data-theme");
    await page.close();
    return theme;
  } finally {
    // Disconnects only: the browser is chrome-launcher's.
    await browser.close();
  }
}

/**
 * The elements Lighthouse's `color-contrast` audit fails on `path` with the preset's viewport, as
 * "selector: explanation" lines (none when the audit passes).
 */
async function contrastFailures(path: string, preset: "desktop" | "mobile"): Promise<string[]> {
  const result = await lighthouse(
    `${app.baseUrl}${path}`,
    // The storage is kept: it holds the reader's theme.
    {
      port: chrome.port,
      logLevel: "error",
      onlyAudits: ["color-contrast"],
      disableStorageReset: true,
    },
    preset === "desktop" ? desktopConfig : undefined,
  );
  const audit = result?.lhr.audits["color-contrast"];
  expect(audit, result?.lhr.runtimeError?.message).toBeDefined();
  const details = audit?.details as
    { items?: { node?: { selector?: string; explanation?: string } }[] } | undefined;
  const failures = (details?.items ?? []).map(
    (item) => `${item.node?.selector}: ${item.node?.explanation?.split("\n")[1]?.trim()}`,
  );
  // A failing audit names its elements; a passing one scores 1.
  expect(audit?.score === 1 || failures.length > 0).toBe(true);
  return failures;
}

const themes: ThemeCase[] = [
  { name: "the system's light theme", system: "light" },
  { name: "Dark chosen on a light system", system: "light", chosen: "dark" },
  { name: "Light chosen on a dark system", system: "dark", chosen: "light" },
];

for (const theme of themes) {
  describe(`text contrast in ${theme.name}`, () => {
    beforeAll(async () => {
      chrome = await chromeLauncher.launch({
        chromePath: findChromium(),
        chromeFlags: [
          "--headless=new",
          "--no-sandbox",
          "--disable-gpu",
          ...(theme.system === "dark" ? ["--force-dark-mode"] : []),
        ],
      });
      if (theme.chosen) expect(await rememberTheme(theme.chosen)).toBe(theme.chosen);
    });
    afterAll(async () => {
      await chrome?.kill();
    });

    for (const path of ["/", "/assistant"]) {
      it(`passes Lighthouse's colour-contrast audit on ${path} at desktop and mobile`, async () => {
        expect(await contrastFailures(path, "desktop")).toEqual([]);
        expect(await contrastFailures(path, "mobile")).toEqual([]);
      });
    }
  });
}
