// Shared pieces of the benchmarks: the load generator's settings, one load run, a seeded random
// source for generated data, the production-server starter every bench runs against, the
// node:http baseline, the scenarios' article and reader, and the table they print.
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startNodeOptions } from "../apps/server/src/testing/start-command.ts";

/** The repository root (the benches run the server and the build from there). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Seconds each load run lasts (BENCH_DURATION, default 10). */
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Concurrent connections of every load run (docs/architecture.md#data; 50). */
export const CONNECTIONS = 50;

/** One load run's figures (autocannon), latencies in milliseconds. */
export interface LoadResult {
  name: string;
  url: string;
  requestsPerSecond: number;
  p50ms: number;
  /** autocannon's p97.5, the closest percentile it reports to p95. */
  p95ms: number;
  p99ms: number;
  non2xx: number;
  errors: number;
}

/** Starts the production server on a data folder and resolves once it answers /api/health. */
export type StartApp = (
  dataDir: string,
  env?: Record<string, string>,
  checkout?: string,
) => Promise<{ child: ChildProcess; port: number }>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The production server started as `npm start` starts it (`NODE_ENV=production node` with the
 * start script's Node options, `startNodeOptions`, `apps/server/src/main.ts`) on a free loopback
 * port (or `extraEnv.PORT`), with quiet logs (LOG_LEVEL=warn), the embedded SQLite database in `dataDir`, in-memory
 * limits and PUBLIC_URL set to where it listens (canonical and Open Graph URLs point at the server
 * measured); `extraEnv` overrides any of these. `checkout` is the repository it runs from (this one
 * by default; another, with its own web build, to compare two builds). Rejects when the server
 * exits or is not healthy within 120 s. The caller kills `child`.
 */
export const startApp: StartApp = async (dataDir, extraEnv = {}, checkout = root) => {
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const child = spawn("node", [...startNodeOptions(checkout), "apps/server/src/main.ts"], {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      REDIS_URL: "",
      ...extraEnv,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, port };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("server did not become healthy in 120 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
};

/**
 * The baseline every load figure is compared with: bench/baseline-server.ts, a bare node:http
 * server answering a fixed 2 KB JSON body, on a free loopback port. The caller kills `child`.
 * @throws Error when it exits before listening.
 */
export function startBaseline(): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn("node", ["bench/baseline-server.ts"], {
      cwd: root,
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let seen = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const m = /listening (\d+)/.exec(seen);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.once("exit", (code) => reject(new Error(`baseline server exited ${code}: ${seen}`)));
  });
}

/** The article-list scenario's path: the first page of 10, as the library asks for it. */
export const LIST_PATH = "/api/articles?pagination[page]=1&pagination[pageSize]=10";

/**
 * The slug of the newest article the app at `base` lists: the article-page scenarios' page.
 * @throws Error when the app lists no article.
 */
export async function firstSlug(base: string): Promise<string> {
  const first = (await (
    await fetch(`${base}/api/articles?pagination[page]=1&pagination[pageSize]=1`)
  ).json()) as { data: { attributes: { slug: string } }[] };
  const slug = first.data[0]?.attributes.slug;
  if (!slug) throw new Error("no demo article to benchmark");
  return slug;
}

/**
 * A reader signed up on the app at `base` (PUBLIC_URL's origin): the request headers of their
 * session (the httpOnly session cookie and its member hint, as a browser sends them).
 * @throws Error when registering fails (e.g. 429 after 10 sign-ups an hour from one address).
 */
export async function signIn(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/local/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({
      username: "BenchReader",
      email: "bench.reader@example.test",
      password: "a-long-bench-passphrase",
    }),
  });
  const { jwt } = (await res.json()) as { jwt?: string };
  if (!jwt) throw new Error(`could not register the bench reader: ${res.status}`);
  return { cookie: `pragmatist_session=${jwt}; pragmatist_member=1` };
}

/** Seconds of load before each measured run, not counted (BENCH_WARMUP, default 3). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);

/**
 * Loads `url` with CONNECTIONS connections for DURATION seconds, after WARMUP seconds of the same
 * load that are not counted (so each figure is the server's steady state, not its JIT warming
 * up); latencies in ms. With `uniqueQuery`, every request's URL ends in `?v=<a new id>` (`&v=`
 * when it has a query): no two requests ask for the same URL. With `requestsPerConnection`, each
 * connection is replaced by a new one after that many requests (through nginx, which closes a
 * connection after its `keepalive_requests`: fleet-kit.ts REQUESTS_PER_CONNECTION).
 */
export async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  options: { uniqueQuery?: boolean; requestsPerConnection?: number } = {},
): Promise<LoadResult> {
  const target = options.uniqueQuery ? `${url}${url.includes("?") ? "&" : "?"}v=[<id>]` : url;
  // autocannon's `warmup` option is missing from @types/autocannon.
  const settings: autocannon.Options & { warmup?: { connections: number; duration: number } } = {
    url: target,
    connections: CONNECTIONS,
    duration: DURATION,
    pipelining: 1,
    headers,
    idReplacement: !!options.uniqueQuery,
    ...(options.requestsPerConnection ? { reconnectRate: options.requestsPerConnection } : {}),
    ...(WARMUP > 0 ? { warmup: { connections: CONNECTIONS, duration: WARMUP } } : {}),
  };
  const r = await autocannon(settings);
  return {
    name,
    url: new URL(url).pathname + new URL(url).search + (options.uniqueQuery ? "?v=<unique>" : ""),
    requestsPerSecond: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p95ms: r.latency.p97_5,
    p99ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/**
 * Loads each of `scenarios` (`[name, url]`) in turn, `rounds` times over, and gives each the
 * round of its median requests a second: pages compared with one another (the article page and
 * the Market Data pages) then meet the same machine, whose speed drifts over a run by more than
 * their differences; one scenario measured after the other measured the drift instead.
 * `options` go to every `load` (`uniqueQuery`: every request a URL never rendered before).
 */
export async function loadInterleaved<const T extends readonly (readonly [string, string])[]>(
  scenarios: T,
  rounds = 3,
  options: { uniqueQuery?: boolean } = {},
): Promise<{ [K in keyof T]: LoadResult }> {
  const runs: LoadResult[][] = scenarios.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, [name, url]] of scenarios.entries()) {
      runs[i]?.push(await load(name, url, {}, options));
    }
  }
  return runs.map((results) => {
    const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    return sorted[Math.floor(sorted.length / 2)] as LoadResult;
  }) as { [K in keyof T]: LoadResult };
}

/** Prints rows as a plain-text table, one column per key of the first row. */
export function table(rows: Record<string, string | number>[]): void {
  const cols = Object.keys(rows[0] ?? {});
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(line(cols));
  for (const r of rows) console.log(line(cols.map((c) => String(r[c]))));
}

/** A deterministic pseudo-random source in [0, 1) (a linear congruential generator). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
