// `npm run newsletter:export > subscribers.csv`: confirmed newsletter subscribers as CSV on stdout.
import { pipeline } from "node:stream/promises";
import { closeServices, createServices } from "../services.ts";
import { loadToolConfig } from "../config.ts";
import { openDb } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";

async function main(): Promise<void> {
  const config = loadToolConfig();
  const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const services = createServices(db, config);
    try {
      await pipeline(services.newsletter.exportCsv(), process.stdout);
    } finally {
      await closeServices(services);
    }
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(`newsletter:export failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
