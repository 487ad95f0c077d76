// `npm run bench:scale`: how each page's cost grows with the archive. Generates (once, reused) a
// demo-size and a large publication on SQLite and PostgreSQL, measures the same paths on each with
// the response cache off, writes bench/results/scale-latest.json and prints a table.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureWebBuild } from "../apps/server/src/testing/web-build.ts";
import { root, startApp, table } from "./load.ts";
import {
  type Engine,
  postgresAvailable,
  postgresBusy,
  type ScaleDatabase,
  scaleDatabase,
} from "./scale-db.ts";
import {
  measurePath,
  memoryMb,
  type PathResult,
  pathsOf,
  untilQuiet,
  viewers,
} from "./scale-paths.ts";
import { measureOperatorPaths, type OperatorResult } from "./scale-operator.ts";
import { demoShape, scaleShape } from "./scale-shape.ts";

/** The scale factor (BENCH_SCALE, default 1: 20,000 articles). */
const FACTOR = Number(process.env.BENCH_SCALE ?? 1);
/**
 * Only the paths whose names hold one of these (BENCH_SCALE_PATHS, comma-separated; all when
 * unset; "none" measures the cold start only), and only these engines (BENCH_SCALE_ENGINES).
 */
const ONLY_PATHS = process.env.BENCH_SCALE_PATHS?.split(",").map((p) => p.trim());
const ONLY_ENGINES = process.env.BENCH_SCALE_ENGINES?.split(",").map((e) => e.trim());
/** BENCH_SCALE_ONLY=operator: the operator's commands alone (no server is started). */
const OPERATOR_ONLY = process.env.BENCH_SCALE_ONLY === "operator";
const wanted = (name: string) => !ONLY_PATHS || ONLY_PATHS.some((p) => name.includes(p));
/** Reader paths at scale within 2x of demo, studio paths within 3x (reported, not enforced). */
const TARGETS = { reader: 2, studio: 3 } as const;

/** What omitted measures are and why (printed and written with the results). */
const LEFT_OUT = [
  "the studio's server-rendered pages (their APIs are measured; the render adds the same work at both sizes)",
];

const children: ChildProcess[] = [];
process.on("exit", () => children.forEach((c) => c.kill("SIGTERM")));

/**
 * Starts the app on `db` (cache off) and times its cold start: healthy, the first page, then
 * quiet (the start-up work it does in the background finished, on PostgreSQL its queries too: the
 * measures must not share the machine with it); the resident memory once quiet.
 */
async function startTimed(db: ScaleDatabase) {
  const t0 = performance.now();
  const app = await startApp(db.dataDir, { ...db.env, RESPONSE_CACHE_SECONDS: "0" });
  children.push(app.child);
  const healthyMs = Math.round(performance.now() - t0);
  const base = `http://127.0.0.1:${app.port}`;
  for (;;) {
    const res = await fetch(`${base}/`);
    await res.arrayBuffer();
    if (res.ok || performance.now() - t0 > 120_000) break;
  }
  const firstPageMs = Math.round(performance.now() - t0);
  const busy = () => (db.engine === "postgres" ? postgresBusy(db.name) : Promise.resolve(false));
  const quietMs = firstPageMs + (await untilQuiet(app.child.pid, busy));
  const idleRssMb = memoryMb(app.child.pid, "VmRSS");
  return { app, base, coldStart: { healthyMs, firstPageMs, quietMs, idleRssMb } };
}

/** Every path measured on one database; the app is stopped afterwards. */
async function measureDatabase(db: ScaleDatabase) {
  const { app, base, coldStart } = await startTimed(db);
  try {
    console.log(
      `${db.engine} ${db.size}: healthy in ${coldStart.healthyMs} ms, first page at ${coldStart.firstPageMs} ms, quiet at ${coldStart.quietMs} ms, idle RSS ${coldStart.idleRssMb} MB`,
    );
    const sessions = await viewers(base);
    const results: (PathResult & { group: string })[] = [];
    const specs = (await pathsOf(base)).filter((spec) => wanted(spec.name));
    for (const spec of specs) {
      const r = await measurePath(base, app.child.pid, spec, sessions[spec.viewer]);
      console.log(
        `  ${spec.name}: ${r.status} p50 ${r.p50ms} ms, p99 ${r.p99ms} ms (${r.requests})`,
      );
      results.push({ ...r, group: spec.group });
    }
    return { ...db, coldStart, paths: results };
  } finally {
    const exited = new Promise((resolve) => app.child.once("exit", resolve));
    app.child.kill("SIGTERM");
    await exited;
  }
}

type Measured = Awaited<ReturnType<typeof measureDatabase>>;

/** One table row per path and engine: demo and scale latency, their ratio, against the target. */
function rowsOf(engine: Engine, demo: Measured, scale: Measured) {
  return scale.paths.map((s) => {
    const d = demo.paths.find((p) => p.key === s.key);
    const ratio = d ? Math.round((s.p50ms / Math.max(d.p50ms, 0.1)) * 10) / 10 : null;
    const target = TARGETS[s.group as keyof typeof TARGETS];
    return {
      path: s.name,
      engine,
      demo: d ? `${d.p50ms}/${d.p99ms}` : "-",
      scale: `${s.p50ms}/${s.p99ms}`,
      ratio: ratio ?? "-",
      target: `${target}x`,
      over: ratio !== null && ratio > target ? "OVER" : "",
      status: d && d.status !== s.status ? `${d.status}/${s.status}` : s.status,
      peakRssMb: s.peakRssMb,
    };
  });
}

ensureWebBuild();
const engines: Engine[] = ["sqlite"];
if (await postgresAvailable()) engines.push("postgres");
else LEFT_OUT.push("PostgreSQL (no server answered BENCH_SCALE_PG_URL)");
if (ONLY_ENGINES)
  engines.splice(0, engines.length, ...engines.filter((e) => ONLY_ENGINES.includes(e)));
const runs: { engine: Engine; demo: Measured; scale: Measured }[] = [];
const operator: { engine: Engine; demo: OperatorResult[]; scale: OperatorResult[] }[] = [];
for (const engine of engines) {
  const demoDb = await scaleDatabase(engine, "demo", demoShape);
  const scaleDb = await scaleDatabase(engine, `x${FACTOR}`.replace(".", "_"), scaleShape(FACTOR));
  if (!OPERATOR_ONLY) {
    runs.push({
      engine,
      demo: await measureDatabase(demoDb),
      scale: await measureDatabase(scaleDb),
    });
  }
  const demo = await measureOperatorPaths(demoDb, wanted);
  operator.push({ engine, demo, scale: await measureOperatorPaths(scaleDb, wanted) });
}
const rows = runs.flatMap((r) => rowsOf(r.engine, r.demo, r.scale));
const operatorRows = operator.flatMap((o) =>
  o.scale.map((s) => {
    const d = o.demo.find((x) => x.name === s.name);
    return {
      command: s.name,
      engine: o.engine,
      "demo s / MB": d ? `${d.seconds} / ${d.peakRssMb}` : "-",
      "scale s / MB": `${s.seconds} / ${s.peakRssMb}`,
      "time ratio": d ? Math.round((s.seconds / Math.max(d.seconds, 0.1)) * 10) / 10 : "-",
      "at scale": s.detail,
    };
  }),
);
const results = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version },
  factor: FACTOR,
  shape: scaleShape(FACTOR),
  demoShape,
  targets: TARGETS,
  leftOut: LEFT_OUT,
  rows,
  runs,
  operator,
};
fs.mkdirSync(path.join(root, "bench", "results"), { recursive: true });
fs.writeFileSync(
  path.join(root, "bench", "results", "scale-latest.json"),
  JSON.stringify(results, null, 2),
);
console.log("\nlatency p50/p99 in ms, ratio of p50s, peak RSS (VmHWM) after the path in MB\n");
table(rows);
console.log("");
table(
  runs.flatMap((r) =>
    [r.demo, r.scale].map((m) => ({
      engine: r.engine,
      database: m.name,
      "generated s": m.generatedSeconds ?? "reused",
      "healthy ms": m.coldStart.healthyMs,
      "first page ms": m.coldStart.firstPageMs,
      "quiet ms": m.coldStart.quietMs,
      "idle RSS MB": m.coldStart.idleRssMb,
    })),
  ),
);
console.log(
  "\noperator commands: wall time in s and peak RSS (VmHWM) in MB, each in its own process\n",
);
table(operatorRows);
console.log(`\nleft out: ${LEFT_OUT.join("; ")}`);
console.log("written bench/results/scale-latest.json");
