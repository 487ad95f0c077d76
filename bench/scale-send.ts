// The newsletter send of `npm run bench:scale` (bench/scale-operator.ts), in a process of its own
// so its memory is its own: on the database DATA_DIR / DATABASE_URL name, the scale admin writes
// an issue of the newest published article and sends it to every confirmed subscriber through the
// delivery worker of this process (SMTP_URL, NEWSLETTER_RATE_PER_MINUTE); prints, as JSON, the
// send call's and the delivery's times and the issue's counts.
import { loadConfig } from "../apps/server/src/config.ts";
import { openDb } from "../apps/server/src/db/client.ts";
import { closeServices, createServices } from "../apps/server/src/services.ts";
import { ADMIN_EMAIL } from "./scale-generate.ts";

const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  PUBLIC_URL: "https://pragmatist.example",
});
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const admin = await db.kysely
  .selectFrom("users")
  .select("id")
  .where("email", "=", ADMIN_EMAIL)
  .executeTakeFirstOrThrow();
const article = await db.kysely
  .selectFrom("articles")
  .select("id")
  .where("status", "=", "published")
  .where("publish_date", "<=", new Date().toISOString())
  .orderBy("publish_date", "desc")
  .limit(1)
  .executeTakeFirstOrThrow();
const services = createServices(db, config);
const actor = { id: admin.id, role: "admin" as const };
const issue = await services.newsletterIssues.create(actor, {
  kind: "post",
  articleId: article.id,
});
const started = performance.now();
await services.newsletterIssues.send(actor, issue.id);
const frozen = performance.now();
await services.newsletterDelivery.drain();
const done = performance.now();
const stats = await services.newsletterIssues.stats(actor, issue.id);
await closeServices(services);
await db.close();
console.log(
  JSON.stringify({
    sendCallMs: Math.round(frozen - started),
    deliverySeconds: Math.round((done - frozen) / 100) / 10,
    sent: stats.sent,
    failed: stats.failed,
    pending: stats.pending,
  }),
);
