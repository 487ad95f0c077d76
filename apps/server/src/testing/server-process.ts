// The server as an operator runs it (`node apps/server/src/main.ts`) in a child process, its JSON
// log lines read as they come, and plain HTTP to it on fresh connections: the fleet tests
// (processes starting together, WEB_CONCURRENCY).
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import { repoRoot } from "../config.ts";

/** One pino line the server wrote: `pid`, `msg`, `level` and whatever else it carried. */
export type LogLine = Record<string, unknown> & { pid: number; msg: string; level: number };

/** A running `main.ts` and what it has logged so far. */
export interface ServerProcess {
  child: ChildProcess;
  /** Every JSON line written to stdout so far, in order (other output is left out). */
  lines: LogLine[];
  /** What it wrote to stderr so far. */
  stderr(): string;
  /**
   * Resolves with the `count`-th line (counted from the start) for which `match` holds.
   * @throws Error when the process exits or `timeoutMs` passes first (with its last lines).
   */
  waitFor(match: (line: LogLine) => boolean, count?: number, timeoutMs?: number): Promise<LogLine>;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after 15 s; resolves when it has ended. */
  stop(): Promise<void>;
}

/**
 * Starts `node apps/server/src/main.ts` from the repository root with `env` over a quiet test
 * environment: none of this process's DATABASE_URL, REDIS_URL or S3 settings unless `env` gives
 * them, port 0 on 127.0.0.1, info logs, the test secret, no demo seed unless asked.
 */
export function startServer(env: Record<string, string>): ServerProcess {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(base)) {
    if (/^(DATABASE_URL|REDIS_URL|S3_|WEB_CONCURRENCY|VITEST)/.test(name)) delete base[name];
  }
  const child = spawn(process.execPath, [path.join(repoRoot, "apps/server/src/main.ts")], {
    cwd: repoRoot,
    env: {
      ...base,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      APP_SECRET: "test-secret-test-secret-test-secret-0123",
      SEED_DEMO_CONTENT: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (text) => {
    if (!text.startsWith("{")) return;
    lines.push(JSON.parse(text) as LogLine);
    for (const wake of waiters) wake();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      resolve({ code, signal });
      for (const wake of waiters) wake();
    }),
  );
  const waitFor: ServerProcess["waitFor"] = (match, count = 1, timeoutMs = 120_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = lines.filter(match)[count - 1];
        const failed = child.exitCode !== null || child.signalCode !== null;
        if (!found && !failed) return;
        waiters.delete(check);
        clearTimeout(timer);
        if (found) resolve(found);
        else reject(new Error(`server exited: ${stderr}${JSON.stringify(lines.slice(-5))}`));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(`no such log line in ${timeoutMs} ms: ${JSON.stringify(lines.slice(-5))}`),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(force);
    }
  };
  return { child, lines, stderr: () => stderr, waitFor, exited, stop };
}

/** The port in a "Server listening at http://127.0.0.1:<port>" line. */
export function listeningPort(line: LogLine): number {
  return Number(new URL(line.msg.replace("Server listening at ", "")).port);
}

/** An answer read whole: status, headers and body text. */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request to 127.0.0.1:`port` on a connection of its own (`Connection: close`), so a
 * cluster hands each request to its next worker. `body` is sent as JSON.
 */
export function request(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        agent: false,
        headers: {
          connection: "close",
          ...(payload && { "content-type": "application/json" }),
          ...options.headers,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
