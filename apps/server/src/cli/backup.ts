// `npm run backup [-- <folder>]`: a consistent backup while the server runs (docs/deploy/backups.md).
import path from "node:path";
import { parseArgs } from "node:util";
import { loadToolConfig } from "../config.ts";
import { createBackup } from "../db/backup.ts";
import { runCommand } from "./run.ts";

const USAGE = `Usage: npm run backup [-- <folder>]

Writes a backup of the site configured by DATA_DIR / DATABASE_URL while it runs:
the database (SQLite's online backup API, or pg_dump for PostgreSQL), the
uploaded media in DATA_DIR/uploads, DATA_DIR/secret.key and a manifest.json.

  <folder>  the new backup's folder (must not exist or be empty); default
            <BACKUP_DIR>/<UTC time>, BACKUP_DIR defaulting to DATA_DIR/backups
  --help    show this help

Restore one with: npm run restore -- <folder>   (docs/deploy/backups.md)`;

/** A folder name for a backup taken at `at`: its UTC time, e.g. `2026-03-02T090000Z`, which sorts by time. */
function timestampName(at: Date): string {
  return at
    .toISOString()
    .replace(/:/g, "")
    .replace(/\.\d+Z$/, "Z");
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: "boolean", default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadToolConfig();
  const target = positionals[0]
    ? path.resolve(positionals[0])
    : path.join(config.backupDir, timestampName(new Date()));
  const manifest = await createBackup({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    target,
    mediaBucket: config.s3?.bucket,
  });
  const rows = Object.entries(manifest.rows)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${n} ${table}`)
    .join(", ");
  console.log(`Backup written to ${target}`);
  console.log(
    `  ${manifest.engine} database as of ${manifest.snapshotTakenAt}, migration ${manifest.migration.latest ?? "none"}: ${rows || "no rows"}`,
  );
  console.log(`  ${manifest.uploads.files} uploaded files (${manifest.uploads.bytes} bytes)`);
  if (manifest.mediaBucket) {
    console.log(
      `  Media in the S3 bucket ${manifest.mediaBucket} are not copied: keep the bucket versioned or replicated (docs/deploy/backups.md#media-in-s3)`,
    );
  }
  return 0;
}

runCommand("backup", main);
