// `npm run restore -- <backup folder>`: a backup back into an empty DATA_DIR (docs/deploy/backups.md).
import { parseArgs } from "node:util";
import { loadToolConfig } from "../config.ts";
import { restoreBackup } from "../db/restore.ts";
import { runCommand } from "./run.ts";

const USAGE = `Usage: npm run restore -- <backup folder>

Restores a backup written by npm run backup into DATA_DIR, which must be empty
or not exist yet; for a PostgreSQL backup, also into the database at
DATABASE_URL, which must have no tables (create a new one with createdb).
The backup is checked against its manifest.json before and after; nothing is
ever written over existing data. Then start the app on it (npm start).

  --help    show this help`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: "boolean", default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [backupDir] = positionals;
  if (positionals.length !== 1 || !backupDir) {
    console.error(USAGE);
    return 2;
  }
  const config = loadToolConfig();
  const manifest = await restoreBackup({
    backupDir,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  const where = config.databaseUrl ? `${config.dataDir} and DATABASE_URL` : config.dataDir;
  console.log(
    `Restored the backup of ${manifest.snapshotTakenAt} (${manifest.engine}, migration ${manifest.migration.latest ?? "none"}, ${manifest.uploads.files} uploaded files) into ${where}`,
  );
  if (manifest.mediaBucket) {
    console.log(
      `Media are in the S3 bucket ${manifest.mediaBucket}: set S3_BUCKET to it (docs/deploy/backups.md#media-in-s3)`,
    );
  }
  console.log("Start the app on it: npm start");
  return 0;
}

runCommand("restore", main);
