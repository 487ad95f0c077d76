// Browser-test harness: finds a Chromium, starts the production server on SQLite with the demo
// content in a temporary data folder, opens pages in headless Chromium (playwright-core) that fail
// their test on any Content Security Policy violation, and signs members up (verified by their
// mailed link when they comment) and in.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import PostalMime from "postal-mime";
import sharp from "sharp";
import { afterAll, beforeAll, expect } from "vitest";
import { collectCspViolations, failTestOnCspViolations } from "./csp-violations.ts";

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

/**
 * A TCP port free on 127.0.0.1 now, as the system picks one: for an app whose PUBLIC_URL must name
 * its port before it starts (mailed links, Google's return address).
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `apps/server/src/main.ts` (production build, SQLite, demo content) on a free port, chosen
 * before it starts so that its links (canonical URLs, a shared link's host) carry the real port.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  if (!fs.existsSync(path.join(repoRoot, "apps/web/build/server/index.js"))) {
    throw new Error("No web build: run `npm run build` first (npm run test:e2e does).");
  }
  const port = String(await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-e2e-"));
  const child: ChildProcess = spawn(process.execPath, ["apps/server/src/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: port,
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

/**
 * Starts the app (with `env`) and headless Chromium before the tests of the enclosing file or
 * `describe` block, and closes both after them; `ready` receives them once both run, e.g.
 * `withAppAndBrowser((started) => ({ app, browser } = started))`. `env` may be a function, called
 * when the app starts, for values that exist only once an earlier hook ran (a mail sink's URL).
 */
export function withAppAndBrowser(
  ready: (started: { app: RunningApp; browser: Browser }) => void,
  env: Record<string, string> | (() => Record<string, string>) = {},
): void {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startApp(typeof env === "function" ? env() : env);
    browser = await launchBrowser();
    ready({ app, browser });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
}

/** Desktop and phone viewports used across journeys. */
export const viewports = {
  desktop: { viewport: { width: 1440, height: 900 } },
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;

/**
 * Opens a page in a new browser context, inside a test. `problems` collects uncaught page errors
 * and dialogs (alert = XSS) for the test to assert. `cspViolations` collects every Content
 * Security Policy violation of any page of the context (csp-violations.ts), and the test fails
 * after it ends if there is any, with the directive and the blocked URL.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = viewports.desktop,
): Promise<{ page: Page; problems: string[]; cspViolations: string[] }> {
  const context = await browser.newContext(options);
  const cspViolations = await collectCspViolations(context);
  failTestOnCspViolations(context, cspViolations);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("dialog", async (d) => {
    problems.push(`dialog: ${d.message()}`);
    await d.dismiss();
  });
  return { page, problems, cspViolations };
}

/**
 * The slug of the newest published article (GET /api/articles, page 1 of 1).
 * @throws Error when there is none.
 */
export async function firstSlug(app: RunningApp): Promise<string> {
  const res = await fetch(`${app.baseUrl}/api/articles?pagination[page]=1&pagination[pageSize]=1`);
  const body = (await res.json()) as { data: { attributes: { slug: string } }[] };
  const slug = body.data[0]?.attributes.slug;
  if (!slug) throw new Error("no demo article");
  return slug;
}

/** The session cookie's name (the server's auth plugin): its value is the member's JWT. */
export const SESSION_COOKIE = "pragmatist_session";

/** A member signed up through the API: their token (Bearer, and the session cookie's value). */
export interface Member {
  jwt: string;
  id: number;
  email: string;
}

/** Signs a member up through the API (`POST /api/auth/local/register`) with a fresh email. */
export async function signUp(baseUrl: string, username: string): Promise<Member> {
  const email = `${username.replace(/\W/g, "").toLowerCase()}.${Date.now()}@example.com`;
  const res = await fetch(`${baseUrl}/api/auth/local/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, email, password: "long-enough-password" }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { jwt: string; user: { id: number } };
  return { jwt: body.jwt, id: body.user.id, email };
}

/**
 * The plain text of the newest mail to `to` in the outbox of an app started without SMTP_URL
 * (`DATA_DIR/outbox`, where the mailer writes each message as an .eml file), waiting up to
 * `timeoutMs` for it. @throws Error when none arrives.
 */
export async function outboxMailTo(app: RunningApp, to: string, timeoutMs = 10_000) {
  const dir = path.join(app.dataDir, "outbox");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const name of names) {
      const mail = await PostalMime.parse(fs.readFileSync(path.join(dir, name)));
      if (mail.to?.some((a) => a.address === to)) return mail.text ?? "";
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dir}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The `code` of the `/verify-email?code=…` link in a mail's text. @throws Error when absent. */
export function verifyCodeOf(text: string): string {
  const link = /https?:\/\/\S+\/verify-email\?code=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no verify-email link in:\n${text}`);
  return new URL(link).searchParams.get("code") as string;
}

/**
 * Signs a member up (`signUp`) and verifies their email as they would: follows the link of the
 * verification mail the app wrote to its outbox (the /verify-email page posts its code to
 * `POST /api/auth/email-confirmation`). Commenting needs a verified email.
 */
export async function signUpVerified(app: RunningApp, username: string): Promise<Member> {
  const member = await signUp(app.baseUrl, username);
  const code = verifyCodeOf(await outboxMailTo(app, member.email));
  const res = await fetch(`${app.baseUrl}/api/auth/email-confirmation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return member;
}

/** `npm run user:role -- <email> <role>` against the running app's database. */
export async function grantRole(app: RunningApp, email: string, role: string): Promise<void> {
  await promisify(execFile)(process.execPath, ["apps/server/src/cli/user-role.ts", email, role], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
  });
}

/**
 * Gives the page's browser context the member's session cookie and its member hint, as signing in
 * sets them: signed in from the next load.
 */
export async function signIn(page: Page, baseUrl: string, jwt: string): Promise<void> {
  await page.context().addCookies([
    { name: SESSION_COOKIE, value: jwt, url: baseUrl },
    { name: "pragmatist_member", value: "1", url: baseUrl },
  ]);
}

/**
 * Holds the answers to the page's requests for `url` (a glob or RegExp, as `page.route` takes)
 * until the returned call is made: the test sees what the page shows while they are on their way,
 * however fast or slow the machine, instead of delaying them by a fixed time.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Resolves once the page has rendered two more frames and run a task queued after them: what the
 * page did up to now has painted, and its layout shifts, errors and dialogs have been reported.
 * For asserting that something did not happen, instead of a fixed wait.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
      ),
  );
}

/**
 * Records the layout shifts of the pages `page` opens from now on, before their own scripts run;
 * `layoutShifts` reads them. From their first frame, or with `afterFonts` from the first frame
 * after their fonts are ready (`window.fontsSettled` resolves then): the swap to a text font that
 * came late (a loaded machine) is page-speed.test.ts's to judge (its stand-in, decision 011), and
 * a test of what the page itself moves leaves it out.
 */
export async function recordLayoutShifts(page: Page, { afterFonts = false } = {}): Promise<void> {
  await page.addInitScript((afterFonts) => {
    const shifts: number[] = [];
    let from = afterFonts ? Infinity : 0;
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const fontsSettled = new Promise<void>((resolve) =>
      document.addEventListener("DOMContentLoaded", () => {
        void document.fonts.ready
          .then(nextFrame)
          .then(nextFrame)
          .then(() => {
            from = Math.min(from, performance.now());
            resolve();
          });
      }),
    );
    Object.assign(window, { shifts, fontsSettled });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.startTime >= from) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  }, afterFonts);
}

/** The layout shifts `recordLayoutShifts` has seen on the open page, once its fonts are ready. */
export function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const recorded = window as unknown as { shifts: number[]; fontsSettled: Promise<void> };
    await recorded.fontsSettled;
    return recorded.shifts;
  });
}

/** A file for `setInputFiles`: its name, MIME type and bytes. */
export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A PNG named `name`, `width` × `height` pixels of one `background` colour (CSS), to upload. */
export async function pngFile(
  name: string,
  width: number,
  height: number,
  background = "#0f766e",
): Promise<PickedFile> {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** `method` `path` on the app as the member with `jwt` (a bearer token), with a JSON `body` if any. */
export async function api(
  baseUrl: string,
  method: string,
  path: string,
  jwt: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${jwt}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}
