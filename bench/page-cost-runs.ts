// The Lighthouse runs behind bench:pages' second table (docs/architecture.md#what-a-readers-phone-pays):
// each page as served and bare, for this build and, when BENCH_PAGES_BASELINE names another
// checkout, for that one too, interleaved with the reference document; then the total blocking time
// at the slowdown calibrated by the reference document's time.
import type { Flags, RunnerResult } from "lighthouse";
import {
  COST_FLAGS,
  calibratedSlowdown,
  indexMultiplier,
  type MainThreadMs,
  mainThreadMs,
  median,
  type Proxy,
  startProxy,
} from "./page-cost.ts";

/** One Lighthouse run of a URL with extra flags (the bench's runner: same browser, retries). */
export type RunLighthouse = (url: string, flags: Flags) => Promise<RunnerResult>;

/** A build's app being measured: its origin, and the two proxies `startProxy` puts before it. */
export interface Site {
  base: string;
  /** Passes everything through: the page as served. */
  served: Proxy;
  /** Strips the pages' scripts: the bare document. */
  bare: Proxy;
}

/** The two proxies before the app at `base`. The caller closes them (`closeSite`). */
export async function startSite(base: string): Promise<Site> {
  return { base, served: await startProxy(base, false), bare: await startProxy(base, true) };
}

/** Stops a site's proxies (not its app). */
export async function closeSite(site: Site): Promise<void> {
  await site.served.close();
  await site.bare.close();
}

/** One build's main thread on one page without throttling: medians of the runs, ms. */
export interface MainThreadCost {
  /** The page as served. */
  served: MainThreadMs;
  /** Its HTML without scripts (`stripScripts`). */
  bare: MainThreadMs;
  /** served.cpuMs / bare.cpuMs, two decimals: our JavaScript's cost over the bare document. */
  ratio: number;
  /** served.wallMs / bare.wallMs, two decimals: the same in wall time, stretched by the host's load. */
  wallRatio: number;
  runs: { served: MainThreadMs[]; bare: MainThreadMs[]; ratios: number[] };
}

/** What a reader's phone pays for one page; medians of the runs, times in ms. */
export interface PageCost extends MainThreadCost {
  path: string;
  /** The reference document's main thread (`startReference`), medians of the page's rounds. */
  reference: MainThreadMs;
  /** Lighthouse's benchmarkIndex (the LHR's `environment`), median of the page's runs. */
  benchmarkIndex: number;
  /** `indexMultiplier(benchmarkIndex)`: the slowdown Lighthouse's calculator would have used. */
  indexMultiplier: number | null;
  /** `calibratedSlowdown(reference.wallMs)`, the CPU slowdown of the calibrated runs. */
  multiplier: number;
  /** Total blocking time and performance score (0-100), mobile preset at `multiplier`. */
  calibrated: { tbtMs: number; performance: number };
  /** The baseline build's figures (BENCH_PAGES_BASELINE), its runs interleaved with these. */
  baseline?: MainThreadCost;
  runs: MainThreadCost["runs"] & {
    reference: MainThreadMs[];
    benchmarkIndex: number[];
    calibrated: { tbtMs: number; performance: number }[];
  };
}

/** Where and how often `measureCost` measures. */
export interface CostBench {
  run: RunLighthouse;
  /** Lighthouse runs of each kind per page (and per build). */
  runs: number;
  /** This build; its calibrated runs load its app directly, as the presets' runs do. */
  site: Site;
  /** Another build to compare with, in the same runs. */
  baseline?: Site;
  /** Where the reference document is served (`startReference`). */
  reference: Proxy;
}

const twoDecimals = (a: number, b = Number.NaN) => Math.round((a / b) * 100) / 100;

/** Each figure's median over `runs` (the groups' too), ms. */
function medianMs(runs: MainThreadMs[]): MainThreadMs {
  const of = (pick: (r: MainThreadMs) => number) => Math.round(median(runs.map(pick)));
  const ids = new Set(runs.flatMap((r) => Object.keys(r.groups)));
  return {
    wallMs: of((r) => r.wallMs),
    cpuMs: of((r) => r.cpuMs),
    scriptMs: of((r) => r.scriptMs),
    styleLayoutMs: of((r) => r.styleLayoutMs),
    otherMs: of((r) => r.otherMs),
    groups: Object.fromEntries([...ids].map((id) => [id, of((r) => r.groups[id] ?? 0)])),
  };
}

/** The medians and ratios of one build's served and bare runs (paired by index). */
function costOf(served: MainThreadMs[], bare: MainThreadMs[]): MainThreadCost {
  const servedMs = medianMs(served);
  const bareMs = medianMs(bare);
  return {
    served: servedMs,
    bare: bareMs,
    ratio: twoDecimals(servedMs.cpuMs, bareMs.cpuMs),
    wallRatio: twoDecimals(servedMs.wallMs, bareMs.wallMs),
    runs: { served, bare, ratios: served.map((s, i) => twoDecimals(s.cpuMs, bare[i]?.cpuMs)) },
  };
}

/** Mobile runs of `url` at the CPU slowdown `multiplier`: their total blocking time and score. */
async function calibratedRuns(bench: CostBench, url: string, multiplier: number) {
  const runs: { tbtMs: number; performance: number }[] = [];
  for (let i = 0; i < bench.runs; i++) {
    console.log(`lighthouse ${url} mobile at ${multiplier}x (run ${i + 1} of ${bench.runs}) …`);
    const { lhr } = await bench.run(url, {
      onlyCategories: ["performance"],
      throttling: { cpuSlowdownMultiplier: multiplier },
    });
    runs.push({
      tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN),
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    });
  }
  return runs;
}

/**
 * Measures `pagePath`: `bench.runs` rounds of cost runs, each loading the page as served and then
 * bare, from this build and then from the baseline's, then the reference document, so that the
 * host's load drifts alike for all; then as many mobile runs of this build at the CPU slowdown
 * calibrated by the reference document's median wall time (`calibratedSlowdown`). Reports the
 * median benchmarkIndex of every run on this page (`earlierIndexes`, from the preset runs, and the
 * cost runs') beside it. docs/architecture.md#what-a-readers-phone-pays.
 * @throws RangeError when the host is slower than the reference phone (`calibratedSlowdown`).
 */
export async function measureCost(
  bench: CostBench,
  pagePath: string,
  earlierIndexes: number[],
): Promise<PageCost> {
  const sites = bench.baseline ? [bench.site, bench.baseline] : [bench.site];
  const samples = sites.map(() => ({ served: [] as MainThreadMs[], bare: [] as MainThreadMs[] }));
  const indexes = [...earlierIndexes];
  const reference: MainThreadMs[] = [];
  for (let i = 0; i < bench.runs; i++) {
    console.log(`lighthouse ${pagePath} main thread, served, bare, reference (round ${i + 1}) …`);
    for (const [s, site] of sites.entries()) {
      for (const kind of ["served", "bare"] as const) {
        const result = await bench.run(site[kind].base + pagePath, COST_FLAGS);
        samples[s]?.[kind].push(mainThreadMs(result));
        indexes.push(result.lhr.environment.benchmarkIndex);
      }
    }
    const result = await bench.run(bench.reference.base, COST_FLAGS);
    reference.push(mainThreadMs(result));
    indexes.push(result.lhr.environment.benchmarkIndex);
  }
  const benchmarkIndex = Math.round(median(indexes));
  const referenceMs = medianMs(reference);
  const multiplier = calibratedSlowdown(referenceMs.wallMs);
  const calibrated = await calibratedRuns(bench, bench.site.base + pagePath, multiplier);
  const [own, baseline] = samples.map((s) => costOf(s.served, s.bare));
  if (!own) throw new Error("no runs");
  return {
    path: pagePath,
    ...own,
    reference: referenceMs,
    benchmarkIndex,
    indexMultiplier: indexMultiplier(benchmarkIndex),
    multiplier,
    calibrated: {
      tbtMs: median(calibrated.map((c) => c.tbtMs)),
      performance: median(calibrated.map((c) => c.performance)),
    },
    ...(baseline ? { baseline } : {}),
    runs: { ...own.runs, reference, benchmarkIndex: indexes, calibrated },
  };
}
