// Opens the database: SQLite (better-sqlite3, WAL) under DATA_DIR by default, PostgreSQL with DATABASE_URL.
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import { LRUCache } from "lru-cache";
import pg from "pg";
import type { Database } from "./schema.ts";

/** The database engine. */
export type Dialect = "sqlite" | "postgres";

/** An open database: the Kysely instance, its engine, and (SQLite) the raw handle. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The raw SQLite handle (FTS5 needs statements Kysely does not model); null on PostgreSQL. */
  sqlite: SQLite.Database | null;
  close(): Promise<void>;
}

// PostgreSQL returns timestamptz as Date and bigint counts as strings; the stored shape uses ISO
// strings and numbers on both engines.
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString());
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Opens a database. With a `databaseUrl` (postgres://…) it is PostgreSQL, else a SQLite file
 * `pragmatist.db` in `dataDir` (created if missing), or an in-memory one when `dataDir` is ":memory:".
 */
export function openDb(options: { databaseUrl?: string | undefined; dataDir: string }): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: "postgres", sqlite: null, close: () => kysely.destroy() };
  }
  let file = ":memory:";
  if (options.dataDir !== ":memory:") {
    fs.mkdirSync(options.dataDir, { recursive: true });
    file = path.join(options.dataDir, "pragmatist.db");
  }
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { kysely, dialect: "sqlite", sqlite, close: () => kysely.destroy() };
}

/**
 * Reuses prepared statements by SQL text. Kysely prepares every query anew, and with SQLite the
 * preparation costs about as much as running a small query; Kysely runs one query at a time on
 * the connection, so sharing a statement between calls is safe.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: 1000 });
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
