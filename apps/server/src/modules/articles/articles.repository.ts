// Kysely queries for articles: pages of published articles, each with what its cards show of the
// rows it refers to, in one statement.
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { ArticlesTable, Database, TermKind } from "../../db/schema.ts";
import type { Dialect } from "../../db/client.ts";
import { equalsTextIn } from "../../db/patterns.ts";
import { prepared } from "../../db/prepared.ts";
import * as related from "./article-related.repository.ts";

type Q = Kysely<Database>;

/** Which published articles a list query keeps; every field given must match (AND). */
export interface ArticleFilter {
  /** Type names, e.g. ["Research"]; any of them matches. */
  types?: string[];
  /**
   * Terms per kind, each given by its slug or by the name cards show ("layer-2" or "Layer 2"),
   * case-insensitive and otherwise exact; any of them matches (docs/product/api.md#api-articles).
   */
  categories?: string[];
  /** Tags by slug or name, as `categories`. */
  tags?: string[];
  /** Ecosystems by slug or name, as `categories`. */
  ecosystems?: string[];
  /** Restrict to articles having at least one ecosystem. */
  hasEcosystem?: boolean;
  /**
   * Author username (case-insensitive); the service also matches it as an author page slug
   * (`PublishedFilter.authorIds`).
   */
  author?: string;
  /** Author user id. */
  authorId?: number;
  ids?: number[];
  slug?: string;
}

/** `ArticleFilter` as the queries take it, once the service has looked the author up. */
export interface PublishedFilter extends Omit<ArticleFilter, "author"> {
  /**
   * `ArticleFilter.author` resolved by the service: the users of that username and the one whose
   * author page slug it is (`findAuthor`); articles by any of them match, none when empty.
   */
  authorIds?: number[];
  /** A condition on articles `a` built from a Strapi `filters` parameter (strapi-where.ts). */
  where?: Expression<SqlBool> | undefined;
}

/** List order: newest publish date first, or most clicks first. */
export type ArticleSort = "date" | "clicks";

/** One ORDER BY item: a column reference (`a.clicks`) and its direction. */
export interface OrderItem {
  column: string;
  direction: "asc" | "desc";
}

/**
 * The order of each `ArticleSort`, before the id that breaks ties: newest first, or most clicks
 * first and then newest (docs/product/api.md#api-articles).
 */
export const articleOrders: Record<ArticleSort, OrderItem[]> = {
  date: [{ column: "a.publish_date", direction: "desc" }],
  clicks: [
    { column: "a.clicks", direction: "desc" },
    { column: "a.publish_date", direction: "desc" },
  ],
};

/** A column's name without its table alias: "a.content" → "content". */
type Unaliased<C> = C extends `a.${infer Name}` ? Name : never;

/** What a full article adds to its card's row (`fullArticleColumns`), read with its content. */
export type FullArticleColumns = related.SocialImageColumns &
  Pick<ArticlesTable, Unaliased<(typeof fullArticleColumns)[number]>>;

/**
 * An article as the page queries read it: what its card shows, of its own row and of its related
 * rows, and the `FullArticleColumns` only when read with its content.
 */
export interface ArticleRow extends related.RelatedColumns, Partial<FullArticleColumns> {
  id: number;
  slug: string;
  title: string;
  sub_title: string;
  excerpt: string;
  reading_time_minutes: number;
  publish_date: string;
  thumbnail_id: number | null;
  author_id: number | null;
  clicks: number;
}

const cardColumns = [
  "a.id",
  "a.slug",
  "a.title",
  "a.sub_title",
  "a.excerpt",
  "a.reading_time_minutes",
  "a.publish_date",
  "a.thumbnail_id",
  "a.author_id",
  "a.clicks",
] as const;

const fullArticleColumns = [
  "a.content",
  "a.body",
  "a.source_name",
  "a.source_url",
  "a.source_licence",
  "a.meta_title",
  "a.meta_description",
  "a.canonical_url",
  "a.updated_at",
] as const;

type ArticlesQuery = SelectQueryBuilder<Database & { a: ArticlesTable }, "a", object>;

/** Which column of a term a filter value is compared with: its URL slug, its name, or either. */
export type TermColumn = "slug" | "name" | "slug or name";

/**
 * A `where` condition on articles `a`, in any status: it has a term of `kind` whose `column` (or
 * either) is one of `values`, case-insensitive (`equalsTextIn`), bound and compared with `=`. The
 * terms are found once, then each article is one probe of `article_terms`' key (docs/scale.md).
 * Shared with the studio's article filters.
 */
export function hasTerm(kind: TermKind, values: string[], column: TermColumn) {
  const columns = column === "slug or name" ? (["slug", "name"] as const) : [column];
  return ({ exists, selectFrom }: ExpressionBuilder<Database & { a: ArticlesTable }, "a">) => {
    const ids = selectFrom("terms as t").select("t.id").where("t.kind", "=", kind);
    const any = columns.map((c) => equalsTextIn(sql.ref(`t.${c}`), values));
    const terms = ids.where((eb) => eb.or(any));
    return exists(
      selectFrom("article_terms as at")
        .select(sql.lit(1).as("one"))
        .whereRef("at.article_id", "=", "a.id")
        .where("at.term_id", "in", terms),
    );
  };
}

function withTerm(
  qb: ArticlesQuery,
  kind: TermKind,
  values: string[] | undefined,
  column: TermColumn,
): ArticlesQuery {
  return values && values.length > 0 ? qb.where(hasTerm(kind, values, column)) : qb;
}

function filtered(db: Q, filter: PublishedFilter, now: string): ArticlesQuery {
  let qb: ArticlesQuery = db
    .selectFrom("articles as a")
    .where("a.status", "=", "published")
    .where("a.publish_date", "<=", now);
  if (filter.slug !== undefined) qb = qb.where("a.slug", "=", filter.slug);
  if (filter.where) qb = qb.where(filter.where);
  if (filter.ids) qb = qb.where("a.id", "in", filter.ids.length > 0 ? filter.ids : [-1]);
  if (filter.authorIds) {
    qb = qb.where("a.author_id", "in", filter.authorIds.length > 0 ? filter.authorIds : [-1]);
  }
  if (filter.authorId !== undefined) qb = qb.where("a.author_id", "=", filter.authorId);
  qb = withTerm(qb, "type", filter.types, "name");
  qb = withTerm(qb, "category", filter.categories, "slug or name");
  qb = withTerm(qb, "tag", filter.tags, "slug or name");
  qb = withTerm(qb, "ecosystem", filter.ecosystems, "slug or name");
  if (filter.hasEcosystem) {
    qb = qb.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("article_terms as at")
          .innerJoin("terms as t", "t.id", "at.term_id")
          .select(sql.lit(1).as("one"))
          .whereRef("at.article_id", "=", "a.id")
          .where("t.kind", "=", "ecosystem"),
      ),
    );
  }
  return qb;
}

/**
 * The bound values of a list query: the filter's values (`hasEcosystem` and `where` shape the
 * SQL instead) and the time; `PublishedFilter` without `where` splits into these and the variant.
 */
type FilterValues = Omit<PublishedFilter, "hasEcosystem" | "where"> & { now: string };

/** `filter` as prepared values at `now` (`where` must be absent). */
function filterValues(filter: PublishedFilter, now: string): FilterValues {
  const { hasEcosystem: _shape, where: _where, ...values } = filter;
  return { ...values, now };
}

/** How many published articles match `filter` at `now`: a `count(*)` query. */
function countOf(db: Q, filter: PublishedFilter, now: string) {
  return filtered(db, filter, now).select((eb) => eb.fn.countAll<number>().as("n"));
}

const countQuery = prepared(
  (db, v: FilterValues, hasEcosystem: boolean) => countOf(db, { ...v, hasEcosystem }, v.now),
  String,
);

/** Counts published articles matching a filter (publish date not in the future). */
export async function countPublished(db: Q, filter: PublishedFilter, now: string): Promise<number> {
  const [row] = filter.where
    ? await countOf(db, filter, now).execute()
    : await countQuery(db, filterValues(filter, now), filter.hasEcosystem === true);
  return Number(row?.n ?? 0);
}

/**
 * Which rows of a list, in which order, at which time; `withContent` adds the full article's
 * columns (`FullArticleColumns`), `withCount` counts every match (Strapi's `withCount`).
 */
interface PageWindow {
  order: OrderItem[];
  limit: number;
  offset: number;
  now: string;
  withContent: boolean;
  withCount: boolean;
}

/** The page query on `dialect`: its ids first, then their cards' columns (docs/scale.md). */
function pageOf(db: Q, dialect: Dialect, filter: PublishedFilter, page: PageWindow) {
  const tie: OrderItem[] = [{ column: "a.id", direction: "desc" }];
  const order = page.order.some((o) => o.column === "a.id") ? page.order : [...page.order, ...tie];
  let ids = filtered(db, filter, page.now).select("a.id");
  for (const { column, direction } of order) ids = ids.orderBy(sql.ref(column), direction);
  let qb = db
    .selectFrom("articles as a")
    .where("a.id", "in", ids.limit(page.limit).offset(page.offset))
    .leftJoin("media as thumbnail", "thumbnail.id", "a.thumbnail_id")
    .leftJoin("users as author", "author.id", "a.author_id")
    .leftJoin("media as avatar", "avatar.id", "author.profile_picture_id")
    .leftJoin("media as social", "social.id", "a.social_image_id")
    .select(cardColumns)
    .select(related.relatedColumns(dialect));
  if (page.withContent) qb = qb.select(fullArticleColumns).select(related.socialImageColumns);
  if (page.withCount)
    qb = qb.select(countOf(db, filter, page.now).$asScalar().$notNull().as("total"));
  for (const { column, direction } of order) qb = qb.orderBy(sql.ref(column), direction);
  return qb;
}

/** What shapes a prepared page's SQL besides its values. */
interface PageVariant {
  dialect: Dialect;
  order: OrderItem[];
  withContent: boolean;
  withCount: boolean;
  hasEcosystem: boolean;
}

const pageQuery = prepared(
  (db, v: FilterValues & { limit: number; offset: number }, variant: PageVariant) => {
    const { limit, offset, ...values } = v;
    const { dialect, hasEcosystem, ...shape } = variant;
    const window = { ...shape, limit, offset, now: v.now };
    return pageOf(db, dialect, { ...values, hasEcosystem }, window);
  },
  ({ dialect, order, withContent, withCount, hasEcosystem }) =>
    `${dialect} ${order.map((o) => `${o.column} ${o.direction}`).join()} ${withContent} ${withCount} ${hasEcosystem}`,
);

/** A page of articles and, when counted, how many match in all. */
export interface ArticlePage {
  rows: ArticleRow[];
  total: number | undefined;
}

/**
 * One page of published articles on `dialect` in `order` (`articleOrders`, or a Strapi sort), with
 * what each card shows of its thumbnail, author, counts and terms (`RelatedColumns`), in one
 * statement; `withCount` adds the number of all matches (counted apart only for an empty page past
 * the first). Ties break on id, newest first, so pages never overlap. Prepared (db/prepared.ts)
 * unless the filter has a Strapi `where`.
 */
export async function findPublishedPage(
  db: Q,
  dialect: Dialect,
  filter: PublishedFilter,
  page: PageWindow,
): Promise<ArticlePage> {
  let rows: (ArticleRow & { total?: number })[];
  if (filter.where) {
    rows = await pageOf(db, dialect, filter, page).execute();
  } else {
    const { order, limit, offset, now, withContent, withCount } = page;
    const hasEcosystem = filter.hasEcosystem === true;
    const variant = { dialect, order, withContent, withCount, hasEcosystem };
    rows = await pageQuery(db, { ...filterValues(filter, now), limit, offset }, variant);
  }
  if (!page.withCount) return { rows, total: undefined };
  const [first] = rows;
  if (first) return { rows, total: Number(first.total) };
  return { rows, total: page.offset === 0 ? 0 : await countPublished(db, filter, page.now) };
}

const idsQuery = prepared(
  (db, v: FilterValues, hasEcosystem: boolean) =>
    filtered(db, { ...v, hasEcosystem }, v.now).select("a.id"),
  String,
);

/** The ids of the published articles among `ids`, in no particular order (the caller orders them). */
export async function findPublishedIds(
  db: Q,
  ids: number[],
  filter: Omit<PublishedFilter, "where">,
  now: string,
): Promise<number[]> {
  const values = filterValues({ ...filter, ids }, now);
  const rows = await idsQuery(db, values, filter.hasEcosystem === true);
  return rows.map((r) => r.id);
}

/** A published article's link fields (`findLatestLinks`). */
export interface ArticleLinkRow {
  id: number;
  title: string;
  slug: string;
  publish_date: string;
}

const latestLinksQuery = prepared((db, v: { types: string[]; now: string; limit: number }) =>
  filtered(db, { types: v.types }, v.now)
    .select(["a.id", "a.title", "a.slug", "a.publish_date"])
    .orderBy("a.publish_date", "desc")
    .orderBy("a.id", "desc")
    .limit(v.limit),
);

/** The `limit` newest published articles of any of `types` (by name), newest first, links only. */
export async function findLatestLinks(
  db: Q,
  types: readonly string[],
  limit: number,
  now: string,
): Promise<ArticleLinkRow[]> {
  return latestLinksQuery(db, { types: [...types], now, limit });
}

/** The terms of articles, in their stored order; shared with the studio. */
export { findTerms, type TermRow } from "./article-related.repository.ts";

/** The published article with this slug, or null (drafts and future-dated articles are hidden). */
export async function findPublishedIdBySlug(
  db: Q,
  slug: string,
  now: string,
): Promise<number | null> {
  const [row] = await idBySlug(db, { slug, now });
  return row?.id ?? null;
}

const idBySlug = prepared((db, v: { slug: string; now: string }) =>
  filtered(db, { slug: v.slug }, v.now).select("a.id"),
);

/**
 * Adds one to `clicks` of the published article with this slug (drafts and future-dated articles
 * never count). Callers de-duplicate; the increment itself is one atomic statement.
 * @returns true when an article was counted.
 */
export async function addClick(db: Q, slug: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("articles")
    .set((eb) => ({ clicks: eb("clicks", "+", 1) }))
    .where("slug", "=", slug)
    .where("status", "=", "published")
    .where("publish_date", "<=", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
