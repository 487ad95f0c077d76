// Which image files a card or an article offers the browser (srcset), by the stored image.
import { describe, expect, it } from "vitest";
import { articleImageSize, thumbnailSources } from "./thumbnail-sources";

const SIZES = "(max-width: 34rem) calc(100vw - 2rem), 24rem";

describe("thumbnail sources", () => {
  it("offers the stored copies narrower than the image, then the image at its width", () => {
    expect(
      thumbnailSources(
        { url: "/uploads/articles/gas-fees-1a2b3c4d5e6f7a8b.webp", width: 1200 },
        SIZES,
      ),
    ).toEqual({
      src: "/uploads/articles/gas-fees-1a2b3c4d5e6f7a8b.webp",
      srcSet:
        "/uploads/articles/gas-fees-1a2b3c4d5e6f7a8b.w480.webp 480w, " +
        "/uploads/articles/gas-fees-1a2b3c4d5e6f7a8b.w800.webp 800w, " +
        "/uploads/articles/gas-fees-1a2b3c4d5e6f7a8b.webp 1200w",
      sizes: SIZES,
    });
    // A member's upload is at most 512 px wide: one copy is narrower.
    expect(thumbnailSources({ url: "/uploads/avatars/5f0c.webp", width: 512 }, SIZES).srcSet).toBe(
      "/uploads/avatars/5f0c.w480.webp 480w, /uploads/avatars/5f0c.webp 512w",
    );
  });

  it("offers the image alone when no smaller copy can exist", () => {
    for (const image of [
      { url: "/uploads/avatars/5f0c.webp", width: 400 },
      { url: "/uploads/articles/gas.webp", width: null },
      { url: "https://images.example/gas.webp", width: 1200 },
      { url: "/uploads/articles/gas.png", width: 1200 },
      { url: "/uploads/articles/gas.w800.webp", width: 800 },
    ]) {
      expect(thumbnailSources(image, SIZES), image.url).toEqual({ src: image.url });
    }
  });

  it("reads an article image's size from its stored name, and nothing from any other address", () => {
    expect(articleImageSize("/uploads/articles/images/1600x800-1a2b3c4d5e6f7a8b.webp")).toEqual({
      width: 1600,
      height: 800,
    });
    for (const url of [
      "/uploads/articles/images/1600x800-1a2b3c4d5e6f7a8b.w480.webp",
      "/uploads/articles/gas-fees-1a2b3c4d5e6f7a8b.webp",
      "https://images.example/articles/images/1600x800-1a2b3c4d5e6f7a8b.webp",
      "/uploads/articles/images/1600x800-1a2b3c4d5e6f7a8b.webp?x=1",
    ]) {
      expect(articleImageSize(url), url).toBeNull();
    }
  });
});
