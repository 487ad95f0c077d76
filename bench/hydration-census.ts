// `npm run bench:hydration`: what React walks when each public page hydrates, by part of the page
// (docs/architecture.md#what-a-readers-phone-pays). Loads each page of the production build in
// Chromium at a phone's size, waits for `<html data-hydrated>`, then counts React's fibers under
// the page's landmarks: components, elements, those with state or hooks, those with handlers.
// A large part with neither state nor handlers is markup React need not hydrate (StaticPart).
// Not a timing: the counts are the same on every machine.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { ensureWebBuild } from "../apps/server/src/testing/web-build.ts";
import { firstSlug, startApp, table } from "./load.ts";

/** Debian's Chromium unless CHROME_PATH names another browser. */
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** How long a page's count must hold still to be read, ms. */
const SETTLE_MS = 500;
/** Parts shown per page: the largest. */
const PARTS_SHOWN = 8;

/** Fibers under one part of a page, by kind. */
interface PartCount {
  fibers: number;
  elements: number;
  components: number;
  /** Components with hooks (state, effects, context reads through hooks…). */
  withHooks: number;
  /** Fibers whose props hold an event handler (`on…`). */
  withHandlers: number;
}

/** The little of the DOM the census reads (the bench compiles without the DOM's types). */
interface DomElement {
  tagName: string;
  id: string;
  parentElement: DomElement | null;
  getAttribute(name: string): string | null;
}

/** A React fiber, as far as the census reads it. */
interface Fiber {
  tag: number;
  stateNode: unknown;
  memoizedState: unknown;
  memoizedProps: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
}

/**
 * Runs in the page: walks React's fiber tree from the document's root and counts each fiber under
 * the part it renders into, named by its nearest landmarks and ids (`main#main > section`).
 * Reads React's internal `__reactContainer$` key, which every React DOM root carries.
 */
function countFibers(): Record<string, PartCount> {
  const doc = (globalThis as unknown as { document: { documentElement: DomElement } }).document;
  const landmarks = ["header", "footer", "aside", "nav", "main", "article", "section", "form"];
  const partOf = (element: DomElement | null): string => {
    const names: string[] = [];
    for (let e = element; e && e !== doc.documentElement; e = e.parentElement) {
      const tag = e.tagName.toLowerCase();
      const label = e.getAttribute("aria-label");
      if (landmarks.includes(tag) || e.id) {
        names.unshift(`${tag}${e.id ? `#${e.id}` : ""}${label ? `[${label}]` : ""}`);
      }
    }
    return names.slice(0, 3).join(" > ") || "(document)";
  };
  const key = Object.keys(doc).find((k) => k.startsWith("__reactContainer$"));
  const root = key ? (doc as unknown as Record<string, Fiber>)[key] : undefined;
  const parts: Record<string, PartCount> = {};
  const walk = (first: Fiber | null, host: DomElement | null): void => {
    for (let fiber = first; fiber; fiber = fiber.sibling) {
      const element = fiber.tag === 5 ? (fiber.stateNode as DomElement) : host;
      const part = (parts[partOf(element)] ??= {
        fibers: 0,
        elements: 0,
        components: 0,
        withHooks: 0,
        withHandlers: 0,
      });
      part.fibers++;
      if (fiber.tag === 5) part.elements++;
      // Function components, forwardRef and memo (React's work tags 0, 11, 14, 15).
      if ([0, 11, 14, 15].includes(fiber.tag)) {
        part.components++;
        if (fiber.memoizedState) part.withHooks++;
      }
      const props = fiber.memoizedProps;
      if (props && typeof props === "object" && Object.keys(props).some((k) => /^on[A-Z]/.test(k)))
        part.withHandlers++;
      walk(fiber.child, element);
    }
  };
  walk(root?.child ?? null, null);
  return parts;
}

/**
 * The page's count once it stops changing: parts in Suspense boundaries of their own (lazyPart)
 * may hydrate after `<html data-hydrated>`; read until two readings SETTLE_MS apart agree.
 */
async function settledCount(page: Page): Promise<Record<string, PartCount>> {
  let last = "";
  for (;;) {
    const parts = await page.evaluate(countFibers);
    const now = JSON.stringify(parts);
    if (now === last) return parts;
    last = now;
    await page.waitForTimeout(SETTLE_MS);
  }
}

ensureWebBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-census-"));
const app = await startApp(dataDir);
const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox"] });
try {
  const base = `http://127.0.0.1:${app.port}`;
  const pages = ["/", `/p/${await firstSlug(base)}`, "/assistant", "/markets", "/markets/bitcoin"];
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
  for (const pagePath of pages) {
    await page.goto(base + pagePath);
    await page.locator("html[data-hydrated]").waitFor();
    const parts = Object.entries(await settledCount(page));
    const total = parts.reduce((sum, [, count]) => sum + count.fibers, 0);
    console.log(`\n${pagePath}: ${total} fibers`);
    table(
      parts
        .sort(([, a], [, b]) => b.fibers - a.fibers)
        .slice(0, PARTS_SHOWN)
        .map(([part, count]) => ({ part, ...count })),
    );
  }
} finally {
  await browser.close();
  app.child.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}
