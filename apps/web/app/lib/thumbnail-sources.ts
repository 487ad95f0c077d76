// Responsive sources for stored images: the smaller WebP copies the server keeps of every image it
// stores (apps/server/src/modules/uploads/image-variants.ts), offered in `srcset`.
import type { Media } from "@pragmatist/contracts";

/** Widths (px) of the server's copies, narrower than the original (image-variants.ts VARIANT_WIDTHS). */
const VARIANT_WIDTHS = [480, 800];
/** A stored WebP image, not already a copy: "/uploads/articles/a-1f.webp". */
const STORED_WEBP = /^(\/uploads\/.+?)(?<!\.w\d+)\.webp$/;

/**
 * `<img>` sources for `image`: its URL, and for a stored WebP of known width a `srcSet` with each
 * copy narrower than it (`<key>.w480.webp 480w, ...`) and the original at its width, so the browser
 * downloads no more pixels than `sizes` (the rendered width, CSS lengths) times the screen density
 * needs (HTML "srcset and sizes"; Lighthouse "Properly size images"). Other URLs get `src` only.
 */
export function thumbnailSources(
  image: Pick<Media, "url" | "width">,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  const stored = STORED_WEBP.exec(image.url);
  const width = image.width;
  if (!stored || !width) return { src: image.url };
  const copies = VARIANT_WIDTHS.filter((w) => w < width).map(
    (w) => `${stored[1]}.w${w}.webp ${w}w`,
  );
  if (!copies.length) return { src: image.url };
  return { src: image.url, srcSet: [...copies, `${image.url} ${width}w`].join(", "), sizes };
}

/** `sizes` of an image as wide as the article column (42 rem), or the page less its 1 rem paddings. */
export const ARTICLE_COLUMN_SIZES = "(max-width: 44rem) calc(100vw - 2rem), 42rem";

/**
 * An image of an article's text as the studio stores it, its size in its name
 * ("/uploads/articles/images/1600x800-<16 hex of its content>.webp", upload.service.ts).
 */
const ARTICLE_IMAGE = /^\/uploads\/articles\/images\/(\d{1,5})x(\d{1,5})-[0-9a-f]{16}\.webp$/;

/**
 * The width and height in pixels that an image of an article's text carries in its name, so its
 * box is reserved before it loads without asking the database; null for any other address.
 */
export function articleImageSize(url: string): { width: number; height: number } | null {
  const match = ARTICLE_IMAGE.exec(url);
  if (!match) return null;
  return { width: Number(match[1]), height: Number(match[2]) };
}
