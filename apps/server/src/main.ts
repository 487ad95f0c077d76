// Reads config and serves: one process, or with WEB_CONCURRENCY > 1 a cluster primary (cluster.ts)
// whose workers each run this file and serve; each shuts down gracefully on SIGINT/SIGTERM.
import cluster from "node:cluster";
import { buildApp } from "./app.ts";
import { runPrimary } from "./cluster.ts";
import { type Config, loadConfig, startupWarnings } from "./config.ts";
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
}
