// `npm run media:migrate`: copies the media under DATA_DIR/uploads to the S3 bucket, idempotently.
import { parseArgs } from "node:util";
import { loadToolConfig } from "../config.ts";
import { openDb } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { migrateMediaToBucket } from "../modules/uploads/media-migration.ts";
import { s3MediaStorage } from "../modules/uploads/s3-storage.ts";
import { localMediaStorage } from "../modules/uploads/storage.ts";
import { progressReporter } from "./progress.ts";
import { runCommand } from "./run.ts";

const USAGE = `Usage: npm run media:migrate

Copies every file under DATA_DIR/uploads to the bucket configured by the S3_* settings, under the
same key. Objects already in the bucket with the same size are left alone, so it can be run again
(after an interruption, or just before switching over) and copies only what is new.
Stored URLs stay /uploads/<key>, which the app serves from the bucket; when S3_PUBLIC_URL is set,
media rows at /uploads/<key> are pointed at <S3_PUBLIC_URL>/<key> once their object is in the
bucket (the app still answers the old /uploads/ links). Local files are kept.

  --help     show this help`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { help: { type: "boolean", default: false } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadToolConfig();
  if (!config.s3) {
    console.error(`S3_BUCKET is not set: nothing to migrate to.\n\n${USAGE}`);
    return 2;
  }
  const root = localMediaStorage(config.dataDir).root;
  const storage = s3MediaStorage(config.s3);
  const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    await storage.ping();
    const progress = progressReporter(process.stderr, "checked");
    const s = await migrateMediaToBucket({
      root,
      storage,
      db,
      publicUrl: config.s3.publicUrl,
      onProgress: (done, total, file) => progress.update(done, total, file),
    });
    console.log(
      `${root} -> bucket ${config.s3.bucket}: ${s.copied} copied, ` +
        `${s.present} already there, ${s.skipped.length} skipped`,
    );
    for (const { file, reason } of s.skipped) console.log(`  skipped ${file}: ${reason}`);
    if (config.s3.publicUrl) {
      console.log(
        `media URLs: ${s.rewritten} now under ${config.s3.publicUrl}/, ` +
          `${s.missing} left at /uploads/ (no such object in the bucket)`,
      );
    }
    return 0;
  } finally {
    storage.close();
    await db.close();
  }
}

runCommand("media:migrate", main);
