// Rules of the article library: what readers may see and page maths (the row -> contract mapping
// is article-cards.ts).
import {
  type Article,
  type ArticleCard,
  type ArticleLink,
  type ArticleListResponse,
  type ArticleType,
  type AuthorProfile,
  authorSlug,
  paginationMeta,
} from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import * as repo from "./articles.repository.ts";
import { type ArticleFilter, type ArticleSort, articleOrders } from "./articles.repository.ts";
import { articleUpdatedAt, hydrate } from "./article-cards.ts";
import type { ArticleText } from "./article-coins.ts";
import { type ArticleSitemapReads, createArticleSitemapReads } from "./article-sitemap.ts";
import { findTerms } from "./article-related.repository.ts";
import { createLibraryMemo, type LibraryMemo } from "./library-memo.ts";
import {
  findPublishedTexts,
  findPublishedVersions,
  findPublishedWordsBefore,
} from "./article-versions.repository.ts";
import {
  type AuthorInUseRow,
  findAuthorCounts,
  findLiveProfiles,
  findTermsInUse,
  findUserIdsNamed,
} from "./collections.repository.ts";
import {
  createStrapiCollections,
  type StrapiCollectionsService,
} from "./strapi-collections.service.ts";

/** The list filter and sort, re-exported for the service's callers (articles.repository.ts). */
export type { ArticleFilter, ArticleSort };
/** The sitemaps' reads and their file, re-exported for the service's callers (article-sitemap.ts). */
export type { ArticleSitemapFile, ArticleSitemapReads } from "./article-sitemap.ts";

/** The time source deciding which publish dates are past (tests pass a fixed one). */
export interface Clock {
  /** The current time. */
  now(): Date;
}
/** The real clock: `new Date()` at each call. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A published article's version: its id, `updatedAt` as the article gives it and publish date
 * (ISO 8601), no text.
 */
export interface ArticleVersion {
  id: number;
  updatedAt: string;
  publishDate: string;
}

/** A published article's words at a version (ArticlesService.findTexts). */
export interface ArticleWords extends ArticleText {
  id: number;
  updatedAt: string;
}

/** A published article's words with its address, date and keywords (ArticlesService.eachPublished). */
export interface PublishedWords extends ArticleWords {
  slug: string;
  /** ISO 8601. */
  publishDate: string;
  /** Its tags' and categories' names: the words its editors file it under. */
  keywords: string[];
}

/** What readers may see of the article library (routes, the web's loaders, other modules). */
export interface ArticlesService {
  /** A page of published articles, as cards. */
  list(options: {
    page: number;
    pageSize: number;
    sort: ArticleSort;
    filter: ArticleFilter;
  }): Promise<ArticleListResponse>;
  /** Published articles among `ids`, kept in the order of `ids` (search rank), then paged. */
  listByIds(
    ids: number[],
    options: { page: number; pageSize: number; type?: ArticleType },
  ): Promise<ArticleListResponse>;
  /** The published article with this slug, with its content, or null. */
  findBySlug(slug: string): Promise<Article | null>;
  /**
   * Every published article's version, without its text: what a reading kept in memory checks
   * to be current (coin-mentions.ts); one query, in no particular order.
   */
  listVersions(): Promise<ArticleVersion[]>;
  /** The words of the published articles among `ids` (title, subtitle, text), in no order. */
  findTexts(ids: number[]): Promise<ArticleWords[]>;
  /**
   * Every published article's words (PublishedWords), newest first (publish date, then id),
   * `batch` at a time: one keyset pass (docs/scale.md), so a page costs the same at the end of the
   * archive as at its start, and only one batch of text is held at a time.
   */
  eachPublished(batch: number): AsyncGenerator<PublishedWords[]>;
  /**
   * What changes whenever what readers can open does (a publish, an unpublish, an edit, a
   * scheduled article going out): what something derived from the whole library checks to be
   * current (LibraryMemo.state, two index seeks: docs/scale.md#library-memo).
   */
  librarySignature(): Promise<string>;
  /** The `count` newest published articles of `type`, newest first, as links (one query). */
  latest(types: readonly ArticleType[], count: number): Promise<ArticleLink[]>;
  /** How many articles a reader can find (published, not future-dated). */
  count(): Promise<number>;
  /** Whether readers can open the article with this slug (published, not future-dated). */
  isPublished(slug: string): Promise<boolean>;
  /**
   * Adds one to the article's `clicks` (its popularity, `sortedByClicks` in
   * docs/product/api.md#api-articles); false when no published article has this slug. Only the
   * analytics module calls it, once per visitor per UTC day (clicks are the
   * de-duplicated page views of `/p/{slug}`).
   */
  addClick(slug: string): Promise<boolean>;
  /** Categories, ecosystems or tags in use by published articles, most used first. */
  listTerms(
    kind: "category" | "ecosystem" | "tag",
  ): Promise<{ name: string; slug: string; articleCount: number }[]>;
  /** Live users with published articles, as author pages show them, by user id. */
  listAuthors(): Promise<AuthorProfile[]>;
  /**
   * The author of page `/authors/{slug}` (docs/product/reader.md#author-pages): `slug` is compared
   * after `authorSlug`, so case and separators do not matter; the lowest user id wins when two
   * names make one slug.
   * @returns null for an unknown slug, a member who never published, or a deleted account.
   */
  findAuthor(slug: string): Promise<AuthorProfile | null>;
  /**
   * The public collections (articles, categories, ecosystems, authors) read with Strapi v4's
   * query language (docs/product/api.md#api-strapi-query).
   */
  collections: StrapiCollectionsService;
  /** What the sitemaps read: files of articles, their addresses, newest dates per term and author. */
  sitemap: ArticleSitemapReads;
}

/**
 * What the service's reads share: the query builder, its engine, the current time (ISO 8601) and
 * the answers kept for the library as it is (library-memo.ts).
 */
interface ArticlesContext {
  k: Db["kysely"];
  dialect: Db["dialect"];
  nowIso: () => string;
  memo: LibraryMemo;
}

/**
 * The memo key of the number of published articles matching `filter` (its JSON), or null when a
 * Strapi `where` (any shape) counts it per request: its match can depend on more than the library
 * (an author's name: a rename does not change the library's state). An `author` value is resolved
 * to ids per request (`publishedFilter`) and kept by them (docs/scale.md#library-memo).
 */
function totalKey({ where, ...filter }: repo.PublishedFilter): string | null {
  return where ? null : `total ${JSON.stringify(filter)}`;
}

/**
 * `filter` as the queries take it: `author` becomes the ids of the users of that name, any case
 * (read now: a rename shows at once), and of the author whose page slug it is (`maya-okafor`, not
 * `maya_okafor`): `author=maya-okafor` finds what `Maya Okafor` does (docs/product/api.md#api-articles).
 */
async function publishedFilter(
  ctx: ArticlesContext,
  { author, ...filter }: ArticleFilter,
): Promise<repo.PublishedFilter> {
  if (!author) return filter;
  const [page, named] = await Promise.all([
    findAuthor(ctx, author),
    findUserIdsNamed(ctx.k, ctx.dialect, author),
  ]);
  const onPage = page && page.slug === author.toLowerCase() ? [page.id] : [];
  return { ...filter, authorIds: [...new Set([...named, ...onPage])].sort((a, b) => a - b) };
}

/** `ArticlesService.list`. */
async function list(
  ctx: ArticlesContext,
  { page, pageSize, sort, filter }: Parameters<ArticlesService["list"]>[0],
): Promise<ArticleListResponse> {
  const { k, memo } = ctx;
  const now = ctx.nowIso();
  const where = await publishedFilter(ctx, filter);
  const key = totalKey(where);
  const [{ rows, total: counted }, kept] = await Promise.all([
    repo.findPublishedPage(k, ctx.dialect, where, {
      order: articleOrders[sort],
      limit: pageSize,
      offset: (page - 1) * pageSize,
      now,
      withContent: false,
      withCount: key === null,
    }),
    key === null ? undefined : memo.get(key, () => repo.countPublished(k, where, ctx.nowIso())),
  ]);
  const total = kept ?? counted ?? 0;
  return {
    data: (await hydrate(k, rows)) as ArticleCard[],
    meta: { pagination: paginationMeta(page, pageSize, total) },
  };
}

/** `ArticlesService.listByIds`. */
async function listByIds(
  { k, dialect, nowIso }: ArticlesContext,
  ids: number[],
  { page, pageSize, type }: { page: number; pageSize: number; type?: ArticleType },
): Promise<ArticleListResponse> {
  const now = nowIso();
  const found = await repo.findPublishedIds(k, ids, type ? { types: [type] } : {}, now);
  const rank = new Map(ids.map((id, i) => [id, i]));
  const byRank = (a: number, b: number) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
  const slice = found.sort(byRank).slice((page - 1) * pageSize, page * pageSize);
  const { rows } = await repo.findPublishedPage(
    k,
    dialect,
    { ids: slice },
    {
      order: articleOrders.date,
      limit: slice.length,
      offset: 0,
      now,
      withContent: false,
      withCount: false,
    },
  );
  rows.sort((a, b) => byRank(a.id, b.id));
  return {
    data: (await hydrate(k, rows)) as ArticleCard[],
    meta: { pagination: paginationMeta(page, pageSize, found.length) },
  };
}

/** `ArticlesService.findBySlug`. */
async function findBySlug(
  { k, dialect, nowIso }: ArticlesContext,
  slug: string,
): Promise<Article | null> {
  const { rows } = await repo.findPublishedPage(
    k,
    dialect,
    { slug },
    {
      order: articleOrders.date,
      limit: 1,
      offset: 0,
      now: nowIso(),
      withContent: true,
      withCount: false,
    },
  );
  if (rows.length === 0) return null;
  const [article] = (await hydrate(k, rows)) as Article[];
  return article ?? null;
}

/** An author in use as author pages show them. */
function toAuthorProfile(r: AuthorInUseRow): AuthorProfile {
  return {
    id: r.id,
    username: r.username,
    slug: authorSlug(r.username),
    bio: r.bio,
    avatarUrl: r.avatar_url,
    articleCount: r.article_count,
  };
}

/**
 * Every live author with published, past-dated articles and how many, lowest id first
 * (docs/product/reader.md#author-pages): the counts kept for the library as it is (the memo),
 * the users read per request by those ids (a rename or a deleted account shows at once).
 */
async function authorsInUse({ k, nowIso, memo }: ArticlesContext): Promise<AuthorInUseRow[]> {
  const counts = await memo.get("author counts", () => findAuthorCounts(k, nowIso()));
  const users = await findLiveProfiles(k, [...counts.keys()]);
  return users.map((u) => ({ ...u, article_count: counts.get(u.id) ?? 0 }));
}

/** `ArticlesService.listAuthors`. */
async function listAuthors(ctx: ArticlesContext): Promise<AuthorProfile[]> {
  return (await authorsInUse(ctx)).map(toAuthorProfile);
}

/** `ArticlesService.findAuthor`: the author in use whose slug `slug` is. */
async function findAuthor(ctx: ArticlesContext, slug: string): Promise<AuthorProfile | null> {
  const wanted = authorSlug(slug);
  if (!wanted) return null;
  const row = (await authorsInUse(ctx)).find((a) => authorSlug(a.username) === wanted);
  return row ? toAuthorProfile(row) : null;
}

/** `ArticlesService.eachPublished`. */
async function* eachPublished(
  { k, nowIso }: ArticlesContext,
  batch: number,
): AsyncGenerator<PublishedWords[]> {
  const now = nowIso();
  let after: { publishDate: string; id: number } | null = null;
  for (;;) {
    const rows = await findPublishedWordsBefore(k, now, after, batch);
    if (rows.length === 0) return;
    const terms = Map.groupBy(
      await findTerms(
        k,
        rows.map((r) => r.id),
      ),
      (t) => t.article_id,
    );
    const named = (id: number, kind: string) =>
      (terms.get(id) ?? []).filter((t) => t.kind === kind).map((t) => t.name);
    yield rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      subTitle: r.sub_title,
      content: r.content,
      body: r.body === 1,
      updatedAt: articleUpdatedAt(r),
      publishDate: r.publish_date,
      keywords: [...named(r.id, "tag"), ...named(r.id, "category")],
    }));
    const last = rows.at(-1)!;
    after = { publishDate: last.publish_date, id: last.id };
  }
}

/** Builds the service over a database; `clock` is injectable; `memo`, the process's library memo. */
export function createArticlesService(
  db: Db,
  clock: Clock = systemClock,
  memo: LibraryMemo = createLibraryMemo(db.kysely, () => clock.now().toISOString()),
): ArticlesService {
  const k = db.kysely;
  const nowIso = () => clock.now().toISOString();
  const ctx: ArticlesContext = { k, dialect: db.dialect, nowIso, memo };
  return {
    list: (options) => list(ctx, options),
    listByIds: (ids, options) => listByIds(ctx, ids, options),
    findBySlug: (slug) => findBySlug(ctx, slug),
    async listVersions() {
      const rows = await findPublishedVersions(k, nowIso());
      return rows.map((r) => ({
        id: r.id,
        updatedAt: articleUpdatedAt(r),
        publishDate: r.publish_date,
      }));
    },
    async findTexts(ids) {
      const rows = await findPublishedTexts(k, ids, nowIso());
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        subTitle: r.sub_title,
        content: r.content,
        body: r.body === 1,
        updatedAt: articleUpdatedAt(r),
      }));
    },
    eachPublished: (batch) => eachPublished(ctx, batch),
    librarySignature: () => memo.state(),
    async latest(types, count) {
      const rows = await repo.findLatestLinks(k, types, count, nowIso());
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        slug: r.slug,
        publishDate: r.publish_date,
      }));
    },
    count: () => memo.get(totalKey({})!, () => repo.countPublished(k, {}, nowIso())),
    async isPublished(slug) {
      return (await repo.findPublishedIdBySlug(k, slug, nowIso())) !== null;
    },
    addClick: (slug) => repo.addClick(k, slug, nowIso()),
    listTerms: (kind) =>
      memo.get(`terms ${kind}`, async () => {
        const rows = await findTermsInUse(k, kind, nowIso(), {
          order: [
            { column: "article_count", direction: "desc" },
            { column: "t.name", direction: "asc" },
          ],
        });
        return rows.map((r) => ({ name: r.name, slug: r.slug, articleCount: r.article_count }));
      }),
    listAuthors: () => listAuthors(ctx),
    findAuthor: (slug) => findAuthor(ctx, slug),
    collections: createStrapiCollections(db, nowIso),
    sitemap: createArticleSitemapReads(k, nowIso, memo),
  };
}
