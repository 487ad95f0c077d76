// Imports folders of Markdown articles (idempotently, upsert by slug) and seeds the demo content
// on the first start with an empty database (foundation issue: "first start loads the demo").
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config.ts";
import { withStartupLock } from "../../db/startup-lock.ts";
import { closeMediaStorage, createMediaStorage } from "../uploads/media-storage.ts";
import { writeArticles } from "./import-articles.ts";
import { importAuthors, resolveAuthors } from "./import-authors.ts";
import { listMarkdownFiles, readDrafts } from "./import-drafts.ts";
import {
  type ContentLogger,
  fileTracker,
  type ImportOptions,
  type ImportServices,
  type ImportSummary,
  startRun,
} from "./import-run.ts";
import * as repo from "./importer.repository.ts";

export type { ContentLogger, ImportOptions, ImportServices, ImportSummary };

/**
 * Imports a folder of Markdown articles with front matter, recursively (see `parseArticleFile`
 * for the formats). An `authors.json` at the folder root (`[{username, email, bio, avatar}]`)
 * is loaded first. Each article is written in one transaction (thumbnail media, article row,
 * terms) and upserted by slug, so a re-import updates and never duplicates; it is then indexed
 * for search. Thumbnails (SVG, ours or drawn per source) become 1200×630 WebP, avatars
 * 256×256 WebP, stored through `options.storage`.
 * Invalid files (no title, bad date, unparsable front matter, unknown author, duplicate slug)
 * are skipped with a reason; they never stop the import or leave half an article.
 * @throws Error only when `folder` is not a readable directory.
 */
export async function importFolder(
  services: ImportServices,
  folder: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  const root = path.resolve(folder);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    throw new Error(`Not a folder: ${root}`);
  }
  const run = startRun(services, root, options);
  // 1. Authors of our own format.
  await importAuthors(run);
  // 2. Read and normalise every file.
  const files = listMarkdownFiles(root);
  const tracker = fileTracker(run, files.length, options.onProgress);
  const drafts = readDrafts(run, tracker, files);
  // 3. Authors: ours by username, one per imported source.
  const authorOf = await resolveAuthors(run, drafts);
  // 4. Thumbnails are rasterised in parallel while articles are written in order.
  await writeArticles(run, tracker, drafts, authorOf);
  return run.summary;
}

/**
 * Loads the demo content (`config.demoContentDir`) when the articles table is empty, so the
 * first start shows a working publication (foundation issue). Does nothing when any article
 * exists. Processes starting together on one database load it once: the check and the import
 * run under the start-up lock (`withStartupLock`), so the next process finds the articles. A
 * failure is logged, never thrown: the site runs without demo content.
 */
export async function seedDemoContentIfEmpty(
  services: ImportServices,
  config: Config,
  log: ContentLogger,
): Promise<void> {
  try {
    await withStartupLock(services.db, () => seedIfEmpty(services, config, log));
  } catch (err) {
    log.error({ err }, "demo content could not be loaded");
  }
}

async function seedIfEmpty(services: ImportServices, config: Config, log: ContentLogger) {
  if ((await repo.countArticles(services.db.kysely)) > 0) return;
  if (!fs.existsSync(config.demoContentDir)) {
    log.warn({ folder: config.demoContentDir }, "demo content folder missing; nothing seeded");
    return;
  }
  const started = performance.now();
  const storage = createMediaStorage(config);
  const summary = await importFolder(services, config.demoContentDir, { storage, log }).finally(
    () => closeMediaStorage(storage),
  );
  for (const s of summary.skipped) log.warn(s, "demo file skipped");
  log.info(
    {
      created: summary.created,
      updated: summary.updated,
      skipped: summary.skipped.length,
      ms: Math.round(performance.now() - started),
    },
    "demo content loaded",
  );
}
