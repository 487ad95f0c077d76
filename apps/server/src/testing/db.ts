// Test databases: a fresh in-memory SQLite, and when DATABASE_URL is set a fresh PostgreSQL schema,
// so every server test file runs on both engines (docs/architecture.md#tests).
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Db, type Dialect, openDb } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { migrations } from "../db/migrations/index.ts";
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
  return (await sharedTestDb("postgres")).db;
}

/** A test database other processes can open too, with the settings that reach it. */
export interface SharedTestDb {
  /** This process's connection; `close` also removes the database. */
  db: Db;
  /** `DATABASE_URL` (a schema of its own) or `DATA_DIR` (a temporary folder), for `loadConfig`. */
  env: Record<string, string>;
}

/**
 * Opens a migrated, empty database that a child process can open with `env`: a SQLite file in a
 * fresh temporary folder (removed by `close`), or on PostgreSQL a schema of its own (dropped by
 * `close`), reached through DATABASE_URL's `search_path` option.
 */
export async function sharedTestDb(engine: Dialect): Promise<SharedTestDb> {
  if (engine === "sqlite") {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "pragmatist-test-db-"));
    const db = openDb({ dataDir });
    await migrateToLatest(db);
    const close = async () => {
      await db.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
    return { db: { ...db, close }, env: { DATA_DIR: dataDir } };
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
  const close = async () => {
    await db.close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  };
  return { db: { ...db, close }, env: { DATABASE_URL: scoped.toString() } };
}

/** A PostgreSQL database of its own (not a schema): what a freshly provisioned site gets. */
export interface TemporaryDatabase {
  /** DATABASE_URL for it. */
  url: string;
  /** Drops it, closing any connection still open to it. */
  drop(): Promise<void>;
}

/**
 * Creates an empty database on the server DATABASE_URL names (as its superuser), not migrated,
 * for tests whose processes start on a fresh site as an operator's would (the default `public`
 * schema, nothing in it).
 * @throws Error when DATABASE_URL is not set.
 */
export async function temporaryDatabase(prefix: string): Promise<TemporaryDatabase> {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error("DATABASE_URL is needed for PostgreSQL tests");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  url.search = "";
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * A database migrated up to, not including, the migration whose name starts with `migration`
 * ("020"), as a publication was before it: a test of that migration adds rows, runs its `up` and
 * reads what it made. `drop` closes it and, on PostgreSQL, drops it.
 */
export async function databaseBefore(
  engine: Dialect,
  migration: string,
): Promise<{ db: Db; drop: () => Promise<void> }> {
  const temporary = engine === "postgres" ? await temporaryDatabase(`m${migration}`) : null;
  const db = openDb({ databaseUrl: temporary?.url, dataDir: ":memory:" });
  for (const [name, step] of Object.entries(migrations)) {
    if (name >= migration) break;
    await step.up(db.kysely as never, engine);
  }
  return {
    db,
    drop: async () => {
      await db.close();
      await temporary?.drop();
    },
  };
}
