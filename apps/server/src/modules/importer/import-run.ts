// One run of the importer: its public options and summary, and the context its steps share.
import path from "node:path";
import type { Db } from "../../db/client.ts";
import type { SearchService } from "../search/search.types.ts";
import type { MediaStorage } from "../uploads/storage.ts";

/** What an import writes through: the database and the search index. */
export interface ImportServices {
  db: Db;
  search: Pick<SearchService, "index">;
}

/** The logging this module needs; Fastify's logger (pino) fits it. */
export interface ContentLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** How `importFolder` stores media, logs, reports progress and reads the time. */
export interface ImportOptions {
  /** Where thumbnails and avatars go (see modules/uploads/storage.ts). */
  storage: MediaStorage;
  log?: ContentLogger;
  /** Called after each Markdown file is handled (written or skipped). */
  onProgress?: (progress: { done: number; total: number; file: string }) => void;
  /** Time source for created_at/updated_at. */
  now?: () => Date;
}

/** What an import did; `skipped` lists files (and authors.json entries) with the reason. */
export interface ImportSummary {
  created: number;
  updated: number;
  skipped: { file: string; reason: string }[];
}

/** What every step of one import reads, and the summary they fill in. */
export interface ImportRun {
  services: ImportServices;
  storage: MediaStorage;
  log: ContentLogger;
  /** The imported folder, an absolute path. */
  root: string;
  /** The time for created_at/updated_at, ISO 8601 (`options.now`, else the clock). */
  now: () => string;
  summary: ImportSummary;
}

/** Counts the Markdown files handled and records the ones skipped. */
export interface FileTracker {
  /** One more file handled (written): reports progress. */
  done(file: string): void;
  /** One more file handled but skipped for `reason`: recorded in the summary, reports progress. */
  skip(file: string, reason: string): void;
}

const silentLogger: ContentLogger = { info() {}, warn() {}, error() {} };

/** The context of an import of the folder `root` (absolute), with an empty summary. */
export function startRun(
  services: ImportServices,
  root: string,
  options: ImportOptions,
): ImportRun {
  return {
    services,
    storage: options.storage,
    log: options.log ?? silentLogger,
    root,
    now: () => (options.now ? options.now() : new Date()).toISOString(),
    summary: { created: 0, updated: 0, skipped: [] },
  };
}

/** How a file is named in the summary and progress: relative to the imported folder. */
export const displayPath = (root: string, file: string): string =>
  path.relative(root, file) || path.basename(file);

/** The tracker of the `total` Markdown files of a run, reporting to `onProgress`. */
export function fileTracker(
  run: ImportRun,
  total: number,
  onProgress: ImportOptions["onProgress"],
): FileTracker {
  let done = 0;
  const progress = (file: string) =>
    onProgress?.({ done: ++done, total, file: displayPath(run.root, file) });
  return {
    done: progress,
    skip(file, reason) {
      run.summary.skipped.push({ file: displayPath(run.root, file), reason });
      progress(file);
    },
  };
}
