// The media storage the settings ask for: an S3-compatible bucket when S3_BUCKET is set, else the
// local disk under DATA_DIR/uploads (docs/architecture.md#conventions).
import type { Config } from "../../config.ts";
import { s3MediaStorage, type S3MediaStorage } from "./s3-storage.ts";
import { type LocalMediaStorage, localMediaStorage } from "./storage.ts";

/** A storage `/uploads/*` can be served from (files.routes.ts): from disk or from the bucket. */
export type ServedMediaStorage = LocalMediaStorage | S3MediaStorage;

/**
 * The configured media storage: `s3MediaStorage(config.s3)` when S3 is configured (a new client
 * each call; `close` it when done), else `localMediaStorage(config.dataDir)` (one per folder).
 */
export function createMediaStorage(config: Pick<Config, "dataDir" | "s3">): ServedMediaStorage {
  return config.s3 ? s3MediaStorage(config.s3) : localMediaStorage(config.dataDir);
}

/** Releases what `storage` holds open (the S3 client's connections); nothing for local disk. */
export function closeMediaStorage(storage: ServedMediaStorage): void {
  if (storage.kind === "s3") storage.close();
}
