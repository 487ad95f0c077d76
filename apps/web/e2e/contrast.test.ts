// Text contrast as Lighthouse's accessibility audit sees it: its colour-contrast
// check (axe, WCAG 1.4.3) at the desktop preset, where the sidebar shows, as well as the mobile one,
// on the pages that share the sidebar's layout.
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium, type RunningApp, startApp } from "./harness.ts";

let app: RunningApp;
let chrome: chromeLauncher.LaunchedChrome;

beforeAll(async () => {
  app = await startApp();
  chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
});
afterAll(async () => {
  await chrome?.kill();
  await app?.stop();
});

/**
 * The elements Lighthouse's `color-contrast` audit fails on `path` with the preset's viewport, as
 * "selector: explanation" lines (none when the audit passes).
 */
async function contrastFailures(path: string, preset: "desktop" | "mobile"): Promise<string[]> {
  const result = await lighthouse(
    `${app.baseUrl}${path}`,
    { port: chrome.port, logLevel: "error", onlyAudits: ["color-contrast"] },
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

describe("text contrast", () => {
  for (const path of ["/", "/assistant"]) {
    it(`passes Lighthouse's colour-contrast audit on ${path} at desktop and mobile`, async () => {
      expect(await contrastFailures(path, "desktop")).toEqual([]);
      expect(await contrastFailures(path, "mobile")).toEqual([]);
    });
  }
});
