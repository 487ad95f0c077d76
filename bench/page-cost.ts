// What a reader's phone pays for a page, measured so that two machines agree: the main thread's
// work at load without any throttling, for the page as served and for the same HTML without its
// scripts (their ratio is our JavaScript's cost over the bare document, whatever the host's
// speed), and the CPU slowdown that makes this host emulate a mid-tier phone, from its time for a
// fixed reference document.
// docs/architecture.md#what-a-readers-phone-pays says how bench:pages uses them.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Flags, RunnerResult, TraceEvent } from "lighthouse";
import {
  MainThreadTasks,
  type TaskNode,
} from "lighthouse/core/lib/tracehouse/main-thread-tasks.js";
import { TraceProcessor } from "lighthouse/core/lib/tracehouse/trace-processor.js";

/**
 * Lighthouse flags of a cost run: its default mobile form factor and screen, no network or CPU
 * throttling at all (`throttlingMethod: "provided"`), and only `mainthread-work-breakdown`, whose
 * trace (the run's `artifacts.Trace`) `mainThreadMs` reads.
 */
export const COST_FLAGS: Flags = {
  throttlingMethod: "provided",
  onlyAudits: ["mainthread-work-breakdown"],
};

/**
 * Main-thread time of one page load, ms: the renderer main thread's top-level tasks from
 * navigation start to the end of Lighthouse's trace (load, then network and CPU quiet).
 */
export interface MainThreadMs {
  /** Their wall-clock duration (what Lighthouse's `mainthread-work-breakdown` sums). */
  wallMs: number;
  /**
   * Their thread time (the trace's `tdur`): the CPU the main thread used, which other processes
   * on a shared host do not stretch the way they stretch `wallMs` (docs/architecture.md#what-a-readers-phone-pays).
   */
  cpuMs: number;
  /** `cpuMs` of script evaluation plus parsing and compiling (Lighthouse's two script groups). */
  scriptMs: number;
  /** `cpuMs` of style recalculation and layout. */
  styleLayoutMs: number;
  /** The rest of `cpuMs`: HTML and CSS parsing, paint, garbage collection, other. */
  otherMs: number;
  /** `cpuMs` by Lighthouse's task groups (`core/lib/tracehouse/task-groups.js`). */
  groups: Record<string, number>;
}

type Timed = TraceEvent & { tdur?: number; tts?: number };

/** A task's own thread time in ms, when the trace recorded it (`tdur`, or a B/E pair's `tts`). */
function threadMs(task: TaskNode): number | undefined {
  const event = task.event as Timed;
  if (event.tdur !== undefined) return event.tdur / 1000;
  const end = task.endEvent as Timed | undefined;
  if (event.tts !== undefined && end?.tts !== undefined) return (end.tts - event.tts) / 1000;
  return undefined;
}

/**
 * Adds `task`'s self thread time to its group in `groups` and its children's to theirs; returns
 * its thread time. A task without one counts its wall time at its parent's CPU share (`scale`).
 */
function addThreadTime(task: TaskNode, scale: number, groups: Record<string, number>): number {
  const own = threadMs(task) ?? task.duration * scale;
  const share = task.duration > 0 ? Math.min(1, own / task.duration) : scale;
  let children = 0;
  for (const child of task.children) children += addThreadTime(child, share, groups);
  groups[task.group.id] = (groups[task.group.id] ?? 0) + Math.max(0, own - children);
  return own;
}

/**
 * The main-thread time of a cost run, from its trace, with Lighthouse's own task tree
 * (`TraceProcessor`, `MainThreadTasks`: the tasks and groups of `mainthread-work-breakdown`).
 * @throws Error when the run was throttled (its page would have run under a slowdown) or has no
 * trace.
 */
export function mainThreadMs(result: RunnerResult): MainThreadMs {
  if (result.lhr.configSettings.throttlingMethod !== "provided") {
    throw new Error("a cost run must not be throttled (throttlingMethod: provided)");
  }
  const trace = result.artifacts.Trace;
  if (!trace) throw new Error(`no trace for ${result.lhr.finalDisplayedUrl}`);
  const processed = TraceProcessor.processTrace(trace);
  const { mainThreadEvents, frames, timestamps } = processed;
  const tasks = MainThreadTasks.getMainThreadTasks(
    mainThreadEvents,
    frames,
    timestamps.traceEnd,
    timestamps.timeOrigin,
  ).filter((task) => !task.parent && task.startTime >= 0);
  const cpu: Record<string, number> = {};
  let wallMs = 0;
  let cpuMs = 0;
  for (const task of tasks) {
    wallMs += task.duration;
    cpuMs += addThreadTime(task, 1, cpu);
  }
  const groups = Object.fromEntries(Object.entries(cpu).map(([id, ms]) => [id, Math.round(ms)]));
  const scriptMs = (cpu.scriptEvaluation ?? 0) + (cpu.scriptParseCompile ?? 0);
  const styleLayoutMs = cpu.styleLayout ?? 0;
  return {
    wallMs: Math.round(wallMs),
    cpuMs: Math.round(cpuMs),
    scriptMs: Math.round(scriptMs),
    styleLayoutMs: Math.round(styleLayoutMs),
    otherMs: Math.round(cpuMs - scriptMs - styleLayoutMs),
    groups,
  };
}

/**
 * The reference document's main-thread time at load on the reference mid-range phone, ms of wall
 * time: what `calibratedSlowdown` divides by this host's time for it. The phone is Lighthouse's
 * mid-tier mobile as its default 4x slowdown emulates it on the desktop that default is meant for,
 * the one its CPU throttling calculator gives 4x (benchmarkIndex 1,533): 4 x the document's time
 * on such a host, from seven loads on the shared 2-CPU host, 2026-12-01
 * (docs/decisions/034-calibrated-by-a-reference-document.md#the-reference-phone). Its level is a
 * convention (what "mid-range phone" means); hosts agree because it is fixed, not because of its
 * value.
 */
export const REFERENCE_PHONE_MS = 490;

/** The reference document (a frozen page, self-contained): `startReference` serves it. */
export const REFERENCE_DOCUMENT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "reference-document.html",
);

/**
 * The CPU slowdown that makes this host emulate the reference phone on the work of loading a
 * page: REFERENCE_PHONE_MS over `referenceMs`, this host's wall time for the reference document
 * measured in the same run and browser (so a host busier or slower at that moment gets a smaller
 * slowdown, as much smaller as this kind of work is slower on it). Two decimals.
 * docs/architecture.md#what-a-readers-phone-pays.
 * @throws RangeError when `referenceMs` is not a positive number or is above REFERENCE_PHONE_MS
 * (the host is slower than the phone: no slowdown emulates it).
 */
export function calibratedSlowdown(referenceMs: number): number {
  if (!(referenceMs > 0) || referenceMs > REFERENCE_PHONE_MS) {
    throw new RangeError(`reference document ${referenceMs} ms: slower than the reference phone`);
  }
  return Math.round((REFERENCE_PHONE_MS / referenceMs) * 100) / 100;
}

/**
 * The CPU slowdown Lighthouse's CPU throttling calculator gives a host of `benchmarkIndex`: its
 * piecewise-linear map (150 → 1x, 800 → 2x, 1300 → 3x, then one more x per 233 points: 1533 → 4x,
 * 2000 → 6x), where Lighthouse's docs send a host whose benchmarkIndex is not the high-end
 * desktop's that the default 4x assumes
 * (https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md#calibrating-the-cpu-slowdown,
 * https://lighthouse-cpu-throttling-calculator.vercel.app/). bench:pages reports it beside its
 * own slowdown, which replaced it (docs/decisions/034-calibrated-by-a-reference-document.md).
 * Two decimals; null below 150 (or not a number), where the calculator says the host is too
 * slow to emulate the phone.
 */
export function indexMultiplier(benchmarkIndex: number): number | null {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 100) / 100;
}

/** A loopback server answering every request with the reference document: its origin, and stop. */
export async function startReference(): Promise<Proxy> {
  const body = fs.readFileSync(REFERENCE_DOCUMENT);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-length": body.length,
    });
    res.end(body);
  });
  return listen(server);
}

/**
 * The document without JavaScript: every `<script>` element (inline or not, with its content)
 * and every `<link rel="modulepreload">` removed, the rest byte for byte.
 */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, "");
}

/** A loopback proxy in front of the app: its origin, and how to stop it. */
export interface Proxy {
  base: string;
  close: () => Promise<void>;
}

/**
 * A loopback HTTP proxy to `target` (e.g. `http://127.0.0.1:3000`) on a free port. It passes every
 * request through; with `strip`, a navigation (an `Accept` naming text/html) is fetched
 * uncompressed and its HTML answer goes out through `stripScripts`. Serving both the page and its
 * bare copy through a proxy keeps the one difference between them the scripts.
 */
export async function startProxy(target: string, strip: boolean): Promise<Proxy> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const navigation = strip && (req.headers.accept ?? "").includes("text/html");
    const headers = { ...req.headers, host: upstream.host };
    if (navigation) headers["accept-encoding"] = "identity";
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        const html = (answer.headers["content-type"] ?? "").startsWith("text/html");
        if (!navigation || !html) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.from(stripScripts(Buffer.concat(chunks).toString("utf8")));
          const {
            "content-length": _length,
            "transfer-encoding": _encoding,
            etag: _etag,
            ...rest
          } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...rest, "content-length": body.length });
          res.end(body);
        });
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  return listen(server);
}

/** `server` listening on a free loopback port: its origin, and how to stop it. */
async function listen(server: http.Server): Promise<Proxy> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The middle value of `values` (the mean of the two middle ones for an even count); NaN if none. */
export function median(values: number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
