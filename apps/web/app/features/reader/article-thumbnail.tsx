// The article's lead image: its box is reserved from width and height, so text never jumps.
import type { Media } from "@pragmatist/contracts";
import { ARTICLE_COLUMN_SIZES, thumbnailSources } from "../../lib/thumbnail-sources.ts";
import { safeUrl } from "../../lib/safe-url.ts";

/**
 * The lead image at the column's width, high fetch priority (it is the page's largest paint), its
 * alt text the image's own or "Illustration for “{title}”". Nothing when the URL fails the
 * safe-address rule (safeUrl, docs/product/reader.md#safe-urls).
 */
export function ArticleThumbnail({ image, title }: { image: Media; title: string }) {
  const src = safeUrl(image.url);
  if (!src) return null;
  const sized = image.width != null && image.height != null;
  return (
    <figure className="overflow-hidden rounded-xl border border-line bg-surface">
      <img
        {...thumbnailSources({ url: src, width: image.width }, ARTICLE_COLUMN_SIZES)}
        alt={image.alternativeText ?? `Illustration for “${title}”`}
        // Without stored dimensions assume 16:9 and crop, still reserving the box.
        width={image.width ?? 1600}
        height={image.height ?? 900}
        fetchPriority="high"
        decoding="async"
        className={sized ? "block h-auto w-full" : "block aspect-video h-auto w-full object-cover"}
      />
    </figure>
  );
}
