// Test helpers for suites of mail worker processes (newsletter delivery, notification emails): a
// shared database and an SMTP sink per suite, and a worker killed mid-send. Vitest-only (hooks and
// expectations), unlike testing/newsletter.ts, which benches import too.
import { afterAll, beforeAll, expect } from "vitest";
import type { Dialect } from "../db/client.ts";
import { type SharedTestDb, sharedTestDb } from "./db.ts";
import type { WorkerProcess } from "./newsletter.ts";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";

/** What a suite of worker processes shares: an SMTP sink, a database they can open, their settings. */
export interface WorkerProcessesSuite {
  sink: SmtpSink;
  shared: SharedTestDb;
  /** `testConfig` overrides for the workers: `SMTP_URL` (the sink) and the suite's own. */
  config: Record<string, string>;
}

/**
 * Registers a suite's `beforeAll` and `afterAll`: an SMTP sink that only counts deliveries, a
 * database on `engine` that worker processes can open (`sharedTestDb`), and `config` with the
 * sink's `SMTP_URL`; both closed after the suite. The returned object is filled before the tests
 * run.
 */
export function workerProcessesSuite(
  engine: Dialect,
  config: Record<string, string>,
): WorkerProcessesSuite {
  const s = {} as WorkerProcessesSuite;
  beforeAll(async () => {
    s.sink = await startSmtpSink({ parse: false });
    s.shared = await sharedTestDb(engine);
    s.config = { SMTP_URL: s.sink.url, ...config };
  });
  afterAll(async () => {
    await s.shared?.db.close();
    await s.sink?.close();
  });
  return s;
}

/** How many messages the sink has accepted, all recipients together. */
export function deliveredCount(sink: SmtpSink): number {
  return [...sink.deliveredTo.values()].reduce((a, b) => a + b, 0);
}

/**
 * Waits until the sink has accepted `after` messages, then kills `worker` with SIGKILL (a crash
 * mid-send) and checks it died by the signal.
 * @returns how many messages the sink had accepted once the worker was dead.
 * @throws when the worker exits on its own before the kill.
 */
export async function killWorkerMidSend(
  worker: WorkerProcess,
  sink: SmtpSink,
  after: number,
): Promise<number> {
  while (deliveredCount(sink) < after) {
    const exited = await Promise.race([worker.exited, new Promise((r) => setTimeout(r, 2))]);
    if (exited) throw new Error(`the worker exited before the kill: ${JSON.stringify(exited)}`);
  }
  worker.child.kill("SIGKILL");
  expect((await worker.exited).code).toBeNull();
  return deliveredCount(sink);
}
