// Start-up work that several processes sharing one database must do one at a time (migrations,
// the demo seed): a PostgreSQL advisory lock, or SQLite's own file lock (docs/architecture.md#overview).
import { setTimeout as sleep } from "node:timers/promises";
import { crc32 } from "node:zlib";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import type { Db } from "./client.ts";

/** The first half of our advisory lock's key: "Prag" in ASCII, so no other tool's lock is taken. */
const LOCK_NAMESPACE = 0x50726167;
/** How often a SQLite process waiting for the lock tries again, in ms. */
const SQLITE_RETRY_MS = 50;

/**
 * Runs `work` while no other process holds the start-up lock of the same database, and returns
 * what it returns. Processes starting together (WEB_CONCURRENCY, several machines) thus migrate
 * and seed one after the other; the next one finds the work done.
 *
 * - PostgreSQL: a session-level `pg_advisory_lock(namespace, crc32(current_schema()))` held on
 *   one pooled connection while `work` runs on the others (PostgreSQL manual, "Advisory Locks");
 *   a process that dies releases it with its session.
 * - SQLite: an exclusive transaction on `<database file>-startup-lock`, a file of its own, so
 *   `work`'s writes to the database are not blocked by it; the operating system drops the lock
 *   of a process that dies. An in-memory database is this process's alone: no lock.
 *
 * @throws whatever `work` throws (after releasing the lock), or the database's error when the
 * lock cannot be taken.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.sqlite) {
    return db.sqlite.memory ? work() : withSqliteLock(`${db.sqlite.name}-startup-lock`, work);
  }
  return db.kysely.connection().execute(async (session) => {
    const { rows } = await sql<{
      schema: string;
    }>`select current_schema() as schema`.execute(session);
    const key = crc32(rows[0]?.schema ?? "") | 0; // int4, as pg_advisory_lock(int, int) takes
    await sql`select pg_advisory_lock(${LOCK_NAMESPACE}::int, ${key}::int)`.execute(session);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_NAMESPACE}::int, ${key}::int)`.execute(session);
    }
  });
}

/** Holds `BEGIN EXCLUSIVE` on the SQLite file `lockFile` while `work` runs, polling while busy. */
async function withSqliteLock<T>(lockFile: string, work: () => Promise<T>): Promise<T> {
  // timeout 0: a busy lock fails at once, and this process waits without blocking its event loop.
  const lock = new SQLite(lockFile, { timeout: 0 });
  try {
    for (;;) {
      try {
        lock.exec("begin exclusive");
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== "SQLITE_BUSY") throw err;
        await sleep(SQLITE_RETRY_MS);
      }
    }
    try {
      return await work();
    } finally {
      lock.exec("commit");
    }
  } finally {
    lock.close();
  }
}
