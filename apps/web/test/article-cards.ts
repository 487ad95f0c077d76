// Test kit of the web's library tests (no test itself): article cards as the API answers them.
import type { ArticleCard, ArticleListResponse, ArticleType } from "@pragmatist/contracts";

/** What a test sets on a card; the rest are neutral values (no thumbnail, author or terms). */
export interface CardFields {
  type?: ArticleType;
  subTitle?: string;
  /** ISO 8601; 2024-03-18 by default. */
  publishDate?: string;
}

/** The card of article `id` titled `title`, slug `article-{id}`; a Research piece unless told. */
export function articleCard(id: number, title: string, fields: CardFields = {}): ArticleCard {
  return {
    id,
    attributes: {
      title,
      subTitle: fields.subTitle ?? "",
      slug: `article-${id}`,
      publishDate: fields.publishDate ?? "2024-03-18T00:00:00.000Z",
      thumbnailUrl: null,
      author: null,
      clicks: 0,
      types: [fields.type ?? "Research"],
      categories: [],
      tags: [],
      ecosystems: [],
      likeCount: 0,
      bookmarkCount: 0,
      commentCount: 0,
      readingTimeMinutes: 4,
      excerpt: "",
    },
  };
}

/** What a search for "taproot" finds, best first: a Market Report, Research, a Newsletter. */
export const taprootMatches: ArticleCard[] = [
  articleCard(1, "Bitcoin Optech Newsletter #400", {
    type: "News",
    publishDate: "2026-04-10T00:00:00.000Z",
  }),
  articleCard(2, "Taproot, explained"),
  articleCard(3, "Weekly Newsletter #22: Taproot and fees", {
    type: "News",
    publishDate: "2022-06-17T00:00:00.000Z",
  }),
];

/**
 * Page `page` of `cards` as the server answers a search's cards (populate-fuzzy): `type`, when
 * given, narrows them; `total` counts what is left.
 */
export function searchPage(
  cards: ArticleCard[],
  options: { page: number; pageSize: number; type?: ArticleType | undefined },
): ArticleListResponse {
  const { page, pageSize, type } = options;
  const matches = type ? cards.filter((c) => c.attributes.types.includes(type)) : cards;
  return {
    data: matches.slice((page - 1) * pageSize, page * pageSize),
    meta: {
      pagination: {
        page,
        pageSize,
        pageCount: Math.ceil(matches.length / pageSize),
        total: matches.length,
      },
    },
  };
}
