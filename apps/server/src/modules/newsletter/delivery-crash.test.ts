// Delivery across processes (docs/decisions/007-newsletter-delivery.md): a worker
// process killed with SIGKILL halfway, then a fresh one, sends nobody a second copy; two worker
// processes on PostgreSQL share the work and send one copy each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app.ts";
import type { Dialect } from "../../db/client.ts";
import { engines, testConfig } from "../../testing/db.ts";
import { insertArticle, insertUser } from "../../testing/fixtures.ts";
import { addSubscribers, drainWithFreshWorker, spawnWorker } from "../../testing/newsletter.ts";
import {
  deliveredCount,
  killWorkerMidSend,
  type WorkerProcessesSuite,
  workerProcessesSuite,
} from "../../testing/worker-processes.ts";
import { INTERRUPTED } from "./delivery.repository.ts";

const PUBLIC_URL = "https://pragmatist.example";
const RECIPIENTS = 1000;
/** Concurrent SMTP calls of one worker: at most this many can be caught mid-call by the kill. */
const CONCURRENCY = 5;
const TUNING = { batchSize: 25, concurrency: CONCURRENCY, pollMs: 50, retryBaseMs: 10 };
/** The kill comes after this many arrived: inside a batch, so messages are mid-call. */
const KILL_AT = 512;

/** Worker processes' suite (`workerProcessesSuite`) plus an app over its database, its own worker stopped. */
function setup(engine: Dialect) {
  const suite = workerProcessesSuite(engine, { PUBLIC_URL, NEWSLETTER_RATE_PER_MINUTE: "20000" });
  const s = suite as WorkerProcessesSuite & { app: App };
  beforeAll(async () => {
    s.app = await buildApp(testConfig(s.config), { db: s.shared.db, logger: false });
    await s.app.services.newsletterDelivery.stop(); // only the workers under test send
  });
  afterAll(async () => {
    await s.app?.close();
  });
  return s;
}

/** Starts sending a post to every confirmed subscriber as a new editor; returns the issue id. */
async function startSend(s: ReturnType<typeof setup>, slug: string): Promise<number> {
  const db = s.shared.db;
  const editorId = await insertUser(db);
  await db.kysely.updateTable("users").set({ role: "editor" }).where("id", "=", editorId).execute();
  const actor = { id: editorId, role: "editor" as const };
  const articleId = await insertArticle(db, {
    slug,
    title: slug,
    content: "Text.",
    publishDate: new Date().toISOString(),
  });
  const issues = s.app.services.newsletterIssues;
  const issue = await issues.create(actor, { kind: "post", articleId });
  await issues.send(actor, issue.id);
  return issue.id;
}

describe.each(engines)("delivery processes on %s", (engine) => {
  const s = setup(engine);

  it("resumes after a kill -9 halfway with no second copy to anyone", async () => {
    const emails = await addSubscribers(s.shared.db, RECIPIENTS, "crash");
    const id = await startSend(s, "crash");
    const worker = spawnWorker(s.shared.env, { config: s.config, tuning: TUNING });
    const beforeRestart = await killWorkerMidSend(worker, s.sink, KILL_AT);
    expect(beforeRestart).toBeLessThan(RECIPIENTS);

    // A fresh worker, after the dead one's leases ran out (its clock 11 minutes ahead).
    await drainWithFreshWorker(s.shared.db, {
      config: s.config,
      tuning: TUNING,
      clockShiftMs: 11 * 60_000,
    });
    const rows = await s.shared.db.kysely
      .selectFrom("newsletter_deliveries")
      .select(["email", "state", "last_error"])
      .where("issue_id", "=", id)
      .execute();
    for (const email of emails)
      expect(s.sink.deliveredTo.get(email) ?? 0, email).toBeLessThanOrEqual(1);
    const sent = rows.filter((r) => r.state === "sent");
    const interrupted = rows.filter((r) => r.state === "failed");
    expect(sent.length + interrupted.length).toBe(RECIPIENTS);
    for (const r of sent) expect(s.sink.deliveredTo.get(r.email), r.email).toBe(1);
    // Only messages caught inside an SMTP call by the kill are in doubt: never resent.
    expect(interrupted.length).toBeLessThanOrEqual(CONCURRENCY);
    expect(interrupted.every((r) => r.last_error === INTERRUPTED)).toBe(true);
    expect(deliveredCount(s.sink)).toBeGreaterThan(beforeRestart);
    expect(deliveredCount(s.sink)).toBeGreaterThanOrEqual(RECIPIENTS - interrupted.length);
  });

  it.runIf(engine === "postgres")(
    "shares a send between two worker processes, one copy each",
    async () => {
      s.sink.deliveredTo.clear();
      await s.shared.db.kysely
        .updateTable("newsletter_subscribers")
        .set({ status: "unsubscribed" })
        .execute();
      const emails = await addSubscribers(s.shared.db, RECIPIENTS, "fleet");
      const id = await startSend(s, "fleet");
      const workers = [1, 2].map(() =>
        spawnWorker(s.shared.env, { config: s.config, tuning: TUNING }),
      );
      const exits = await Promise.all(workers.map((w) => w.exited));
      expect(
        exits.map((e) => e.code),
        exits.map((e) => e.stderr).join("\n"),
      ).toEqual([0, 0]);
      for (const email of emails) expect(s.sink.deliveredTo.get(email), email).toBe(1);
      const owners = await s.shared.db.kysely
        .selectFrom("newsletter_deliveries")
        .select(["lease_owner", (eb) => eb.fn.countAll<number>().as("n")])
        .where("issue_id", "=", id)
        .where("state", "=", "sent")
        .groupBy("lease_owner")
        .execute();
      // Both processes sent part of it.
      expect(owners).toHaveLength(2);
      expect(owners.reduce((a, o) => a + Number(o.n), 0)).toBe(RECIPIENTS);
    },
  );
});
