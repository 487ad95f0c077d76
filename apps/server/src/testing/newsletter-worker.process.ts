// Test helper run as a child process (testing/newsletter.ts spawnWorker): one newsletter delivery
// or notification email worker over the database its config names (DATABASE_URL or DATA_DIR),
// draining until nothing is pending, then writing `{ "sent": … }` to stdout. The crash tests kill
// it with SIGKILL halfway; the fleet tests run two side by side.
import { openDb } from "../db/client.ts";
import { testConfig } from "./db.ts";
import { drainWithFreshWorker, type WorkerOptions } from "./newsletter.ts";

const options = JSON.parse(process.argv[2] ?? "{}") as WorkerOptions;
const { databaseUrl, dataDir } = testConfig(options.config);
const db = openDb({ databaseUrl, dataDir });
try {
  const sent = await drainWithFreshWorker(db, options);
  process.stdout.write(JSON.stringify({ sent }));
} finally {
  await db.close();
}
