// Newsletter sending benchmark (docs/product/newsletter.md#newsletter-sending): one issue to 10,000
// subscribers through the delivery worker of one process and the pooled SMTP mailer, into the
// loopback SMTP sink; prints messages per second, the time to the last delivery and the memory
// peak, and checks one copy each.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { closeServices, createServices } from "../apps/server/src/services.ts";
import { addSubscribers } from "../apps/server/src/testing/newsletter.ts";
import { startSmtpSink } from "../apps/server/src/testing/smtp-sink.ts";

const RECIPIENTS = Number(process.env.BENCH_NEWSLETTER_RECIPIENTS ?? 10_000);
/** High enough that the rate limit never binds: the benchmark measures what one process can do. */
const RATE_PER_MINUTE = 1_000_000;
const ARTICLE = path.resolve(
  import.meta.dirname,
  "../content/demo/articles/bridge-security-models.md",
);

/**
 * Samples RSS and heap every 50 ms; `stop` returns the peaks in MB. The peak does not grow with
 * the number of recipients (compare BENCH_NEWSLETTER_RECIPIENTS=1000): no list is held whole.
 */
function memoryPeaks() {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { rssMb: rss / 2 ** 20, heapMb: heap / 2 ** 20 };
    },
  };
}

/** A published article (a demo article's text, about 9 KB) and an editor; returns their ids. */
async function seed(db: ReturnType<typeof openDb>) {
  const now = new Date().toISOString();
  const user = await db.kysely
    .insertInto("users")
    .values({
      username: "Bench Editor",
      email: "editor@example.test",
      password_hash: null,
      role: "editor",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const content = fs.readFileSync(ARTICLE, "utf8").replace(/^---[\s\S]*?---\n/, "");
  const article = await db.kysely
    .insertInto("articles")
    .values({
      slug: "bridge-security-models",
      title: "Bridge security models",
      sub_title: "How chain B knows",
      content,
      body: 1,
      excerpt: "",
      reading_time_minutes: 6,
      publish_date: now,
      status: "published",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { editorId: user.id, articleId: article.id };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-bench-newsletter-"));
const sink = await startSmtpSink({ parse: false });
const config = loadConfig({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  LOG_LEVEL: "silent",
  APP_SECRET: "bench-secret-bench-secret-bench-secret-00",
  PUBLIC_URL: "https://pragmatist.example",
  SMTP_URL: sink.url,
  NEWSLETTER_RATE_PER_MINUTE: String(RATE_PER_MINUTE),
});
const db = openDb({ databaseUrl: config.databaseUrl, dataDir });
await migrateToLatest(db);
await addSubscribers(db, RECIPIENTS, "bench");
const { editorId, articleId } = await seed(db);
const services = createServices(db, config);
const actor = { id: editorId, role: "editor" as const };

const before = process.memoryUsage();
const memory = memoryPeaks();
const issue = await services.newsletterIssues.create(actor, { kind: "post", articleId });
const started = performance.now();
await services.newsletterIssues.send(actor, issue.id);
const frozen = performance.now();
// The time of the last delivery: when the sink's count last moved (sampled every 5 ms).
let last = started;
let previous = 0;
const track = setInterval(() => {
  const n = sink.deliveredTo.size;
  if (n !== previous) last = performance.now();
  previous = n;
}, 5);
await services.newsletterDelivery.drain();
clearInterval(track);
const done = performance.now();
const { rssMb, heapMb } = memory.stop();
// With --expose-gc (the npm script): what the send left behind once garbage is collected.
(globalThis as { gc?: () => void }).gc?.();
const after = process.memoryUsage();

const copies = [...sink.deliveredTo.values()];
const duplicates = copies.filter((n) => n > 1).length;
const stats = await services.newsletterIssues.stats(actor, issue.id);
const seconds = (last - frozen) / 1000;
console.log(
  `Newsletter send: ${RECIPIENTS} recipients, ${db.dialect}, one process, loopback SMTP sink`,
);
console.table({
  "send call: render once + freeze recipients, ms": Math.round(frozen - started),
  "messages delivered": sink.deliveredTo.size,
  duplicates: duplicates,
  "sent / failed / pending (stats)": `${stats.sent} / ${stats.failed} / ${stats.pending}`,
  "messages per second": Math.round(sink.deliveredTo.size / seconds),
  "time to last delivery, s": Number(((last - started) / 1000).toFixed(2)),
  "drain returned after, s": Number(((done - started) / 1000).toFixed(2)),
  "RSS before the send → peak, MB": `${Math.round(before.rss / 2 ** 20)} → ${Math.round(rssMb)}`,
  "heap before the send → peak, MB": `${Math.round(before.heapUsed / 2 ** 20)} → ${Math.round(heapMb)}`,
  "heap after the send, after GC, MB": Math.round(after.heapUsed / 2 ** 20),
});
await closeServices(services);
await db.close();
await sink.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (duplicates > 0 || sink.deliveredTo.size !== RECIPIENTS) process.exitCode = 1;
