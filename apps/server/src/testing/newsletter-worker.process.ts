// Test helper run as a child process (testing/newsletter.ts spawnWorker): one newsletter delivery
// worker over the database its config names (DATABASE_URL or DATA_DIR), draining until nothing is
// pending. The crash test kills it with SIGKILL halfway; the fleet test runs two side by side.
import { openDb } from "../db/client.ts";
import { testConfig } from "./db.ts";
import { drainWithFreshWorker, type WorkerOptions } from "./newsletter.ts";

const options = JSON.parse(process.argv[2] ?? "{}") as WorkerOptions;
const { databaseUrl, dataDir } = testConfig(options.config);
const db = openDb({ databaseUrl, dataDir });
try {
  await drainWithFreshWorker(db, options);
} finally {
  await db.close();
}
