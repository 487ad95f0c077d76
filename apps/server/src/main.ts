// Reads config, builds the app, listens, and shuts down gracefully on SIGINT/SIGTERM.
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { seedDemoContentIfEmpty } from "./modules/importer/importer.service.ts";

const config = loadConfig();
const app = await buildApp(config, { web: "build" });
if (config.nodeEnv === "production" && !config.publicUrlSet) {
  app.log.warn(
    { publicUrl: config.publicUrl },
    "PUBLIC_URL is not set: mails, feeds and canonical links use the address the server listens on; set PUBLIC_URL to the site's public address",
  );
}
if (config.seedDemoContent) await seedDemoContentIfEmpty(app.services, config, app.log);

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: config.host, port: config.port });
