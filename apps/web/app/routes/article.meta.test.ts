// The article page's head for link previews (docs/product/studio.md#studio-seo,
// docs/product/site.md#page-head): the editor's social image is the picture of a shared link,
// the thumbnail when there is none.
import type { ArticleAttributes, Media } from "@pragmatist/contracts";
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { articleCard } from "../../test/article-cards";
import type { Route } from "./+types/article";
import { meta } from "./article";

const BASE = "https://pragmatist.example";
const thumbnail: Media = {
  url: "/uploads/articles/images/1600x900-thumb.webp",
  width: 1600,
  height: 900,
  alternativeText: null,
};
const social = { url: "/uploads/articles/images/1200x630-card.webp", width: 1200, height: 630 };

/** The head tags of an article with `thumbnailUrl` and `seo.socialImage` as given. */
function headOf(
  pictures: Pick<ArticleAttributes, "thumbnailUrl"> & { socialImage: typeof social | null },
) {
  const card = articleCard(7, "Fees, plainly");
  const article = {
    ...card.attributes,
    thumbnailUrl: pictures.thumbnailUrl,
    body: true,
    updatedAt: card.attributes.publishDate,
    source: null,
    seo: {
      metaTitle: null,
      metaDescription: null,
      canonicalUrl: null,
      socialImage: pictures.socialImage,
    },
  };
  const root = { id: "root", loaderData: { site: { name: "Desk", publicUrl: BASE } } };
  const args = {
    matches: [root],
    loaderData: { article, authorHref: null, canonicalUrl: `${BASE}/p/article-7` },
    error: undefined,
  };
  const tags = meta(args as unknown as Route.MetaArgs) as (MetaDescriptor & {
    property?: string;
    name?: string;
    content?: string;
  })[];
  /** Every `content` of the tags named (or with the property) `key`. */
  return (key: string) =>
    tags.filter((t) => t.property === key || t.name === key).map((t) => t.content);
}

describe("the article page's picture for shared links", () => {
  it("is the social image, with its size, over the thumbnail", () => {
    const head = headOf({ thumbnailUrl: thumbnail, socialImage: social });
    expect(head("og:image")).toEqual([`${BASE}${social.url}`]);
    expect(head("og:image:width")).toEqual(["1200"]);
    expect(head("og:image:height")).toEqual(["630"]);
    expect(head("twitter:image")).toEqual([`${BASE}${social.url}`]);
    expect(head("twitter:card")).toEqual(["summary_large_image"]);
  });

  it("is the thumbnail without a social image, and there is none without either", () => {
    const head = headOf({ thumbnailUrl: thumbnail, socialImage: null });
    expect(head("og:image")).toEqual([`${BASE}${thumbnail.url}`]);
    expect(head("og:image:width")).toEqual(["1600"]);
    expect(head("twitter:image")).toEqual([`${BASE}${thumbnail.url}`]);
    expect(head("twitter:card")).toEqual(["summary_large_image"]);
    const bare = headOf({ thumbnailUrl: null, socialImage: null });
    expect(bare("og:image")).toEqual([]);
    expect(bare("og:image:width")).toEqual([]);
    expect(bare("twitter:image")).toEqual([]);
    expect(bare("twitter:card")).toEqual(["summary"]);
  });
});
