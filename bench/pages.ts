// `npm run bench:pages`: Lighthouse, mobile and desktop presets, on the public pages of a production
// build (desktop has the sidebar, which mobile hides), then what a reader's phone pays for each
// page, measured so that hosts agree (bench/page-cost.ts, docs/architecture.md#what-a-readers-phone-pays).
// Writes bench/results/pages-<time>.json and pages-latest.json and prints two tables.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, {
  type Config,
  desktopConfig,
  type Flags,
  type Result,
  type RunnerResult,
} from "lighthouse";
import { SESSION_COOKIE } from "../apps/server/src/modules/accounts/sessions.ts";
import { ensureWebBuild } from "../apps/server/src/testing/web-build.ts";
import { root, startApp, table } from "./load.ts";
import { median, REFERENCE_PHONE_MS, startReference } from "./page-cost.ts";
import { closeSite, measureCost, type PageCost, type Site, startSite } from "./page-cost-runs.ts";

/** Lighthouse runs per page (BENCH_PAGES_RUNS, default 3); each figure is the median of the runs. */
const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 3);
/** Renders of each page before measuring, and the cookie that keeps them out of the cache. */
const WARM_UP_RENDERS = 5;
const WARM_UP_COOKIE = `${SESSION_COOKIE}=bench-warm-up`;
/** Tries per run before a page's measurement is given up. */
const ATTEMPTS = 3;
/** Debian's Chromium unless CHROME_PATH names another browser. */
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
/**
 * Performance >= 98 (docs/decisions/004-first-paint-first.md), Accessibility 100, Best Practices
 * >= 96, SEO 100.
 */
const TARGETS: Record<Category, number> = {
  performance: 98,
  accessibility: 100,
  "best-practices": 96,
  seo: 100,
};

/** The presets each page is measured with: Lighthouse's default (mobile) and its desktop one. */
const PRESETS = {
  mobile: {
    config: undefined,
    description: "Lighthouse default: Moto G Power, simulated slow 4G, 4x CPU slowdown",
  },
  desktop: {
    config: desktopConfig,
    description: "Lighthouse desktop: 1350x940, simulated 10 Mbit/s and 40 ms, no CPU slowdown",
  },
} satisfies Record<string, { config: Config | undefined; description: string }>;
type Preset = keyof typeof PRESETS;

interface RunFigures {
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  jsBytes: number;
  /** Lighthouse's measure of the host's CPU (the LHR's `environment.benchmarkIndex`). */
  benchmarkIndex: number;
}

interface PageResult extends RunFigures {
  path: string;
  preset: Preset;
  runs: RunFigures[];
  /** Scored audits that did not pass in any run (id: title), what to fix next. */
  failing: Record<string, string>;
}

/** Figures of one Lighthouse report: scores 0-100, times in ms, transfer sizes in bytes. */
function figures(lhr: Result): RunFigures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const resources = lhr.audits["resource-summary"]?.details;
  const items =
    resources && "items" in resources
      ? (resources.items as { resourceType: string; transferSize: number }[])
      : [];
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  return {
    scores,
    fcpMs: Math.round(audit("first-contentful-paint")),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    tbtMs: Math.round(audit("total-blocking-time")),
    cls: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
    totalBytes: audit("total-byte-weight"),
    jsBytes: items.find((i) => i.resourceType === "script")?.transferSize ?? 0,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * Audits that count towards a category score (weight > 0) and scored below 1: their titles, with
 * what their table lists when its rows have a description (the console's errors), so a failing
 * run says what failed, not only which audit.
 */
function failingAudits(lhr: Result): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!(ref.weight > 0 && a && a.score !== null && a.score < 1)) continue;
      const items = a.details && "items" in a.details ? (a.details.items as unknown[]) : [];
      const said = items.flatMap((i) =>
        typeof i === "object" && i && "description" in i ? [String(i.description)] : [],
      );
      out[ref.id] = said.length > 0 ? `${a.title}: ${said.join(" | ")}` : a.title;
    }
  }
  return out;
}

function medianFigures(runs: RunFigures[]): RunFigures {
  const of = (pick: (r: RunFigures) => number) => median(runs.map(pick));
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, of((r) => r.scores[c])])) as Record<
      Category,
      number
    >,
    fcpMs: of((r) => r.fcpMs),
    lcpMs: of((r) => r.lcpMs),
    tbtMs: of((r) => r.tbtMs),
    cls: of((r) => r.cls),
    totalBytes: of((r) => r.totalBytes),
    jsBytes: of((r) => r.jsBytes),
    benchmarkIndex: of((r) => r.benchmarkIndex),
  };
}

/** The newest published article with a thumbnail: the article page's LCP is its image. */
async function articleWithImage(base: string): Promise<string> {
  const res = await fetch(`${base}/api/articles?pagination[page]=1&pagination[pageSize]=25`);
  const body = (await res.json()) as {
    data: { attributes: { slug: string; thumbnailUrl: unknown } }[];
  };
  const slug = body.data.find((a) => a.attributes.thumbnailUrl)?.attributes.slug;
  if (!slug) throw new Error("no demo article with an image to measure");
  return slug;
}

/**
 * One Lighthouse run of `url` in the browser on `port` with `flags` (added to the run's own: its
 * categories) and `config` (a preset's; Lighthouse's default, mobile, when undefined); a run that
 * fails to record (a trace without navigation start happens on busy machines) is repeated, up to
 * ATTEMPTS times.
 */
async function audit(
  port: number,
  url: string,
  flags: Flags = {},
  config?: Config,
): Promise<RunnerResult> {
  let failure = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const result = await lighthouse(
      url,
      { port, logLevel: "error", output: "json", onlyCategories: [...CATEGORIES], ...flags },
      config,
    );
    if (result && !result.lhr.runtimeError) return result;
    failure = result?.lhr.runtimeError?.message ?? "no result";
    console.log(`  ${failure}; again`);
  }
  throw new Error(`${url}: ${failure}`);
}

/** The presets' table: each page's scores and metrics, one row per preset. */
function printLighthouse(results: PageResult[]): void {
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  const mark = (c: Category, score: number) => `${score}${score >= TARGETS[c] ? "" : " !"}`;
  table(
    results.map((r) => ({
      page: shortPath(r.path),
      preset: r.preset,
      perf: mark("performance", r.scores.performance),
      a11y: mark("accessibility", r.scores.accessibility),
      "best pr.": mark("best-practices", r.scores["best-practices"]),
      seo: mark("seo", r.scores.seo),
      "FCP ms": r.fcpMs,
      "LCP ms": r.lcpMs,
      "TBT ms": r.tbtMs,
      CLS: r.cls,
      "total KiB": kib(r.totalBytes),
      "JS KiB": kib(r.jsBytes),
    })),
  );
  console.log(`\nmedian of ${RUNS} runs per page; "!" marks a score below its target`);
  for (const r of results) {
    const ids = Object.keys(r.failing);
    if (ids.length) console.log(`${r.path} (${r.preset}): not passing: ${ids.join(", ")}`);
    for (const said of Object.values(r.failing).filter((t) => t.includes(": "))) {
      console.log(`  ${said}`);
    }
  }
}

/**
 * What a reader's phone pays, one row per page: the main thread at load without throttling, as
 * served (script, style and layout) and bare, their ratio, the reference document's wall time and
 * the CPU slowdown calibrated by it, the total blocking time and score under it, and the host's
 * benchmarkIndex with the slowdown Lighthouse's calculator gives it, beside the presets' scores
 * (docs/architecture.md#what-a-readers-phone-pays).
 */
function printCosts(results: PageResult[], costs: PageCost[]): void {
  const score = (pagePath: string, preset: Preset) =>
    results.find((r) => r.path === pagePath && r.preset === preset)?.scores.performance ?? "";
  console.log(
    "\nmain thread at load without throttling: CPU ms (thread time) as served, split, and bare;",
  );
  console.log(
    `wall ratio: the same in wall time; ref ms: the reference document's wall time; CPU x: ${REFERENCE_PHONE_MS} / ref ms;`,
  );
  console.log("TBT and score at CPU x; index x: Lighthouse's calculator's slowdown (not run)");
  table(
    costs.map((c) => ({
      page: shortPath(c.path),
      "mobile perf": score(c.path, "mobile"),
      "desktop perf": score(c.path, "desktop"),
      "served ms": c.served.cpuMs,
      script: c.served.scriptMs,
      "style+layout": c.served.styleLayoutMs,
      other: c.served.otherMs,
      "bare ms": c.bare.cpuMs,
      "served/bare": c.ratio.toFixed(2),
      "ratio runs": c.runs.ratios.map((r) => r.toFixed(2)).join(" "),
      "wall ratio": c.wallRatio.toFixed(2),
      "ref ms": c.reference.wallMs,
      "CPU x": c.multiplier,
      "cal. TBT ms": c.calibrated.tbtMs,
      "cal. perf": c.calibrated.performance,
      benchmarkIndex: c.benchmarkIndex,
      "index x": c.indexMultiplier ?? "",
    })),
  );
}

/**
 * This build against the baseline's (BENCH_PAGES_BASELINE), measured in the same rounds: main
 * thread CPU ms as served, its script part, and served/bare, for each; "this/base" is the ratio of
 * the two builds' served CPU time (below 1: this build costs a phone less).
 */
function printBaseline(costs: PageCost[], checkout: string): void {
  console.log(`\nthis build against ${checkout} (main thread CPU ms, same rounds)`);
  table(
    costs.map((c) => ({
      page: shortPath(c.path),
      "served ms": c.served.cpuMs,
      "base served ms": c.baseline?.served.cpuMs ?? "",
      "this/base": c.baseline ? (c.served.cpuMs / c.baseline.served.cpuMs).toFixed(2) : "",
      script: c.served.scriptMs,
      "base script": c.baseline?.served.scriptMs ?? "",
      "served/bare": c.ratio.toFixed(2),
      "base served/bare": c.baseline?.ratio.toFixed(2) ?? "",
      "ratio runs": c.runs.ratios.map((r) => r.toFixed(2)).join(" "),
      "base ratio runs": c.baseline?.runs.ratios.map((r) => r.toFixed(2)).join(" ") ?? "",
    })),
  );
}

/** A page's path cut to 40 characters for a table. */
function shortPath(pagePath: string): string {
  return pagePath.length > 40 ? `${pagePath.slice(0, 39)}…` : pagePath;
}

ensureWebBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-pages-"));
const app = await startApp(dataDir);
const base = `http://127.0.0.1:${app.port}`;
const site = await startSite(base);
const reference = await startReference();
// BENCH_PAGES_BASELINE=/path/to/checkout: that checkout's build (built beforehand, its
// node_modules beside it) served too, its main thread measured in the same rounds as this one's.
const baselineCheckout = process.env.BENCH_PAGES_BASELINE;
const baselineDir = baselineCheckout && fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-base-"));
const baselineApp = baselineDir ? await startApp(baselineDir, {}, baselineCheckout) : undefined;
const baseline: Site | undefined =
  baselineApp && (await startSite(`http://127.0.0.1:${baselineApp.port}`));
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const all = [
    "/",
    `/p/${await articleWithImage(base)}`,
    "/assistant",
    "/markets",
    "/markets/bitcoin",
    "/about",
    "/login",
  ];
  // BENCH_PAGES=/markets,/markets/bitcoin measures only those of the pages.
  const only = process.env.BENCH_PAGES?.split(",");
  const pages = only ? all.filter((p) => only.includes(p)) : all;
  // A server that has rendered each page before (compiled, warm), as in production; rendered for a
  // session cookie so that no warm-up copy waits in the anonymous response cache.
  for (const pagePath of pages) {
    for (let i = 0; i < WARM_UP_RENDERS; i++) {
      await (await fetch(base + pagePath, { headers: { cookie: WARM_UP_COOKIE } })).arrayBuffer();
    }
  }
  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const results: PageResult[] = [];
  const costs: PageCost[] = [];
  const environment = { lighthouse: "", browser: "" };
  const port = chrome.port;
  const run = async (url: string, flags: Flags, config?: Config) => {
    const result = await audit(port, url, flags, config);
    environment.lighthouse = result.lhr.lighthouseVersion;
    environment.browser = result.lhr.environment.hostUserAgent;
    return result;
  };
  const bench = { run, runs: RUNS, site, baseline, reference };
  for (const pagePath of pages) {
    for (const preset of Object.keys(PRESETS) as Preset[]) {
      const runs: RunFigures[] = [];
      const failing: Record<string, string> = {};
      for (let i = 0; i < RUNS; i++) {
        console.log(`lighthouse ${pagePath} ${preset} (run ${i + 1} of ${RUNS}) …`);
        const { lhr } = await run(base + pagePath, {}, PRESETS[preset].config);
        runs.push(figures(lhr));
        Object.assign(failing, failingAudits(lhr));
      }
      results.push({ path: pagePath, preset, ...medianFigures(runs), runs, failing });
    }
    const indexes = results.flatMap((r) => (r.path === pagePath ? r.runs : []));
    costs.push(
      await measureCost(
        bench,
        pagePath,
        indexes.map((r) => r.benchmarkIndex),
      ),
    );
  }

  const measuredAt = new Date().toISOString();
  const report = {
    measuredAt,
    machine: { cpus: os.cpus().length, node: process.version },
    ...environment,
    presets: Object.fromEntries(
      Object.entries(PRESETS).map(([name, preset]) => [name, preset.description]),
    ),
    runsPerPage: RUNS,
    targets: TARGETS,
    benchmarkIndex: median(costs.flatMap((c) => c.runs.benchmarkIndex)),
    referencePhoneMs: REFERENCE_PHONE_MS,
    baseline: baselineCheckout ?? null,
    pages: results,
    costs,
  };
  const dir = path.join(root, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pages-${measuredAt.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  fs.writeFileSync(path.join(dir, "pages-latest.json"), JSON.stringify(report, null, 2));
  printLighthouse(results);
  printCosts(results, costs);
  if (baselineCheckout) printBaseline(costs, baselineCheckout);
  console.log(`written ${path.relative(root, file)}`);
} finally {
  await chrome?.kill();
  await closeSite(site);
  await reference.close();
  if (baseline) await closeSite(baseline);
  app.child.kill("SIGTERM");
  baselineApp?.child.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (baselineDir) fs.rmSync(baselineDir, { recursive: true, force: true });
}
