// A backup folder's format: its manifest, the figures a restore checks, the copying both share.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, sql, SqliteDialect } from "kysely";
import { DEFAULT_MIGRATION_TABLE } from "kysely/migration";
import { z } from "zod";
import type { Dialect } from "./client.ts";
import type { Database } from "./schema.ts";

/** The manifest's file name in a backup folder; it is written last, so its presence marks a complete backup. */
export const MANIFEST_FILE = "manifest.json";

/** The database's file in a backup folder, by engine: a SQLite database, or a `pg_dump --format=custom` archive. */
export const DATABASE_FILE: Record<Dialect, string> = {
  sqlite: "pragmatist.db",
  postgres: "database.pgdump",
};

/** The folder of uploaded media in a backup folder, as in DATA_DIR. */
export const UPLOADS_FOLDER = "uploads";

/** The generated server secret in a backup folder, as in DATA_DIR. */
export const SECRET_FILE = "secret.key";

/**
 * Where DATA_DIR keeps what a backup copies. The names are those of their owners: the SQLite file
 * (`db/client.ts` `openDb`), uploaded media (`modules/uploads/storage.ts`) and the secret generated
 * when APP_SECRET is unset (`secrets.ts`); the backup tests go through those owners, so a renamed
 * file fails them.
 */
export function dataDirLayout(dataDir: string): {
  database: string;
  uploads: string;
  secret: string;
} {
  return {
    database: path.join(dataDir, DATABASE_FILE.sqlite),
    uploads: path.join(dataDir, UPLOADS_FOLDER),
    secret: path.join(dataDir, SECRET_FILE),
  };
}

/**
 * The tables whose rows a manifest counts and a restore compares: the publication, its members and
 * what they wrote. Derived data (search index, daily page-view tallies) is restored too, only not
 * counted.
 */
export const COUNTED_TABLES = [
  "users",
  "articles",
  "article_revisions",
  "terms",
  "media",
  "comments",
  "article_likes",
  "article_bookmarks",
  "newsletter_subscribers",
  "assistant_threads",
  "assistant_messages",
  "audit_log",
] as const satisfies readonly (keyof Database)[];

const count = z.number().int().nonnegative();

const manifestSchema = z.strictObject({
  format: z.literal("pragmatist-backup"),
  version: z.literal(1),
  engine: z.enum(["sqlite", "postgres"]),
  /** Every write acknowledged before this instant is in the backup. */
  snapshotStartedAt: z.iso.datetime(),
  /** No write acknowledged after this instant is in the backup. */
  snapshotTakenAt: z.iso.datetime(),
  database: z.strictObject({
    file: z.enum([DATABASE_FILE.sqlite, DATABASE_FILE.postgres]),
    bytes: count,
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  /** The last migration applied (null: none) and how many were. */
  migration: z.strictObject({ latest: z.string().nullable(), applied: count }),
  rows: z.record(z.enum(COUNTED_TABLES), count),
  /** The local media copied from DATA_DIR/uploads. */
  uploads: z.strictObject({ files: count, bytes: count }),
  /** The S3 bucket holding the media, which the backup does not copy; null: media on local disk. */
  mediaBucket: z.string().min(1).nullable(),
  /** Whether DATA_DIR/secret.key is in the backup (absent when APP_SECRET is set). */
  secretKey: z.boolean(),
});

/** A backup's manifest (`manifest.json`). */
export type BackupManifest = z.infer<typeof manifestSchema>;

/** What a manifest says about the database's contents: its migration level and row counts. */
export type DatabaseSummary = Pick<BackupManifest, "migration" | "rows">;

/**
 * Reads and checks `<backupDir>/manifest.json`.
 * @throws Error naming the folder when the manifest is missing (not a backup, or an unfinished
 * one), is not JSON, or does not have the shape of `manifestSchema` (with the first problems).
 */
export async function readManifest(backupDir: string): Promise<BackupManifest> {
  const file = path.join(backupDir, MANIFEST_FILE);
  let text: string;
  try {
    text = await fs.promises.readFile(file, "utf8");
  } catch (err) {
    throw new Error(
      `${backupDir} has no readable ${MANIFEST_FILE}: it is not a backup, or an unfinished one`,
      { cause: err },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not valid JSON`, { cause: err });
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`${file} is not a Pragmatist backup manifest (${issues.join("; ")})`);
  }
  return parsed.data;
}

/** Writes `manifest` as `<backupDir>/manifest.json` (pretty-printed, for an operator to read). */
export async function writeManifest(backupDir: string, manifest: BackupManifest): Promise<void> {
  const text = `${JSON.stringify(manifestSchema.parse(manifest), null, 2)}\n`;
  await fs.promises.writeFile(path.join(backupDir, MANIFEST_FILE), text, { mode: 0o600 });
}

/**
 * Reads the migration level and the row count of each `COUNTED_TABLES` table through `k` (a
 * transaction on PostgreSQL, so the figures match the snapshot being dumped). The migration table
 * is Kysely's (`db/migrate.ts`), in the connection's current schema.
 */
export async function summariseDatabase(k: Kysely<Database>): Promise<DatabaseSummary> {
  const applied = await sql<{
    name: string;
  }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} order by name`.execute(k);
  const rows: Partial<Record<(typeof COUNTED_TABLES)[number], number>> = {};
  for (const table of COUNTED_TABLES) {
    const result = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)}`.execute(k);
    rows[table] = Number(result.rows[0]?.n ?? 0);
  }
  return {
    migration: { latest: applied.rows.at(-1)?.name ?? null, applied: applied.rows.length },
    rows: rows as DatabaseSummary["rows"],
  };
}

/**
 * Opens a SQLite database file read-only, runs `PRAGMA integrity_check` (SQLite docs: pragma
 * integrity_check) and summarises it (`summariseDatabase`).
 * @throws Error `<file> fails its integrity check: <problems>`.
 */
export async function checkSqliteFile(file: string): Promise<DatabaseSummary> {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  const k = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const check = sqlite.pragma("integrity_check", { simple: true }) as string;
    if (check !== "ok") throw new Error(`${file} fails its integrity check: ${check}`);
    return await summariseDatabase(k);
  } finally {
    await k.destroy();
  }
}

/**
 * Compares the database's figures with the manifest's.
 * @throws Error listing each difference (migration level, then tables whose row counts differ).
 */
export function assertSummaryMatches(found: DatabaseSummary, manifest: BackupManifest): void {
  const differences: string[] = [];
  if (found.migration.latest !== manifest.migration.latest) {
    differences.push(
      `migration ${found.migration.latest ?? "none"}, manifest ${manifest.migration.latest ?? "none"}`,
    );
  }
  for (const table of COUNTED_TABLES) {
    if (found.rows[table] !== manifest.rows[table]) {
      differences.push(`${table}: ${found.rows[table]} rows, manifest ${manifest.rows[table]}`);
    }
  }
  if (differences.length > 0) {
    throw new Error(`The database does not match the manifest: ${differences.join("; ")}`);
  }
}

/** The SHA-256 of a file's bytes, lowercase hex (streamed, so a large dump is never held in memory). */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Copies the files under `from` into `to` (created, mode 0700), keeping relative paths, and
 * returns how many files and bytes were copied; a missing `from` copies nothing. Files the
 * storage is still writing (`*.tmp`, renamed into place when complete) are skipped, and a file
 * deleted while the copy runs (a member deleting their account) is skipped rather than failing
 * the whole copy. Media files never change once written (their keys carry a content hash), so a
 * file-by-file copy of a live folder is consistent.
 */
export async function copyFiles(
  from: string,
  to: string,
): Promise<{ files: number; bytes: number }> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(from, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { files: 0, bytes: 0 };
    throw err;
  }
  await fs.promises.mkdir(to, { recursive: true, mode: 0o700 });
  let files = 0;
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await fs.promises.copyFile(source, target, fs.constants.COPYFILE_EXCL);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw err;
    }
    files += 1;
    bytes += (await fs.promises.stat(target)).size;
  }
  return { files, bytes };
}

/**
 * Refuses a folder that holds anything (a missing folder is fine): a backup or a restore never
 * writes over data.
 * @throws Error `<what> <dir> is not empty (it holds a, b, …)` followed by `advice`, or when `dir`
 * is a file.
 */
export async function assertEmptyFolder(dir: string, what: string, advice: string): Promise<void> {
  let entries: string[];
  try {
    entries = await fs.promises.readdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    if (code === "ENOTDIR") {
      throw new Error(`${what} ${dir} is a file, not a folder`, { cause: err });
    }
    throw err;
  }
  if (entries.length === 0) return;
  const shown = entries.sort().slice(0, 5).join(", ") + (entries.length > 5 ? ", …" : "");
  throw new Error(`${what} ${dir} is not empty (it holds ${shown}). ${advice}`);
}
