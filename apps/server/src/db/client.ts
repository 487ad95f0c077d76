// Opens the database: SQLite (better-sqlite3, WAL) under DATA_DIR by default, PostgreSQL with DATABASE_URL.
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, type LogEvent, type RootOperationNode, type SqliteDatabase } from "kysely";
import { LRUCache } from "lru-cache";
import pg from "pg";
import { CurrentSchemaPostgresDialect } from "./postgres-dialect.ts";
import { endReadSnapshot, runReadsOn } from "./prepared.ts";
import type { Database } from "./schema.ts";
import { StablePlanSqliteDialect } from "./sqlite-dialect.ts";

/** The database engine. */
export type Dialect = "sqlite" | "postgres";

/** One finished Kysely query, as `Db.onQuery` listeners see it. */
export interface QueryTiming {
  /** The statement's kind: select, insert, update, delete, merge, raw (sql``) or other (DDL). */
  operation: string;
  /** Wall time from sending the query to its last row or its error, in milliseconds. */
  durationMs: number;
  failed: boolean;
}

/** The PostgreSQL pool's clients at one moment (node-postgres `Pool` counters). */
export interface PoolStats {
  /** Connections open, idle or checked out. */
  total: number;
  /** Connections open and not checked out. */
  idle: number;
  /** Queries waiting for a connection (all `max` are checked out). */
  waiting: number;
}

/** An open database: the Kysely instance, its engine, and (SQLite) the raw handle. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The raw SQLite handle (FTS5 needs statements Kysely does not model); null on PostgreSQL. */
  sqlite: SQLite.Database | null;
  /**
   * Calls `listener` after every query made through `kysely` (its `log` hook) with the query's
   * kind and time; returns the function that stops it. Queries on the raw `sqlite` handle are not
   * seen. A listener that throws is ignored.
   */
  onQuery(listener: (timing: QueryTiming) => void): () => void;
  /** The connection pool's counters now (PostgreSQL); null on SQLite, which has no pool. */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

const operations: Partial<Record<RootOperationNode["kind"], string>> = {
  SelectQueryNode: "select",
  InsertQueryNode: "insert",
  UpdateQueryNode: "update",
  DeleteQueryNode: "delete",
  MergeQueryNode: "merge",
  RawNode: "raw",
};

/** Kysely's `log` option feeding a set of query listeners (see `Db.onQuery`). */
function queryListeners() {
  const listeners = new Set<(timing: QueryTiming) => void>();
  const log = (event: LogEvent) => {
    if (listeners.size === 0) return;
    const timing: QueryTiming = {
      operation: operations[event.query.query.kind] ?? "other",
      durationMs: event.queryDurationMillis,
      failed: event.level === "error",
    };
    for (const listener of listeners) {
      try {
        listener(timing);
      } catch {
        // A metric must never fail a query.
      }
    }
  };
  const onQuery = (listener: (timing: QueryTiming) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { log, onQuery };
}

// PostgreSQL returns timestamptz as Date and bigint counts as strings; the stored shape uses ISO
// strings and numbers on both engines.
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString());
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * `databaseUrl` with PostgreSQL's JIT compilation off for its sessions, before the URL's own
 * `options` (so a `-c jit=…` of the operator's still wins). The app's statements are short reads,
 * and the planner's cost estimate of the article cards' comment counts made PostgreSQL compile one
 * on every request: 1.2 s of a feed's 1.7 s at 20,000 articles, 82 ms without (docs/scale.md).
 */
export function withJitOff(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const own = url.searchParams.get("options");
  url.searchParams.set("options", own ? `-c jit=off ${own}` : "-c jit=off");
  return url.toString();
}

/**
 * Opens a database. With a `databaseUrl` (postgres://…) it is PostgreSQL, else a SQLite file
 * `pragmatist.db` in `dataDir` (created if missing), or an in-memory one when `dataDir` is ":memory:".
 */
export function openDb(options: { databaseUrl?: string | undefined; dataDir: string }): Db {
  const { log, onQuery } = queryListeners();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: withJitOff(options.databaseUrl), max: 10 });
    const kysely = new Kysely<Database>({
      dialect: new CurrentSchemaPostgresDialect({ pool }),
      log,
    });
    const poolStats = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    const close = () => kysely.destroy();
    return { kysely, dialect: "postgres", sqlite: null, onQuery, poolStats, close };
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
  // Prepared reads run on a read-only second connection (db/prepared.ts runReadsOn), which every
  // statement of this one first brings up to date.
  const reader = file === ":memory:" ? null : new SQLite(file, { readonly: true });
  const kysely: Kysely<Database> = new Kysely<Database>({
    dialect: new StablePlanSqliteDialect({
      database: withStatementCache(sqlite, () => endReadSnapshot(kysely)),
    }),
    log,
  });
  runReadsOn(kysely, sqlite, reader, log);
  const close = async () => {
    await kysely.destroy();
    reader?.close();
  };
  return { kysely, dialect: "sqlite", sqlite, onQuery, poolStats: () => null, close };
}

/**
 * Reuses prepared statements by SQL text. Kysely prepares every query anew, and with SQLite the
 * preparation costs about as much as running a small query; Kysely runs one query at a time on
 * the connection, so sharing a statement between calls is safe.
 */
function withStatementCache(sqlite: SQLite.Database, beforeEach: () => void): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: 1000 });
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      beforeEach();
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
