// What the sitemaps read of the published articles (docs/product/api.md#feeds-and-sitemaps), dated
// as the articles give `updatedAt` (the later of the last write and the publish date).
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { articleUpdatedAt } from "./article-cards.ts";
import * as repo from "./article-sitemap.repository.ts";
import type { LibraryMemo } from "./library-memo.ts";

/** One sitemap file of published articles, in id order. */
export interface ArticleSitemapFile {
  /** The id of its first article: the file holds `count` published articles from there on. */
  firstId: number;
  count: number;
  /** ISO 8601: the newest `updatedAt` among its articles (the file's lastmod). */
  lastmod: string;
}

/** A published article's address part and its `updatedAt` (ISO 8601). */
export interface ArticleUrl {
  id: number;
  slug: string;
  lastmod: string;
}

/** The sitemaps' reads (`ArticlesService.sitemap`); each one query, none reading article text. */
export interface ArticleSitemapReads {
  /**
   * The published articles in id order cut into files of `size` (the sitemaps serve
   * SITEMAP_URLS_PER_FILE, distribution.sitemaps.ts), in order; empty when nothing is published.
   */
  files(size: number): Promise<ArticleSitemapFile[]>;
  /** Up to `limit` published articles from id `fromId` on, in id order. */
  urls(fromId: number, limit: number): Promise<ArticleUrl[]>;
  /** The newest `updatedAt` of the published articles of each category or tag, by slug. */
  newestByTerm(kind: "category" | "tag"): Promise<Map<string, string>>;
  /** The newest `updatedAt` of the published articles of each author, by user id. */
  newestByAuthor(): Promise<Map<number, string>>;
}

/** The lastmod of rows whose newest dates are `r`'s. */
const lastmodOf = (r: { newest_publish: string; newest_update: string }) =>
  articleUpdatedAt({ updated_at: r.newest_update, publish_date: r.newest_publish });

/**
 * Builds the reads over a query builder; `nowIso` decides which publish dates are past. `files`,
 * `newestByTerm` and `newestByAuthor` read every published article's dates, and are the same
 * for every crawler until the library changes: each is kept in `memo` (library-memo.ts) and read
 * again once the library changed.
 */
export function createArticleSitemapReads(
  k: Kysely<Database>,
  nowIso: () => string,
  memo: LibraryMemo,
): ArticleSitemapReads {
  const current = <T>(name: string, read: () => Promise<T>) => memo.get(`sitemap ${name}`, read);
  return {
    files: (size) =>
      current(`files ${size}`, async () => {
        const rows = await repo.findSitemapFiles(k, nowIso(), size);
        return rows.map((r) => ({ firstId: r.first_id, count: r.count, lastmod: lastmodOf(r) }));
      }),
    async urls(fromId, limit) {
      const rows = await repo.findArticleUrls(k, nowIso(), fromId, limit);
      return rows.map((r) => ({ id: r.id, slug: r.slug, lastmod: articleUpdatedAt(r) }));
    },
    newestByTerm: (kind) =>
      current(`terms ${kind}`, async () => {
        const rows = await repo.findNewestByTerm(k, kind, nowIso());
        return new Map(rows.map((r) => [r.key, lastmodOf(r)]));
      }),
    newestByAuthor: () =>
      current("authors", async () => {
        const rows = await repo.findNewestByAuthor(k, nowIso());
        return new Map(rows.map((r) => [r.key, lastmodOf(r)]));
      }),
  };
}
