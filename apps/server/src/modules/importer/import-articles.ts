// The last steps of an import: each draft written in one transaction (upsert by slug), then
// indexed for search, while thumbnails are rasterised in parallel.
import os from "node:os";
import { derivedArticleFields, writeArticleTerms } from "../articles/article-writes.ts";
import type { ArticleDraft } from "./article-draft.ts";
import { mediaRow, prepareThumbnails, type StoredImage } from "./import-media.ts";
import type { FileTracker, ImportRun } from "./import-run.ts";
import * as repo from "./importer.repository.ts";

/**
 * Writes the drafts in order, counting created and updated articles in the summary; thumbnails
 * are prepared in parallel meanwhile. A draft whose thumbnail fails, whose author is unknown
 * (`authorOf` gives undefined) or whose write fails is skipped with the reason; nothing of it is
 * written. A failed search indexing is only logged.
 */
export async function writeArticles(
  run: ImportRun,
  tracker: FileTracker,
  drafts: ArticleDraft[],
  authorOf: (draft: ArticleDraft) => number | undefined,
): Promise<void> {
  const concurrency = Math.max(2, Math.min(8, os.availableParallelism()));
  const thumbnails = prepareThumbnails(run, drafts, concurrency);
  for (const [i, draft] of drafts.entries()) {
    const authorId = authorOf(draft);
    let thumbnail: StoredImage;
    try {
      thumbnail = await (thumbnails[i] as Promise<StoredImage>);
    } catch (err) {
      tracker.skip(draft.file, `thumbnail failed: ${(err as Error).message}`);
      continue;
    }
    if (authorId === undefined) {
      tracker.skip(
        draft.file,
        `unknown author "${draft.authorUsername}" (not in authors.json or the users)`,
      );
      continue;
    }
    await writeAndIndex(run, tracker, draft, authorId, thumbnail);
  }
}

/** Writes one draft and indexes it; a database error skips the file with the reason. */
async function writeAndIndex(
  run: ImportRun,
  tracker: FileTracker,
  draft: ArticleDraft,
  authorId: number,
  thumbnail: StoredImage,
): Promise<void> {
  try {
    const existed = (await repo.findArticleIdBySlug(run.services.db.kysely, draft.slug)) !== null;
    const id = await writeArticle(run, draft, authorId, thumbnail, run.now());
    if (existed) run.summary.updated++;
    else run.summary.created++;
    await indexArticle(run, id, draft);
    tracker.done(draft.file);
  } catch (err) {
    run.log.error({ err, file: draft.file }, "article import failed");
    tracker.skip(draft.file, `database error: ${(err as Error).message}`);
  }
}

/** One transaction: thumbnail media, the article row (upsert by slug) and its terms. */
async function writeArticle(
  run: ImportRun,
  d: ArticleDraft,
  authorId: number,
  thumbnail: StoredImage,
  now: string,
): Promise<number> {
  return run.services.db.kysely.transaction().execute(async (trx) => {
    // A write comes first so the transaction takes SQLite's write lock at once (a read first
    // could fail with SQLITE_BUSY when another process writes in between).
    const thumbnailId = await repo.upsertMedia(trx, mediaRow(thumbnail, d.title), now);
    const id = await repo.upsertArticle(
      trx,
      {
        slug: d.slug,
        title: d.title,
        sub_title: d.subTitle,
        content: d.content,
        ...derivedArticleFields(d.content),
        publish_date: d.publishDate,
        thumbnail_id: thumbnailId,
        author_id: authorId,
        source_name: d.credit?.name ?? null,
        source_url: d.credit?.url ?? null,
        source_licence: d.credit?.licence ?? null,
      },
      now,
    );
    await writeArticleTerms(trx, id, {
      types: [d.type],
      categories: d.categories,
      ecosystems: d.ecosystems,
      tags: d.tags,
    });
    return id;
  });
}

/** Adds the written article to the search index; a failure is logged, not thrown. */
async function indexArticle(run: ImportRun, id: number, draft: ArticleDraft): Promise<void> {
  try {
    await run.services.search.index({
      id,
      title: draft.title,
      subTitle: draft.subTitle,
      content: draft.content,
      tags: draft.tags,
    });
  } catch (err) {
    run.log.warn({ err, slug: draft.slug }, "article written but not indexed for search");
  }
}
