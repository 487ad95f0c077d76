// Brings a backup back into an empty DATA_DIR (and database), checked against its manifest.
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import {
  type BackupManifest,
  SECRET_FILE,
  UPLOADS_FOLDER,
  assertEmptyFolder,
  assertSummaryMatches,
  checkSqliteFile,
  copyFiles,
  dataDirLayout,
  readManifest,
  sha256File,
  summariseDatabase,
} from "./backup-format.ts";
import { openDb } from "./client.ts";
import { migrations } from "./migrations/index.ts";
import { runPgTool } from "./pg-tools.ts";

/** What `restoreBackup` restores and where to. */
export interface RestoreOptions {
  /** A folder written by `createBackup` (`npm run backup`). */
  backupDir: string;
  /** DATA_DIR to restore into: it must not exist yet or be empty. */
  dataDir: string;
  /** DATABASE_URL for a PostgreSQL backup: a database with no tables yet. */
  databaseUrl: string | undefined;
}

/**
 * Refuses a backup this configuration cannot take: one of the other engine (restore does not
 * convert between SQLite and PostgreSQL), or one whose migration this code does not know (taken
 * by a newer version, whose schema this one cannot run on).
 * @throws Error saying what to set or which version to use.
 */
function assertRestorable(manifest: BackupManifest, databaseUrl: string | undefined): void {
  if (manifest.engine === "sqlite" && databaseUrl) {
    throw new Error(
      "This backup is of a SQLite database: unset DATABASE_URL to restore it (restore does not move data between engines)",
    );
  }
  if (manifest.engine === "postgres" && !databaseUrl) {
    throw new Error(
      "This backup is a PostgreSQL dump: set DATABASE_URL to a new, empty database (createdb) to restore it",
    );
  }
  const latest = manifest.migration.latest;
  if (latest !== null && !Object.hasOwn(migrations, latest)) {
    throw new Error(
      `This backup was taken by a newer version of Pragmatist (its schema is at migration ${latest}, unknown to this one): restore it with that version or a later one`,
    );
  }
}

/**
 * Checks the backup's own files before anything is written: the database file's size and
 * SHA-256 against the manifest, the secret's presence, and for SQLite the file's integrity and
 * figures (migration level, row counts).
 * @throws Error naming the file that is missing, damaged or changed since the backup.
 */
async function verifyBackup(backupDir: string, manifest: BackupManifest): Promise<void> {
  const file = path.join(backupDir, manifest.database.file);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (
    !stat ||
    stat.size !== manifest.database.bytes ||
    (await sha256File(file)) !== manifest.database.sha256
  ) {
    throw new Error(
      `${file} is missing or does not match the manifest (damaged or changed since the backup)`,
    );
  }
  if (manifest.secretKey && !fs.existsSync(path.join(backupDir, SECRET_FILE))) {
    throw new Error(`The manifest lists ${SECRET_FILE}, but ${backupDir} does not hold it`);
  }
  if (manifest.engine === "sqlite") assertSummaryMatches(await checkSqliteFile(file), manifest);
}

/**
 * Refuses a PostgreSQL database that holds any table outside the system schemas: restore never
 * writes over a database (there is no --force; replacing one is an explicit dropdb/createdb).
 * @throws Error naming the first tables found.
 */
async function assertEmptyDatabase(databaseUrl: string): Promise<void> {
  const db = openDb({ databaseUrl, dataDir: ":memory:" });
  try {
    const { rows } = await sql<{ name: string }>`
      select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')
      order by 1 limit 6`.execute(db.kysely);
    if (rows.length > 0) {
      const shown =
        rows
          .slice(0, 5)
          .map((r) => r.name)
          .join(", ") + (rows.length > 5 ? ", …" : "");
      throw new Error(
        `The database at DATABASE_URL is not empty (it holds ${shown}). Restore only into a new database: createdb a new one and point DATABASE_URL at it, or drop this one first if you mean to replace it.`,
      );
    }
  } finally {
    await db.close();
  }
}

/**
 * Restores a `pg_dump` archive with pg_restore in one transaction (all or nothing), without the
 * source's owners and grants (the restoring role owns everything), then compares the database's
 * figures with the manifest.
 * @throws Error from pg_restore, or listing how the restored database differs from the manifest.
 */
async function restorePostgres(
  file: string,
  databaseUrl: string,
  manifest: BackupManifest,
): Promise<void> {
  await runPgTool(
    "pg_restore",
    ["--exit-on-error", "--single-transaction", "--no-owner", "--no-privileges", file],
    databaseUrl,
  );
  const db = openDb({ databaseUrl, dataDir: ":memory:" });
  try {
    assertSummaryMatches(await summariseDatabase(db.kysely), manifest);
  } finally {
    await db.close();
  }
}

/**
 * Copies the backup's database, uploads and secret into `dataDir`, each checked against the
 * manifest after the copy (the SQLite file by SHA-256, the uploads by file count and bytes).
 * @throws Error naming what does not match.
 */
async function restoreInto(
  backupDir: string,
  options: RestoreOptions,
  manifest: BackupManifest,
): Promise<void> {
  const layout = dataDirLayout(options.dataDir);
  const uploads = await copyFiles(path.join(backupDir, UPLOADS_FOLDER), layout.uploads);
  if (uploads.files !== manifest.uploads.files || uploads.bytes !== manifest.uploads.bytes) {
    throw new Error(
      `The backup's uploads (${uploads.files} files, ${uploads.bytes} bytes) do not match the manifest (${manifest.uploads.files} files, ${manifest.uploads.bytes} bytes)`,
    );
  }
  if (manifest.secretKey) {
    await fs.promises.copyFile(
      path.join(backupDir, SECRET_FILE),
      layout.secret,
      fs.constants.COPYFILE_EXCL,
    );
    await fs.promises.chmod(layout.secret, 0o600);
  }
  const file = path.join(backupDir, manifest.database.file);
  if (options.databaseUrl) {
    await restorePostgres(file, options.databaseUrl, manifest);
    return;
  }
  await fs.promises.copyFile(file, layout.database, fs.constants.COPYFILE_EXCL);
  if ((await sha256File(layout.database)) !== manifest.database.sha256) {
    throw new Error(`The copy of ${file} in DATA_DIR does not match the manifest`);
  }
}

/**
 * Restores the backup in `options.backupDir` into an empty `options.dataDir` (and, for a
 * PostgreSQL backup, an empty database), after checking the manifest and the backup's files;
 * the app then starts on it and runs any newer migrations itself. On failure what was written
 * to DATA_DIR is removed again (it was empty); a PostgreSQL restore is one transaction.
 * @returns the backup's manifest.
 * @throws Error, with what to do, for a missing or invalid manifest, a backup of the other engine
 * or a newer version, a damaged backup, a DATA_DIR that is not empty, a database with tables, or
 * a restored database that does not match the manifest.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const backupDir = path.resolve(options.backupDir);
  const dataDir = path.resolve(options.dataDir);
  const manifest = await readManifest(backupDir);
  assertRestorable(manifest, options.databaseUrl);
  await verifyBackup(backupDir, manifest);
  await assertEmptyFolder(
    dataDir,
    "DATA_DIR",
    "Restore only into an empty data folder: move this one aside, or set DATA_DIR to a new folder.",
  );
  if (options.databaseUrl) await assertEmptyDatabase(options.databaseUrl);
  await fs.promises.mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    await restoreInto(backupDir, { ...options, dataDir }, manifest);
  } catch (err) {
    for (const entry of await fs.promises.readdir(dataDir)) {
      await fs.promises.rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
    throw err;
  }
  return manifest;
}
