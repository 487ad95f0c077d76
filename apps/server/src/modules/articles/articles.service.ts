// Rules of the article library: what readers may see, page maths, and the row -> contract mapping.
import {
  type Article,
  type ArticleCard,
  type ArticleCardAttributes,
  type ArticleListResponse,
  type ArticleType,
  type AuthorProfile,
  authorSlug,
  type PaginationMeta,
  paginationMeta,
} from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import * as repo from "./articles.repository.ts";
import type { ArticleFilter, ArticleRow, ArticleSort } from "./articles.repository.ts";

export type { ArticleFilter, ArticleSort };

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface ArticlesService {
  /** A page of published articles (cards; full articles when `withContent`). */
  list(options: {
    page: number;
    pageSize: number;
    sort: ArticleSort;
    filter: ArticleFilter;
    withContent?: boolean;
  }): Promise<{ data: (ArticleCard | Article)[]; meta: { pagination: PaginationMeta } }>;
  /** Published articles among `ids`, kept in the order of `ids` (search rank), then paged. */
  listByIds(
    ids: number[],
    options: { page: number; pageSize: number; type?: ArticleType },
  ): Promise<ArticleListResponse>;
  /** The published article with this slug, with its content, or null. */
  findBySlug(slug: string): Promise<Article | null>;
  /** How many articles a reader can find (published, not future-dated). */
  count(): Promise<number>;
  /** Whether readers can open the article with this slug (published, not future-dated). */
  isPublished(slug: string): Promise<boolean>;
  /**
   * Adds one to the article's `clicks` (its popularity, spec §7 sortedByClicks); false when no
   * published article has this slug. Only the analytics module calls it, once per visitor per UTC
   * day (issue #6: clicks are the de-duplicated page views of `/p/{slug}`).
   */
  addClick(slug: string): Promise<boolean>;
  /** Categories or ecosystems in use by published articles, most used first. */
  listTerms(
    kind: "category" | "ecosystem",
  ): Promise<{ name: string; slug: string; articleCount: number }[]>;
  /** Live users with published articles, as author pages show them, by user id. */
  listAuthors(): Promise<AuthorProfile[]>;
  /**
   * The author of page `/authors/{slug}` (issue #6): `slug` is compared after `authorSlug`, so
   * case and separators do not matter; the lowest user id wins when two names make one slug.
   * @returns null for an unknown slug, a member who never published, or a deleted account.
   */
  findAuthor(slug: string): Promise<AuthorProfile | null>;
}

/** Builds the service over a database; `clock` is injectable. */
export function createArticlesService(db: Db, clock: Clock = systemClock): ArticlesService {
  const k = db.kysely;

  async function hydrate(rows: ArticleRow[]): Promise<(ArticleCard | Article)[]> {
    const ids = rows.map((r) => r.id);
    const authorIds = [
      ...new Set(rows.map((r) => r.author_id).filter((v): v is number => v !== null)),
    ];
    const mediaIds = [
      ...new Set(rows.map((r) => r.thumbnail_id).filter((v): v is number => v !== null)),
    ];
    const [terms, authors, media, reactions, comments] = await Promise.all([
      repo.findTerms(k, ids),
      repo.findAuthors(k, authorIds),
      repo.findMedia(k, mediaIds),
      repo.findReactionCounts(k, ids),
      repo.findCommentCounts(k, ids),
    ]);
    const authorById = new Map(authors.map((a) => [a.id, a]));
    const mediaById = new Map(media.map((m) => [m.id, m]));
    const reactionsById = new Map(reactions.map((r) => [r.article_id, r]));
    const commentsById = new Map(comments.map((c) => [c.article_id, Number(c.n)]));
    const termsById = new Map<number, repo.TermRow[]>();
    for (const t of terms) {
      const list = termsById.get(t.article_id) ?? [];
      list.push(t);
      termsById.set(t.article_id, list);
    }
    return rows.map((r) => {
      const own = termsById.get(r.id) ?? [];
      const of = (kind: string) => own.filter((t) => t.kind === kind);
      const author = r.author_id === null ? undefined : authorById.get(r.author_id);
      const thumb = r.thumbnail_id === null ? undefined : mediaById.get(r.thumbnail_id);
      const counts = reactionsById.get(r.id);
      const attributes: ArticleCardAttributes = {
        title: r.title,
        subTitle: r.sub_title,
        slug: r.slug,
        publishDate: r.publish_date,
        thumbnailUrl: thumb
          ? {
              url: thumb.url,
              width: thumb.width,
              height: thumb.height,
              alternativeText: thumb.alternative_text,
            }
          : null,
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
        commentCount: commentsById.get(r.id) ?? 0,
        readingTimeMinutes: r.reading_time_minutes,
        excerpt: r.excerpt,
      };
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
    });
  }

  const nowIso = () => clock.now().toISOString();

  async function listAuthors(): Promise<AuthorProfile[]> {
    const rows = await repo.findAuthorsInUse(k, nowIso());
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      slug: authorSlug(r.username),
      bio: r.bio,
      avatarUrl: r.avatar_url,
      articleCount: r.article_count,
    }));
  }

  return {
    async list({ page, pageSize, sort, filter, withContent = false }) {
      const now = nowIso();
      const [total, rows] = await Promise.all([
        repo.countPublished(k, filter, now),
        repo.findPublishedPage(k, filter, {
          sort,
          limit: pageSize,
          offset: (page - 1) * pageSize,
          now,
          withContent,
        }),
      ]);
      return {
        data: await hydrate(rows),
        meta: { pagination: paginationMeta(page, pageSize, total) },
      };
    },

    async listByIds(ids, { page, pageSize, type }) {
      const rows = await repo.findPublishedByIds(k, ids, type ? { types: [type] } : {}, nowIso());
      const rank = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
      const slice = rows.slice((page - 1) * pageSize, page * pageSize);
      return {
        data: (await hydrate(slice)) as ArticleCard[],
        meta: { pagination: paginationMeta(page, pageSize, rows.length) },
      };
    },

    async findBySlug(slug) {
      const rows = await repo.findPublishedPage(
        k,
        { slug },
        {
          sort: "date",
          limit: 1,
          offset: 0,
          now: nowIso(),
          withContent: true,
        },
      );
      if (rows.length === 0) return null;
      const [article] = (await hydrate(rows)) as Article[];
      return article ?? null;
    },

    count() {
      return repo.countPublished(k, {}, nowIso());
    },

    async isPublished(slug) {
      return (await repo.findPublishedIdBySlug(k, slug, nowIso())) !== null;
    },

    addClick(slug) {
      return repo.addClick(k, slug, nowIso());
    },

    listTerms(kind) {
      return repo.findTermsInUse(k, kind, nowIso());
    },

    listAuthors,

    async findAuthor(slug) {
      const wanted = authorSlug(slug);
      if (!wanted) return null;
      return (await listAuthors()).find((a) => a.slug === wanted) ?? null;
    },
  };
}
