// The row -> contract mapping of the article library: article rows with their terms, author,
// thumbnail and counts as the cards and full articles of packages/contracts.
import type {
  Article,
  ArticleCard,
  ArticleCardAttributes,
  ArticleType,
  Media,
} from "@pragmatist/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import * as repo from "./article-related.repository.ts";
import type { ArticleRow } from "./articles.repository.ts";

/** What the rows of one page refer to, loaded in one round of queries and keyed for lookup. */
export interface Related {
  termsById: Map<number, repo.TermRow[]>;
  authorById: Map<number, repo.AuthorRow>;
  mediaById: Map<number, repo.MediaRow>;
  reactionsById: Map<number, { article_id: number; likes: number; bookmarks: number }>;
  commentsById: Map<number, number>;
}

/** The distinct non-null values of `pick` over `rows`, in first-seen order. */
function distinctIds(rows: ArticleRow[], pick: (r: ArticleRow) => number | null): number[] {
  return [...new Set(rows.map(pick).filter((v): v is number => v !== null))];
}

/** Loads the terms, authors, thumbnails, reaction and comment counts of `rows`, in one round. */
export async function loadRelated(k: Kysely<Database>, rows: ArticleRow[]): Promise<Related> {
  const ids = rows.map((r) => r.id);
  const authorIds = distinctIds(rows, (r) => r.author_id);
  const mediaIds = distinctIds(rows, (r) => r.thumbnail_id);
  const [terms, authors, media, reactions, comments] = await Promise.all([
    repo.findTerms(k, ids),
    repo.findAuthors(k, authorIds),
    repo.findMedia(k, mediaIds),
    repo.findReactionCounts(k, ids),
    repo.findCommentCounts(k, ids),
  ]);
  const termsById = new Map<number, repo.TermRow[]>();
  for (const t of terms) {
    const list = termsById.get(t.article_id) ?? [];
    list.push(t);
    termsById.set(t.article_id, list);
  }
  return {
    termsById,
    authorById: new Map(authors.map((a) => [a.id, a])),
    mediaById: new Map(media.map((m) => [m.id, m])),
    reactionsById: new Map(reactions.map((r) => [r.article_id, r])),
    commentsById: new Map(comments.map((c) => [c.article_id, Number(c.n)])),
  };
}

/** A media row as the contract's image: URL, size in pixels, alternative text. */
export function toMedia(m: repo.MediaRow): Media {
  return { url: m.url, width: m.width, height: m.height, alternativeText: m.alternative_text };
}

/** The card attributes of row `r`, from what `loadRelated` found. */
function cardAttributes(r: ArticleRow, related: Related): ArticleCardAttributes {
  const own = related.termsById.get(r.id) ?? [];
  const of = (kind: string) => own.filter((t) => t.kind === kind);
  const author = r.author_id === null ? undefined : related.authorById.get(r.author_id);
  const thumb = r.thumbnail_id === null ? undefined : related.mediaById.get(r.thumbnail_id);
  const counts = related.reactionsById.get(r.id);
  return {
    title: r.title,
    subTitle: r.sub_title,
    slug: r.slug,
    publishDate: r.publish_date,
    thumbnailUrl: thumb ? toMedia(thumb) : null,
    author: author
      ? {
          id: author.id,
          username: author.username,
          profilePicture: author.avatar_url ? { url: author.avatar_url } : null,
        }
      : null,
    clicks: r.clicks,
    types: of("type").map((t) => t.name as ArticleType),
    categories: of("category").map((t) => ({ name: t.name, slug: t.slug })),
    tags: of("tag").map((t) => t.name),
    ecosystems: of("ecosystem").map((t) => ({ name: t.name, slug: t.slug })),
    likeCount: Number(counts?.likes ?? 0),
    bookmarkCount: Number(counts?.bookmarks ?? 0),
    commentCount: related.commentsById.get(r.id) ?? 0,
    readingTimeMinutes: r.reading_time_minutes,
    excerpt: r.excerpt,
  };
}

/**
 * Row `r` as a card, or as the full article when it was read with its content, from what
 * `loadRelated` found for its page.
 */
export function toCardOrArticle(r: ArticleRow, related: Related): ArticleCard | Article {
  const attributes = cardAttributes(r, related);
  if (r.content === undefined) return { id: r.id, attributes };
  return {
    id: r.id,
    attributes: {
      ...attributes,
      content: r.content,
      body: r.body === 1,
      // A scheduled article was last edited before it went out: never before its publication.
      updatedAt: new Date(
        Math.max(Date.parse(r.updated_at), Date.parse(r.publish_date)),
      ).toISOString(),
      source:
        r.source_name && r.source_url
          ? { name: r.source_name, url: r.source_url, licence: r.source_licence ?? "" }
          : null,
    },
  };
}

/**
 * The contract shapes of `rows`, in their order: cards, or full articles for rows read with their
 * content (`withContent`). Loads what the rows refer to (terms, author, thumbnail, like, bookmark
 * and comment counts) in one round of queries on `k`.
 */
export async function hydrate(
  k: Kysely<Database>,
  rows: ArticleRow[],
): Promise<(ArticleCard | Article)[]> {
  const related = await loadRelated(k, rows);
  return rows.map((r) => toCardOrArticle(r, related));
}
