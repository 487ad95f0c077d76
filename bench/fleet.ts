// `npm run bench:fleet`: `npm run bench`'s article-page and article-list scenarios, anonymous and
// signed in, through nginx (docs/deploy/nginx.conf) in front of 1, 2 and 3 production processes on
// PostgreSQL + Redis + S3, in one run: with nginx's cache, as a proxy only, and as a proxy only in
// front of processes without their own cache (every request a render). Ratios are to 1 process
// (docs/architecture.md#overview). Writes bench/results/fleet-<time>.json and fleet-latest.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureWebBuild } from "../apps/server/src/testing/web-build.ts";
import { cpuMeter } from "./cpu-shares.ts";
import { type AppProcess, createFleet, freePort, REQUESTS_PER_CONNECTION } from "./fleet-kit.ts";
import { type NginxOptions, startNginx } from "./fleet-nginx.ts";
import {
  CONNECTIONS,
  DURATION,
  firstSlug,
  LIST_PATH,
  load,
  type LoadResult,
  root,
  signIn,
  startBaseline,
  table,
} from "./load.ts";

const PROCESS_COUNTS = [1, 2, 3];
/** Load options through nginx: a connection renewed before nginx closes it (fleet-kit.ts). */
const THROUGH_NGINX = { requestsPerConnection: REQUESTS_PER_CONNECTION };

/** One load scenario: a path, anonymous or with the bench reader's session. */
interface Scenario {
  name: string;
  path: string;
  signedIn: boolean;
}

/** One way of running the fleet, measured at every process count. */
interface Mode {
  name: string;
  /** nginx's cache on (the template as it is) or off (`proxy_cache off`). */
  nginxCache: boolean;
  scenarios: Scenario[];
}

/** One run: its load figures, the ratio to 1 process, and the CPU each group used (% of all cores). */
type Run = LoadResult & { processes: number; ratio: number; cpu: Record<string, number> };

/** A scenario at each process count. */
interface Row {
  mode: string;
  scenario: string;
  runs: Run[];
}

/** Names the group a process's CPU time counts in: the app, nginx, the databases, the load. */
function groupOf(processes: AppProcess[]) {
  const apps = new Set(processes.map((p) => p.pid()));
  return (pid: number, name: string): string => {
    if (pid === process.pid) return "load generator";
    if (apps.has(pid)) return "app processes";
    if (name === "nginx") return "nginx";
    if (name.startsWith("postgres")) return "PostgreSQL";
    if (name.startsWith("redis")) return "Redis";
    return "rest of the machine";
  };
}

/** Measures every scenario of `mode` through nginx in front of the first 1, 2 and 3 `processes`. */
async function measureMode(
  mode: Mode,
  processes: AppProcess[],
  nginxPort: number,
  session: Record<string, string>,
): Promise<Row[]> {
  const ports = processes.map((p) => p.port);
  const rows: Row[] = mode.scenarios.map((s) => ({ mode: mode.name, scenario: s.name, runs: [] }));
  for (const n of PROCESS_COUNTS) {
    const options: NginxOptions = {
      port: nginxPort,
      upstreams: ports.slice(0, n),
      cache: mode.nginxCache,
      accessLog: false,
    };
    const nginx = await startNginx(options);
    try {
      for (const [i, s] of mode.scenarios.entries()) {
        await fetch(nginx.url + s.path); // fills nginx's cache (or a process's) before measuring
        const meter = cpuMeter(groupOf(processes));
        const r = await load(s.name, nginx.url + s.path, s.signedIn ? session : {}, THROUGH_NGINX);
        const cpu = meter();
        const single = rows[i]!.runs[0]?.requestsPerSecond ?? r.requestsPerSecond;
        const ratio = Math.round((r.requestsPerSecond / single) * 100) / 100;
        rows[i]!.runs.push({ ...r, processes: n, ratio, cpu });
        console.log(`  ${mode.name}, ${n} process(es), ${s.name}: ${r.requestsPerSecond} req/s`);
      }
    } finally {
      await nginx.stop();
    }
  }
  return rows;
}

/** The baseline node:http server, measured directly and through nginx as a proxy only. */
async function measureBaseline(nginxPort: number) {
  const baseline = await startBaseline();
  try {
    const direct = await load("baseline node:http 2 KB JSON", `http://127.0.0.1:${baseline.port}/`);
    const nginx = await startNginx({
      port: nginxPort,
      upstreams: [baseline.port],
      cache: false,
      accessLog: false,
    });
    try {
      const proxied = await load(
        "baseline through nginx (proxy only)",
        `${nginx.url}/`,
        {},
        THROUGH_NGINX,
      );
      return { direct, proxied };
    } finally {
      await nginx.stop();
    }
  } finally {
    baseline.child.kill("SIGTERM");
  }
}

function scenarios(slug: string, signedIn: boolean): Scenario[] {
  const all = [
    { name: "GET /p/{slug}, anonymous", path: `/p/${slug}`, signedIn: false },
    { name: "GET /p/{slug}, signed in", path: `/p/${slug}`, signedIn: true },
    { name: "GET /api/articles, anonymous", path: LIST_PATH, signedIn: false },
    { name: "GET /api/articles, signed in", path: LIST_PATH, signedIn: true },
  ];
  return signedIn ? all : all.filter((s) => !s.signedIn);
}

function print(rows: Row[], baseline: { direct: LoadResult; proxied: LoadResult }) {
  const cell = (r: Row["runs"][number] | undefined) =>
    r ? `${r.requestsPerSecond}${r.processes > 1 ? ` (${r.ratio}x)` : ""}` : "";
  table(
    rows.map((row) => ({
      mode: row.mode,
      scenario: row.scenario,
      ...Object.fromEntries(PROCESS_COUNTS.map((n) => [`${n} proc req/s`, cell(row.runs[n - 1])])),
      "p99 ms (1/2/3)": row.runs.map((r) => r.p99ms).join("/"),
      failed: row.runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    })),
  );
  console.log("\nwhere the CPU went (% of all cores) in the anonymous runs:");
  const groups = ["app processes", "nginx", "PostgreSQL", "Redis", "load generator"];
  table(
    rows
      .filter((row) => row.scenario.endsWith("anonymous"))
      .flatMap((row) =>
        row.runs.map((r) => {
          const used = Object.values(r.cpu).reduce((a, b) => a + b, 0);
          return {
            mode: row.mode,
            scenario: row.scenario,
            processes: r.processes,
            ...Object.fromEntries(groups.map((g) => [g, r.cpu[g] ?? 0])),
            rest: r.cpu["rest of the machine"] ?? 0,
            idle: Math.max(0, Math.round((100 - used) * 10) / 10),
          };
        }),
      ),
  );
  console.log(
    `\nbaseline node:http 2 KB JSON: ${baseline.direct.requestsPerSecond} req/s direct, ` +
      `${baseline.proxied.requestsPerSecond} req/s through nginx (proxy only); ` +
      `${CONNECTIONS} connections, ${DURATION} s a run, ${os.cpus().length} cores`,
  );
}

async function main() {
  ensureWebBuild();
  const nginxPort = await freePort();
  const fleet = await createFleet(3, `http://127.0.0.1:${nginxPort}`);
  try {
    await Promise.all(fleet.processes.map((p) => p.start()));
    const first = fleet.processes[0]!.url;
    const slug = await firstSlug(first);
    const session = await signIn(first);
    console.log(`measuring (${DURATION} s a run, ${CONNECTIONS} connections) …`);
    const baseline = await measureBaseline(nginxPort);
    const modes: Mode[] = [
      { name: "nginx cache", nginxCache: true, scenarios: scenarios(slug, true) },
      { name: "proxy only", nginxCache: false, scenarios: scenarios(slug, true) },
    ];
    const rows: Row[] = [];
    for (const mode of modes)
      rows.push(...(await measureMode(mode, fleet.processes, nginxPort, session)));
    // Every request a render or a query: the processes restarted without their own cache.
    for (const p of fleet.processes) {
      await p.stop();
      await p.start({ RESPONSE_CACHE_SECONDS: "0" });
    }
    const renders = {
      name: "no cache at all",
      nginxCache: false,
      scenarios: scenarios(slug, false),
    };
    rows.push(...(await measureMode(renders, fleet.processes, nginxPort, session)));
    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      baseline,
      rows,
    };
    const dir = path.join(root, "bench", "results");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `fleet-${results.measuredAt.replace(/[:.]/g, "-")}.json`);
    fs.writeFileSync(file, JSON.stringify(results, null, 2));
    fs.writeFileSync(path.join(dir, "fleet-latest.json"), JSON.stringify(results, null, 2));
    console.log("");
    print(rows, baseline);
    console.log(`written ${path.relative(root, file)}`);
  } finally {
    await fleet.close();
  }
}

await main();
