// Test helpers for sending newsletter issues: many confirmed subscribers in a few statements, a
// delivery worker of its own over a database (a "fresh worker"), and worker child processes.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "../db/client.ts";
import type { DeliveryTuning } from "../modules/newsletter/delivery.worker.ts";
import { closeServices, createServices } from "../services.ts";
import { testConfig } from "./db.ts";

/** Rows per INSERT when adding subscribers (well under both engines' parameter limits). */
const CHUNK = 500;

/**
 * Inserts `count` confirmed subscribers `{prefix}{i}@example.test` (i from 0), `CHUNK` rows per
 * statement; returns their addresses in order.
 */
export async function addSubscribers(db: Db, count: number, prefix = "reader"): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@example.test`);
  const at = new Date().toISOString();
  for (let i = 0; i < count; i += CHUNK) {
    await db.kysely
      .insertInto("newsletter_subscribers")
      .values(
        emails.slice(i, i + CHUNK).map((email) => ({
          email,
          status: "confirmed" as const,
          confirm_token_hash: null,
          unsubscribe_token_hash: `test-${email}`,
          created_at: at,
          confirmed_at: at,
        })),
      )
      .execute();
  }
  return emails;
}

/** What a worker outside the app runs with: `testConfig` overrides, a clock shift, its times. */
export interface WorkerOptions {
  /** Environment for `testConfig` (SMTP_URL, PUBLIC_URL, NEWSLETTER_RATE_PER_MINUTE …). */
  config: Record<string, string>;
  /** How far this worker's clock is ahead of real time, in ms (to let leases run out). */
  clockShiftMs?: number;
  tuning?: Partial<DeliveryTuning>;
}

/**
 * Drains the deliveries of `db` with a worker of its own (services built over `db` from
 * `testConfig(options.config)`, not started), then closes what it opened (not `db`).
 */
export async function drainWithFreshWorker(db: Db, options: WorkerOptions): Promise<void> {
  const shift = options.clockShiftMs ?? 0;
  const services = createServices(db, testConfig(options.config), {
    clock: { now: () => new Date(Date.now() + shift) },
    newsletterDelivery: options.tuning,
  });
  try {
    await services.newsletterDelivery.drain();
  } finally {
    await closeServices(services);
  }
}

const script = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "newsletter-worker.process.ts",
);

/** A worker child process and the promise of its exit. */
export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) and what it wrote to stderr. */
  exited: Promise<{ code: number | null; stderr: string }>;
}

/**
 * Starts `newsletter-worker.process.ts` in a child Node process: one delivery worker over the
 * database `dbEnv` reaches (`sharedTestDb(…).env`), draining until nothing is pending, then
 * exiting 0.
 */
export function spawnWorker(dbEnv: Record<string, string>, options: WorkerOptions): WorkerProcess {
  const args = JSON.stringify({ ...options, config: { ...options.config, ...dbEnv } });
  const child = spawn(process.execPath, [script, args], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stderr })),
  );
  return { child, exited };
}
