// Reads config and serves: one process, or with WEB_CONCURRENCY > 1 a cluster primary (cluster.ts)
// whose workers each run this file and serve; each shuts down gracefully on SIGINT/SIGTERM.
import cluster from "node:cluster";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { buildApp } from "./app.ts";
import { runPrimary } from "./cluster.ts";
import {
  type Config,
  defaultPublicUrl,
  loadConfig,
  servedUrlPath,
  startupWarnings,
} from "./config.ts";
import { seedDemoContentIfEmpty } from "./modules/importer/importer.service.ts";

const config = loadConfig();
if (config.webConcurrency > 1 && cluster.isPrimary) runPrimary(config);
else await serve(config);

/**
 * Builds the app (migrating under the start-up lock), seeds the demo content into an empty
 * database, and listens. SIGINT or SIGTERM (in a worker also the primary going away) closes the
 * app: no new connections, the requests in progress finish, then the services and the database
 * are released; exit 0, or 1 when that fails or takes over 10 s.
 */
async function serve(config: Config): Promise<void> {
  const app = await buildApp(config, { web: "build" });
  // A cluster's primary logs these once for all its workers.
  if (!cluster.isWorker)
    for (const w of startupWarnings(config)) app.log.warn(w.details, w.message);
  if (config.seedDemoContent) await seedDemoContentIfEmpty(app.services, config, app.log);

  let closing = false;
  const shutdown = (reason: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => shutdown(signal));
  if (cluster.isWorker) process.once("disconnect", () => shutdown("the primary is gone"));

  await app.listen({ host: config.host, port: config.port });
  announce(config, (app.server.address() as AddressInfo).port);
  // Max's research index is built now rather than while the first reader waits (seconds on the
  // shared library); a failure here is only logged, the first question builds it again.
  app.services.assistant.searchResearch.warm().catch((err: unknown) => {
    app.log.warn({ err }, "research index not built ahead of the first question");
  });
  // So are the coins each article names, so that no coin page waits for articles' texts.
  app.services.coinMentions.warm().catch((err: unknown) => {
    app.log.warn({ err }, "articles' coins not read ahead of the first coin page");
  });
}

/**
 * Says where the product is served: the address into DATA_DIR for the
 * command-line tools (config.ts `loadToolConfig`), and one plain line on stderr for whoever ran
 * `npm start` (stdout carries the JSON log), once per machine rather than per cluster worker.
 * The address is PUBLIC_URL, else where this process listens.
 */
function announce(config: Config, port: number): void {
  const url = config.publicUrlSet ? config.publicUrl : defaultPublicUrl(config.host, port);
  fs.writeFileSync(servedUrlPath(config.dataDir), `${url}\n`);
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    process.stderr.write(`Pragmatist is serving ${config.siteName} on ${url}\n`);
  }
}
