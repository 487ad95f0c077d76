// Test databases: a fresh in-memory SQLite, and when DATABASE_URL is set a fresh PostgreSQL schema,
// so every server test file runs on both engines (docs/architecture.md#tests).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Db, type Dialect, openDb } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { type Config, loadConfig } from "../config.ts";

/** The engines to run on: SQLite always, PostgreSQL when DATABASE_URL is set. */
export const engines: Dialect[] = process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

/** A config for tests: in-memory data dir, quiet logs, a fixed secret. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: ":memory:",
    LOG_LEVEL: "silent",
    APP_SECRET: "test-secret-test-secret-test-secret-0123",
    SEED_DEMO_CONTENT: "false",
    RESPONSE_CACHE_SECONDS: "0",
    ...overrides,
  });
}

/**
 * Opens a migrated, empty database on `engine`. On PostgreSQL each call gets its own schema
 * (dropped by `close`), so test files can run in parallel against one server.
 */
export async function freshDb(engine: Dialect): Promise<Db> {
  if (engine === "sqlite") {
    const db = openDb({ dataDir: ":memory:" });
    await migrateToLatest(db);
    return db;
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is needed for PostgreSQL tests");
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set("options", `-c search_path=${schema},public`);
  const db = openDb({ databaseUrl: scoped.toString(), dataDir: ":memory:" });
  await migrateToLatest(db);
  return {
    ...db,
    async close() {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}
