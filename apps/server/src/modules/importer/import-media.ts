// The images of an import: SVGs (ours or drawn) rasterised to WebP and stored once per content,
// article thumbnails prepared in parallel.
import fs from "node:fs";
import { articleLabel } from "@pragmatist/contracts";
import {
  ensureVariant,
  storeVariants,
  VARIANT_WIDTHS,
  variantKey,
} from "../uploads/image-variants.ts";
import { contentKey } from "../uploads/storage.ts";
import type { ArticleDraft } from "./article-draft.ts";
import type { ImportRun } from "./import-run.ts";
import * as repo from "./importer.repository.ts";
import {
  RASTER_RECIPE,
  type RasterImage,
  rasteriseSvg,
  renderThumbnailSvg,
  THUMBNAIL_SIZE,
} from "./thumbnails.ts";

/** A stored image: its public URL, MIME type, size in pixels and in bytes. */
export interface StoredImage {
  url: string;
  mime: string;
  width: number;
  height: number;
  size: number;
}

/** Where an image goes: the media folder, the name its key starts with, its size in pixels. */
export interface ImageTarget {
  folder: string;
  name: string;
  size: { width: number; height: number };
}

/**
 * Rasterises an SVG to WebP of `size` and stores it under a key hashed from the SVG and the
 * recipe, with its smaller copies (uploads/image-variants.ts). When that key is already stored and
 * known to the media table, nothing is rendered but missing copies: re-imports cost no image work.
 */
export async function rasteriseAndStore(
  run: ImportRun,
  target: ImageTarget,
  svg: Buffer | string,
): Promise<StoredImage> {
  const { storage } = run;
  const { width, height } = target.size;
  const key = contentKey(
    target.folder,
    target.name,
    [RASTER_RECIPE, `${width}x${height}`, svg],
    "webp",
  );
  const found = await storage.find(key);
  if (found) {
    const row = await repo.findMediaByUrl(run.services.db.kysely, found.url);
    if (row?.width && row.height) {
      for (const w of VARIANT_WIDTHS) await ensureVariant(storage, variantKey(key, w));
      return {
        url: found.url,
        mime: row.mime,
        width: row.width,
        height: row.height,
        size: row.size_bytes,
      };
    }
  }
  const image: RasterImage = await rasteriseSvg(svg, target.size);
  const { url } = await storage.put(key, image.bytes, image.mime);
  await storeVariants(storage, key, image.bytes, image.width);
  return {
    url,
    mime: image.mime,
    width: image.width,
    height: image.height,
    size: image.bytes.length,
  };
}

/** The media row of a stored image, with `alt` as its alternative text. */
export function mediaRow(image: StoredImage, alt: string): repo.MediaWrite {
  return {
    url: image.url,
    mime: image.mime,
    width: image.width,
    height: image.height,
    size_bytes: image.size,
    alternative_text: alt,
  };
}

/**
 * Starts preparing the thumbnail of every draft, at most `concurrency` at a time.
 * @returns one promise per draft, in the drafts' order; a failed thumbnail rejects its promise.
 */
export function prepareThumbnails(
  run: ImportRun,
  drafts: ArticleDraft[],
  concurrency: number,
): Promise<StoredImage>[] {
  return mapLimited(drafts, concurrency, (d) => prepareThumbnail(run, d));
}

/** Runs `task` over `items` with at most `limit` in flight; results keep the input order. */
function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R>[] {
  const results: Promise<R>[] = [];
  let running = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    running--;
    queue.shift()?.();
  };
  for (const item of items) {
    results.push(
      new Promise<R>((resolve, reject) => {
        const start = () => {
          running++;
          task(item).then(resolve, reject).finally(next);
        };
        if (running < limit) start();
        else queue.push(start);
      }),
    );
  }
  return results;
}

/**
 * The article's thumbnail: its own SVG when it has one we can read, else one we draw, labelled
 * with the card's label (contracts' `articleLabel`, docs/product/reader.md#article-card) so the
 * image and the card's badge never disagree.
 */
async function prepareThumbnail(run: ImportRun, draft: ArticleDraft): Promise<StoredImage> {
  const plan = draft.thumbnail;
  const target = { folder: "articles", name: draft.slug, size: THUMBNAIL_SIZE };
  if (plan.kind === "file") {
    const file = plan.paths.find((p) => fs.existsSync(p));
    if (file) {
      try {
        return await rasteriseAndStore(run, target, await fs.promises.readFile(file));
      } catch (err) {
        run.log.warn({ err, file }, "thumbnail unreadable, drawing one instead");
      }
    } else {
      run.log.warn(
        { file: plan.paths[0], slug: draft.slug },
        "thumbnail missing, drawing one instead",
      );
    }
  }
  const svg = renderThumbnailSvg({
    title: draft.title,
    label: articleLabel({ ...draft, types: [draft.type] }),
    sourceName: plan.kind === "generated" ? plan.sourceName : "Pragmatist",
    seed: draft.slug,
  });
  return rasteriseAndStore(run, target, svg);
}
