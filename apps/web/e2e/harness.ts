// Browser-test harness: finds a Chromium, starts the production server on SQLite with the demo
// content in a temporary data folder, and opens pages in headless Chromium (playwright-core).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * The Chromium to drive: CHROME_PATH, else the system `chromium`, else Playwright's own browser.
 * @throws Error saying how to install one when none is found.
 */
export function findChromium(): string {
  const candidates = [
    process.env.CHROME_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here.
  }
  const found = candidates.find((c): c is string => !!c && fs.existsSync(c));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install one: `apt-get install chromium` (Debian), " +
        "or set CHROME_PATH to a Chrome/Chromium binary, or run `npx playwright install chromium`.",
    );
  }
  return found;
}

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts `apps/server/src/main.ts` (production build, SQLite, demo content) on a free port. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  if (!fs.existsSync(path.join(repoRoot, "apps/web/build/server/index.js"))) {
    throw new Error("No web build: run `npm run build` first (npm run test:e2e does).");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-e2e-"));
  const child: ChildProcess = spawn(process.execPath, ["apps/server/src/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (m?.[1]) resolve(m[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited ${code}:\n${seen.slice(-3000)}`)));
  });
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Launches headless Chromium with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Desktop and phone viewports used across journeys. */
export const viewports = {
  desktop: { viewport: { width: 1440, height: 900 } },
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;

/** Opens a page that fails the test on any uncaught page error or dialog (alert = XSS). */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = viewports.desktop,
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("dialog", async (d) => {
    problems.push(`dialog: ${d.message()}`);
    await d.dismiss();
  });
  return { page, problems };
}
