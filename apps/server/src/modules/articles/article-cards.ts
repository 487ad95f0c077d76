// The row -> contract mapping of the article library: article rows, with what they show of their
// thumbnail, author, counts and terms, as the cards and full articles of packages/contracts.
import type {
  Article,
  ArticleCard,
  ArticleCardAttributes,
  ArticleType,
  Author,
  Media,
} from "@pragmatist/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { findTermsByIds, type Term } from "./article-related.repository.ts";
import type { ArticleRow, FullArticleColumns } from "./articles.repository.ts";

/** The ids of `r.term_ids` ("36,11,39"), in their stored order. */
function termIdsOf(r: ArticleRow): number[] {
  return r.term_ids === null ? [] : (JSON.parse(`[${r.term_ids}]`) as number[]);
}

/**
 * The terms of each of `rows` in their stored order, aligned with `rows`; reads the terms not
 * read before (`findTermsByIds`) in at most one statement on `k`.
 */
export async function loadTerms(k: Kysely<Database>, rows: ArticleRow[]): Promise<Term[][]> {
  const ids = rows.map(termIdsOf);
  const byId = await findTermsByIds(k, ids.flat());
  return ids.map((own) => own.map((id) => byId.get(id)).filter((t) => t !== undefined));
}

/** The thumbnail of `r` as the contract's image, or null without one. */
export function thumbnailOf(r: ArticleRow): Media | null {
  if (r.thumbnail_url === null) return null;
  return {
    url: r.thumbnail_url,
    width: r.thumbnail_width,
    height: r.thumbnail_height,
    alternativeText: r.thumbnail_alternative_text,
  };
}

/** The author of `r` as cards show them, or null without one. */
function authorOf(r: ArticleRow): Author | null {
  if (r.author_id === null || r.author_username === null) return null;
  return {
    id: r.author_id,
    username: r.author_username,
    profilePicture: r.author_avatar_url === null ? null : { url: r.author_avatar_url },
  };
}

/** The card attributes of row `r`, with its `terms` (`loadTerms`). */
function cardAttributes(r: ArticleRow, terms: Term[]): ArticleCardAttributes {
  const of = (kind: string) => terms.filter((t) => t.kind === kind);
  return {
    title: r.title,
    subTitle: r.sub_title,
    slug: r.slug,
    publishDate: r.publish_date,
    thumbnailUrl: thumbnailOf(r),
    author: authorOf(r),
    clicks: r.clicks,
    types: of("type").map((t) => t.name as ArticleType),
    categories: of("category").map((t) => ({ name: t.name, slug: t.slug })),
    tags: of("tag").map((t) => t.name),
    ecosystems: of("ecosystem").map((t) => ({ name: t.name, slug: t.slug })),
    likeCount: Number(r.like_count),
    bookmarkCount: Number(r.bookmark_count),
    commentCount: Number(r.comment_count),
    readingTimeMinutes: r.reading_time_minutes,
    excerpt: r.excerpt,
  };
}

/**
 * An article's `updatedAt` (ISO 8601) from its row's last write and publish date: a scheduled
 * article was last edited before it went out, and is never shown as updated before its publication.
 */
export function articleUpdatedAt(row: { updated_at: string; publish_date: string }): string {
  return new Date(Math.max(Date.parse(row.updated_at), Date.parse(row.publish_date))).toISOString();
}

/**
 * Row `r` as a card, or as the full article when it was read with its content, with its `terms`
 * (`loadTerms`).
 */
export function toCardOrArticle(r: ArticleRow, terms: Term[]): ArticleCard | Article {
  const attributes = cardAttributes(r, terms);
  if (r.content === undefined) return { id: r.id, attributes };
  // Read with its content, the row has every column a full article adds.
  const full = r as ArticleRow & FullArticleColumns;
  return {
    id: r.id,
    attributes: {
      ...attributes,
      content: full.content,
      body: full.body === 1,
      updatedAt: articleUpdatedAt(full),
      source:
        full.source_name && full.source_url
          ? { name: full.source_name, url: full.source_url, licence: full.source_licence ?? "" }
          : null,
      seo: {
        metaTitle: full.meta_title,
        metaDescription: full.meta_description,
        canonicalUrl: full.canonical_url,
        socialImage:
          full.social_image_url === null
            ? null
            : {
                url: full.social_image_url,
                width: full.social_image_width,
                height: full.social_image_height,
              },
      },
    },
  };
}

/**
 * The contract shapes of `rows`, in their order: cards, or full articles for rows read with their
 * content (`withContent`). Reads the terms not read before (`loadTerms`) on `k`.
 */
export async function hydrate(
  k: Kysely<Database>,
  rows: ArticleRow[],
): Promise<(ArticleCard | Article)[]> {
  const terms = await loadTerms(k, rows);
  return rows.map((r, i) => toCardOrArticle(r, terms[i] ?? []));
}
