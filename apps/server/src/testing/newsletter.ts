// Test helpers for sending bulk mail: many confirmed newsletter subscribers in a few statements,
// a newsletter delivery or notification email worker of its own over a database (a "fresh
// worker"), and worker child processes.
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

/** What a worker outside the app runs with: which one, `testConfig` overrides, a clock shift, its times. */
export interface WorkerOptions {
  /**
   * The newsletter's delivery worker (the default), or the notification email worker
   * (docs/product/accounts.md#notification-emails).
   */
  worker?: "newsletter" | "notifications";
  /** Environment for `testConfig` (SMTP_URL, PUBLIC_URL, NEWSLETTER_RATE_PER_MINUTE …). */
  config: Record<string, string>;
  /** How far this worker's clock is ahead of real time, in ms (to let leases run out). */
  clockShiftMs?: number;
  tuning?: Partial<DeliveryTuning>;
}

/**
 * Drains the mail waiting in `db` with a worker of its own (services built over `db` from
 * `testConfig(options.config)`, not started), then closes what it opened (not `db`): the
 * newsletter's deliveries until none is pending or sending, or the notification emails in rounds
 * until a round sends none (nothing due, or the rest claimed by other workers).
 * @returns how many notification emails this worker sent; null for the newsletter's worker (its
 * deliveries record their sender, `lease_owner`).
 */
export async function drainWithFreshWorker(db: Db, options: WorkerOptions): Promise<number | null> {
  const shift = options.clockShiftMs ?? 0;
  const services = createServices(db, testConfig(options.config), {
    clock: { now: () => new Date(Date.now() + shift) },
    newsletterDelivery: options.tuning,
  });
  try {
    if (options.worker !== "notifications") {
      await services.newsletterDelivery.drain();
      return null;
    }
    let sent = 0;
    for (;;) {
      const round = await services.notificationMail.runOnce();
      if (round === 0) return sent;
      sent += round;
    }
  } finally {
    await closeServices(services);
  }
}

const script = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "newsletter-worker.process.ts",
);

/** How a worker child process ended. */
export interface WorkerExit {
  /** The exit code; null when killed by a signal. */
  code: number | null;
  /** What it wrote to stderr. */
  stderr: string;
  /** What `drainWithFreshWorker` returned in it (undefined when it did not finish). */
  sent: number | null | undefined;
}

/** A worker child process and the promise of its exit. */
export interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<WorkerExit>;
}

/**
 * Starts `newsletter-worker.process.ts` in a child Node process: one worker (`options.worker`)
 * over the database `dbEnv` reaches (`sharedTestDb(…).env`), draining as `drainWithFreshWorker`
 * does, then exiting 0.
 */
export function spawnWorker(dbEnv: Record<string, string>, options: WorkerOptions): WorkerProcess {
  const args = JSON.stringify({ ...options, config: { ...options.config, ...dbEnv } });
  const child = spawn(process.execPath, [script, args], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  let stdout = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  const exited = new Promise<WorkerExit>((resolve) =>
    child.once("exit", (code) => {
      const sent = stdout ? (JSON.parse(stdout) as { sent: number | null }).sent : undefined;
      resolve({ code, stderr, sent });
    }),
  );
  return { child, exited };
}
