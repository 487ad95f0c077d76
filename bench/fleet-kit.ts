// A fleet on this machine for the fleet check and bench:fleet: a fresh PostgreSQL database, Redis,
// the loopback S3 server, N production processes on fixed ports (each its own DATA_DIR), and load
// that runs while something else happens (docs/deploy/README.md).
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startS3Server, type S3TestServer } from "../apps/server/src/testing/s3-server.ts";
import { startApp } from "./load.ts";

/** The PostgreSQL server the fleet's database is made on: DATABASE_URL's, else the local one. */
const ADMIN_DATABASE_URL =
  process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
/** The Redis every process shares: REDIS_URL, else the local one. */
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

/** A free loopback TCP port (the kernel picks it; free when this resolves). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** One app process of the fleet, always on the same port, so nginx's upstream line stays true. */
export interface AppProcess {
  /** "A", "B", "C"… */
  name: string;
  port: number;
  /** `http://127.0.0.1:<port>`: the process itself, not through nginx. */
  url: string;
  /**
   * Starts it (again), with `env` over the fleet's settings until the next start; resolves once
   * /api/health/ready answers 200.
   */
  start(env?: Record<string, string>): Promise<void>;
  /** Sends `signal` (SIGTERM: a graceful stop; SIGKILL: a crash) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Its process id while it runs. */
  pid(): number | undefined;
}

/** What the fleet runs on and its processes (not yet started). */
export interface Fleet {
  /** The URL readers use (nginx's), every process's PUBLIC_URL. */
  publicUrl: string;
  /** The fleet's own database. */
  databaseUrl: string;
  processes: AppProcess[];
  /** Every process's settings, for the command-line tools (`npm run user:role`). */
  env: Record<string, string>;
  /** Stops every process, drops the database, stops S3 and removes the processes' DATA_DIRs. */
  close(): Promise<void>;
}

async function waitReady(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become ready in 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function appProcess(
  name: string,
  port: number,
  dataDir: string,
  env: Record<string, string>,
): AppProcess {
  let child: ChildProcess | null = null;
  const url = `http://127.0.0.1:${port}`;
  return {
    name,
    port,
    url,
    async start(overrides = {}) {
      child = (await startApp(dataDir, { ...env, ...overrides, PORT: String(port) })).child;
      await waitReady(url);
    },
    pid: () => child?.pid,
    async stop(signal = "SIGTERM") {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((r) => running.once("exit", r));
      running.kill(signal);
      await exited;
    },
  };
}

/**
 * Makes a fleet of `count` processes behind `publicUrl` (nginx, started by the caller): a new
 * database `pragmatist_fleet_<time>_<pid>` on DATABASE_URL's server (else 127.0.0.1:5432), the
 * loopback S3 server, one APP_SECRET for all, TRUST_PROXY, production mode. `env` adds or
 * overrides settings (RESPONSE_CACHE_SECONDS…). Processes are named A, B, C… and not started.
 */
export async function createFleet(
  count: number,
  publicUrl: string,
  env: Record<string, string> = {},
): Promise<Fleet> {
  const name = `pragmatist_fleet_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${name}` }).href;
  let s3: S3TestServer | undefined;
  try {
    s3 = await startS3Server();
  } catch (err) {
    await admin.query(`drop database ${name}`).finally(() => admin.end());
    throw err;
  }
  const shared = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    ...s3.env(),
    APP_SECRET: randomBytes(32).toString("base64url"),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
    ...env,
  };
  const ports = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  const dataDirs = ports.map(() => fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-fleet-")));
  const processes = ports.map((port, i) =>
    appProcess(String.fromCharCode(65 + i), port, dataDirs[i]!, shared),
  );
  return {
    publicUrl,
    databaseUrl,
    processes,
    env: shared,
    async close() {
      await Promise.all(processes.map((p) => p.stop("SIGTERM")));
      await admin.query(`drop database if exists ${name} with (force)`).finally(() => admin.end());
      await s3?.close();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An HTTP answer read whole. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One HTTP/1.1 request from the loopback address `from` (any 127.x.y.z is this machine): the app
 * and nginx see a reader address of its own, so per-address limits of one run (sign-ups, Max's
 * daily cap, kept in Redis) do not carry over to the next.
 */
export function request(
  from: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A loopback address of its own for this run: 127.<random>.<random>.<random>. */
export function loopbackAddress(): string {
  const [a = 1, b = 1, c = 1] = randomBytes(3);
  return `127.${a % 250}.${b}.${(c % 253) + 1}`;
}

/** Load on some URLs: what autocannon counted. */
export interface LoadTally {
  requests: number;
  non2xx: number;
  /** Requests that failed on their connection (reset, refused) while the load ran. */
  errors: number;
  timeouts: number;
  /** Answers by status code, e.g. `{ "200": 5120 }`. */
  statuses: Record<string, number>;
  /**
   * The first few errors' messages, with when they came from the start of the load (e.g. "read
   * ECONNRESET after 5123 ms"; autocannon stops at its next one-second tick, so the load may run
   * up to a second past `during`, which is marked "after the stop"), to tell what failed.
   */
  errorMessages: string[];
}

/** How many errors `loadDuring` keeps the message of. */
const KEPT_ERROR_MESSAGES = 5;

/**
 * Requests a load connection sends before it opens a new one itself. nginx closes a client's
 * connection after `keepalive_requests` (1000 by default since nginx 1.19.10) with
 * `Connection: close` on the last answer; browsers and HTTP libraries then open a new one, but
 * autocannon ignores the header and writes its next request on the closing connection, which
 * nginx's kernel answers with a reset: one "read ECONNRESET" once a connection passes 1000
 * requests (the rolling restart's ~10,000 GETs over 10 connections failed so, 4 runs in 4 on a
 * fast machine). Reconnecting before nginx's limit keeps the load to what a real client sees.
 */
export const REQUESTS_PER_CONNECTION = 500;

/**
 * Runs `during` while `connections` connections send the `paths` (GET, in turn, with `headers`)
 * to `base` without pause, then stops the load and returns both.
 */
export async function loadDuring<T>(
  base: string,
  paths: string[],
  during: () => Promise<T>,
  options: { connections?: number; headers?: Record<string, string> } = {},
): Promise<{ tally: LoadTally; value: T }> {
  let stop = () => {};
  let stopping = false;
  const errorMessages: string[] = [];
  const began = Date.now();
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: options.connections ?? 10,
        duration: 600,
        headers: options.headers ?? {},
        requests: paths.map((p) => ({ method: "GET", path: p })),
        reconnectRate: REQUESTS_PER_CONNECTION,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on("reqError", (err: Error) => {
      if (errorMessages.length < KEPT_ERROR_MESSAGES) {
        const when = `${Date.now() - began} ms${stopping ? ", after the stop" : ""}`;
        errorMessages.push(`${err.message} after ${when}`);
      }
    });
    stop = () => {
      stopping = true;
      instance.stop();
    };
  });
  try {
    const value = await during();
    return { value, tally: await stopped() };
  } catch (err) {
    await stopped();
    throw err;
  }
  async function stopped(): Promise<LoadTally> {
    stop();
    const r = await finished;
    const statuses = Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, { count = 0 }]) => [code, count]),
    );
    return {
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      statuses,
      errorMessages,
    };
  }
}
