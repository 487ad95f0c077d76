// Smaller copies of stored WebP images (thumbnails shown on cards ~380 px wide need not travel at
// 1200 px): made when an image is stored, and on first request for images stored before.
import sharp from "sharp";
import type { MediaStorage } from "./storage.ts";

/**
 * Widths (px) of the copies kept of every stored WebP image wider than them. The web app offers
 * them in `srcset` (apps/web/app/lib/thumbnail-sources.ts keeps the same list).
 */
export const VARIANT_WIDTHS = [480, 800] as const;

/** A copy's key: the image's key with `.w<width>` before `.webp` ("articles/a-1f.w480.webp"). */
const VARIANT_KEY = /^(.+)\.w(\d+)\.webp$/;

/** WebP quality of the copies: they are shown small, where 80 looks like the original. */
const VARIANT_QUALITY = 80;

/** The key of the `width` px wide copy of the WebP image stored under `key`. */
export function variantKey(key: string, width: number): string {
  return key.replace(/\.webp$/, `.w${width}.webp`);
}

/**
 * Stores the copies of the WebP image `bytes` (stored under `key`, `width` px wide) for every
 * VARIANT_WIDTHS entry narrower than it; copies already stored are left alone. Each keeps the
 * aspect ratio and has no metadata. Keys carry the original's content hash, so they are immutable.
 * @throws Error when `bytes` cannot be decoded.
 */
export async function storeVariants(
  storage: MediaStorage,
  key: string,
  bytes: Buffer,
  width: number,
): Promise<void> {
  if (!key.endsWith(".webp") || VARIANT_KEY.test(key)) return;
  for (const w of VARIANT_WIDTHS) {
    if (w >= width || (await storage.find(variantKey(key, w)))) continue;
    const copy = await sharp(bytes)
      .resize({ width: w })
      .webp({ quality: VARIANT_QUALITY })
      .toBuffer();
    await storage.put(variantKey(key, w), copy, "image/webp");
  }
}

/**
 * Makes the copy named by `key` when it is not stored yet but its original is (an image stored
 * before copies were made). Any other key, a width not in VARIANT_WIDTHS, or an original not wider
 * than the copy, does nothing: the request then finds no file (404).
 * @returns whether a copy was made.
 */
export async function ensureVariant(storage: MediaStorage, key: string): Promise<boolean> {
  const match = VARIANT_KEY.exec(key);
  const width = Number(match?.[2]);
  const original = `${match?.[1]}.webp`;
  if (!match || !VARIANT_WIDTHS.some((w) => w === width) || (await storage.find(key))) return false;
  const bytes = await storage.read(original);
  if (!bytes) return false;
  const { width: originalWidth = 0 } = await sharp(bytes).metadata();
  if (originalWidth <= width) return false;
  await storeVariants(storage, original, bytes, originalWidth);
  return true;
}
