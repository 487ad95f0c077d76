// Moving media from the local disk (DATA_DIR/uploads) to the S3 bucket: `npm run media:migrate`.
import fs from "node:fs";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../../db/client.ts";
import type { S3MediaStorage } from "./s3-storage.ts";
import { keyOfUrl, mediaUrl, UPLOADS_PATH } from "./storage.ts";
import * as repo from "./upload.repository.ts";

/** What one run did; a second run over the same folder copies nothing and rewrites nothing. */
export interface MediaMigrationSummary {
  /** Files uploaded to the bucket. */
  copied: number;
  /** Files already in the bucket with the same size, left alone. */
  present: number;
  /** Files not uploaded, with the reason (a name no key can have, a write left unfinished). */
  skipped: { file: string; reason: string }[];
  /** Media rows whose `/uploads/<key>` URL now points at S3_PUBLIC_URL (only when it is set). */
  rewritten: number;
  /** Media rows left at `/uploads/<key>` because the bucket has no such object. */
  missing: number;
}

/** What `migrateMediaToBucket` works on. */
export interface MediaMigration {
  /** The local uploads folder (`localMediaStorage(dataDir).root`). */
  root: string;
  storage: S3MediaStorage;
  db: Db;
  /** S3_PUBLIC_URL; when set, stored `/uploads/<key>` URLs are rewritten to it. */
  publicUrl: string | undefined;
  /** Called after each file, for a progress bar. */
  onProgress?: (done: number, total: number, file: string) => void;
}

/** Uploads at once: enough to hide the round trips, few enough for a small machine. */
const PARALLEL = 4;

/** The files under `root` as media keys (relative, "/"-separated), sorted. */
async function listFiles(root: string): Promise<string[]> {
  if (!fs.existsSync(root)) return [];
  const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** Copies one file unless the bucket holds an object of its size: "copied" or "present". */
async function copyFile(storage: S3MediaStorage, root: string, key: string) {
  const file = path.join(root, ...key.split("/"));
  const { size } = await fs.promises.stat(file);
  if ((await storage.size(key)) === size) return "present";
  const bytes = await fs.promises.readFile(file);
  // The type by the bytes, as uploads are checked; the bucket serves it as Content-Type.
  const mime = (await fileTypeFromBuffer(bytes))?.mime ?? "application/octet-stream";
  await storage.put(key, bytes, mime);
  return "copied";
}

/**
 * Rewrites media rows stored as `/uploads/<key>` to `<publicUrl>/<key>` when the bucket holds the
 * key (`inBucket` from this run, else asked); a row whose new URL another row already has is
 * left alone (URLs are unique).
 */
async function rewriteUrls(
  m: MediaMigration,
  publicUrl: string,
  inBucket: Set<string>,
  summary: MediaMigrationSummary,
) {
  for (const row of await repo.listMediaUrls(m.db.kysely, UPLOADS_PATH)) {
    const key = keyOfUrl(row.url);
    const stored = key && (inBucket.has(key) || (await m.storage.size(key)) !== null);
    if (!key || !stored) summary.missing += 1;
    else if (await repo.moveMediaUrl(m.db.kysely, row.id, mediaUrl(key, publicUrl))) {
      summary.rewritten += 1;
    }
  }
}

/**
 * Copies every file under `m.root` to the bucket under the same key, PARALLEL at a time, skipping
 * objects already there with the same size, so the run can be repeated (after an interruption,
 * or while the old disk still takes writes) and copies only what is new. Files whose name is not
 * a media key (assertSafeKey), such as `*.tmp` left by an interrupted write, are skipped. With
 * `m.publicUrl`, media rows at `/uploads/<key>` are then pointed at `<publicUrl>/<key>`; without
 * it, URLs stay `/uploads/<key>`, which the app serves from the bucket.
 * @throws Error when the bucket cannot be reached or a file cannot be read (nothing is undone:
 * running again continues).
 */
export async function migrateMediaToBucket(m: MediaMigration): Promise<MediaMigrationSummary> {
  const summary: MediaMigrationSummary = {
    copied: 0,
    present: 0,
    skipped: [],
    rewritten: 0,
    missing: 0,
  };
  const keys = await listFiles(m.root);
  const inBucket = new Set<string>();
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let key = keys[next++]; key !== undefined; key = keys[next++]) {
      if (key.endsWith(".tmp")) summary.skipped.push({ file: key, reason: "unfinished write" });
      else if (keyOfUrl(`${UPLOADS_PATH}${key}`) === null) {
        summary.skipped.push({ file: key, reason: "not a media key" });
      } else {
        summary[await copyFile(m.storage, m.root, key)] += 1;
        inBucket.add(key);
      }
      m.onProgress?.(++done, keys.length, key);
    }
  };
  // Every worker finishes its share before the first failure is thrown: no copy is cut off.
  const failed = (await Promise.allSettled(Array.from({ length: PARALLEL }, worker))).find(
    (r): r is PromiseRejectedResult => r.status === "rejected",
  );
  if (failed) throw failed.reason;
  if (m.publicUrl) await rewriteUrls(m, m.publicUrl, inBucket, summary);
  return summary;
}
