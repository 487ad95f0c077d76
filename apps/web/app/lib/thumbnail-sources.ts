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
