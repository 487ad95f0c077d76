// Runs pending migrations at start-up (docs/architecture.md#data).
import { sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { Db } from "./client.ts";
import { migrations } from "./migrations/index.ts";
import { withStartupLock } from "./startup-lock.ts";

/**
 * Brings the schema up to date, holding the start-up lock (`withStartupLock`), so several
 * processes starting together on one database (PostgreSQL, or one SQLite file, whose migrations
 * Kysely does not lock) run each migration once.
 * @throws the first migration error, naming the migration that failed.
 */
export function migrateToLatest(db: Db): Promise<void> {
  return withStartupLock(db, () => migrate(db));
}

async function migrate(db: Db): Promise<void> {
  const provided: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(migrations)) {
    provided[name] = { up: (k) => m.up(k, db.dialect) };
  }
  // On PostgreSQL, keep Kysely's bookkeeping tables in the schema the connection works in, so a
  // migration table in another schema (another app, a test schema) is never mistaken for ours.
  const schema =
    db.dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely))
          .rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: () => Promise.resolve(provided) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed`, { cause: error });
  }
}
