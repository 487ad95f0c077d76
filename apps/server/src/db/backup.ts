// Takes a consistent backup while the server runs (docs/deploy/backups.md): database, uploads, secret.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import {
  type BackupManifest,
  type DatabaseSummary,
  DATABASE_FILE,
  SECRET_FILE,
  UPLOADS_FOLDER,
  assertEmptyFolder,
  checkSqliteFile,
  copyFiles,
  dataDirLayout,
  sha256File,
  summariseDatabase,
  writeManifest,
} from "./backup-format.ts";
import { openDb } from "./client.ts";
import { runPgTool } from "./pg-tools.ts";

/** What `createBackup` backs up and where to. */
export interface BackupOptions {
  /** DATA_DIR: the SQLite file (without `databaseUrl`), `uploads/` and `secret.key`. */
  dataDir: string;
  /** DATABASE_URL: PostgreSQL, dumped with pg_dump; undefined: the SQLite file in `dataDir`. */
  databaseUrl: string | undefined;
  /** The backup folder to write; it must not exist yet or be empty. */
  target: string;
  /** The S3 bucket the media are kept in (recorded, not copied); undefined: local disk. */
  mediaBucket: string | undefined;
}

/** The database part of a backup: its snapshot's time bounds and contents. */
type DatabaseCopy = DatabaseSummary & { startedAt: Date; takenAt: Date };

/**
 * Most pages SQLite's backup may copy in one step (better-sqlite3 clamps to 2^31 − 1). Copying
 * the whole database in one `sqlite3_backup_step` reads it in one read transaction, so the copy is
 * one instant of the database; in WAL mode that read never blocks the server's writers. In
 * smaller steps, every write by the server between two steps would restart the copy.
 */
const WHOLE_DATABASE = 0x7fffffff;

/**
 * Copies the live SQLite database with SQLite's online backup API (better-sqlite3 `backup`),
 * never a file copy, which would miss the commits still in the write-ahead log or catch a page
 * half-written. The copy is switched to a rollback journal, so it is one self-contained file
 * (the app turns WAL back on when it opens it), checked with `integrity_check` and summarised.
 * @throws Error when there is no database in `dataDir` or the copy fails its integrity check.
 */
async function copySqlite(dataDir: string, file: string): Promise<DatabaseCopy> {
  const source = dataDirLayout(dataDir).database;
  if (!fs.existsSync(source)) {
    throw new Error(
      `No database at ${source}: check DATA_DIR (or set DATABASE_URL for PostgreSQL)`,
    );
  }
  const live = new SQLite(source, { fileMustExist: true, timeout: 5000 });
  const startedAt = new Date();
  try {
    await live.backup(file, { progress: () => WHOLE_DATABASE });
  } finally {
    live.close();
  }
  const takenAt = new Date();
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  return { ...(await checkSqliteFile(file)), startedAt, takenAt };
}

/**
 * Dumps PostgreSQL with `pg_dump --format=custom` from a snapshot this function exports
 * (`pg_export_snapshot`, PostgreSQL docs §9.27.5) inside a read-only REPEATABLE READ
 * transaction, and reads the manifest's figures in that same transaction: the dump and the
 * counts describe one instant, and neither blocks the app's writers.
 * @throws Error from pg_dump (not on PATH, older than the server, connection refused).
 */
async function dumpPostgres(databaseUrl: string, file: string): Promise<DatabaseCopy> {
  const db = openDb({ databaseUrl, dataDir: ":memory:" });
  try {
    return await db.kysely
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (trx) => {
        const startedAt = new Date();
        const exported = await sql<{
          snapshot: string;
        }>`select pg_export_snapshot() as snapshot`.execute(trx);
        const takenAt = new Date();
        const snapshot = exported.rows[0]?.snapshot ?? "";
        const summary = await summariseDatabase(trx);
        await runPgTool(
          "pg_dump",
          ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`],
          databaseUrl,
        );
        return { ...summary, startedAt, takenAt };
      });
  } finally {
    await db.close();
  }
}

/** Copies DATA_DIR/secret.key (mode 0600) when there is one; false when APP_SECRET is used instead. */
async function copySecret(dataDir: string, backupDir: string): Promise<boolean> {
  try {
    await fs.promises.copyFile(dataDirLayout(dataDir).secret, path.join(backupDir, SECRET_FILE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw err;
  }
  await fs.promises.chmod(path.join(backupDir, SECRET_FILE), 0o600);
  return true;
}

/**
 * Writes a backup of a running (or stopped) site into `options.target`: the database first (one
 * consistent snapshot: SQLite's online backup API, or pg_dump), then the local uploads (taken
 * after the snapshot, so every file a backed-up row points to is there), the generated secret
 * (members stay signed in after a restore) and `manifest.json` last. It is
 * written into a `.partial-*` sibling folder and renamed into place when complete, so a failed
 * or interrupted backup never looks like one. Folders are mode 0700: the backup holds the
 * secret and members' data.
 * @returns the manifest written (docs/deploy/backups.md#manifest).
 * @throws Error when the target is not empty, there is no database, or pg_dump fails; the partial
 * folder is removed first.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const target = path.resolve(options.target);
  await assertEmptyFolder(target, "The backup folder", "Name a new folder for the backup.");
  await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial-${randomBytes(4).toString("hex")}`;
  await fs.promises.mkdir(partial, { mode: 0o700 });
  try {
    const engine = options.databaseUrl ? "postgres" : "sqlite";
    const databaseFile = path.join(partial, DATABASE_FILE[engine]);
    const database = options.databaseUrl
      ? await dumpPostgres(options.databaseUrl, databaseFile)
      : await copySqlite(options.dataDir, databaseFile);
    await fs.promises.chmod(databaseFile, 0o600);
    const uploads = await copyFiles(
      dataDirLayout(options.dataDir).uploads,
      path.join(partial, UPLOADS_FOLDER),
    );
    const manifest: BackupManifest = {
      format: "pragmatist-backup",
      version: 1,
      engine,
      snapshotStartedAt: database.startedAt.toISOString(),
      snapshotTakenAt: database.takenAt.toISOString(),
      database: {
        file: DATABASE_FILE[engine],
        bytes: (await fs.promises.stat(databaseFile)).size,
        sha256: await sha256File(databaseFile),
      },
      migration: database.migration,
      rows: database.rows,
      uploads,
      mediaBucket: options.mediaBucket ?? null,
      secretKey: await copySecret(options.dataDir, partial),
    };
    await writeManifest(partial, manifest);
    // rename(2) replaces an empty folder and fails on one that is not (POSIX).
    await fs.promises.rename(partial, target);
    return manifest;
  } catch (err) {
    await fs.promises.rm(partial, { recursive: true, force: true });
    throw err;
  }
}
