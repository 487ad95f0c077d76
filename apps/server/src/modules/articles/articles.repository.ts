// Kysely queries for articles: pages of published articles and the batched lookups that hydrate them.
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { ArticlesTable, Database, TermKind } from "../../db/schema.ts";
import { equalsTextIn } from "../../db/patterns.ts";

type Q = Kysely<Database>;

/** Which published articles a list query keeps; every field given must match (AND). */
export interface ArticleFilter {
  /** Type names, e.g. ["Research"]; any of them matches. */
  types?: string[];
  /**
   * Terms per kind, each given by its slug or by the name cards show ("layer-2" or "Layer 2"),
   * case-insensitive and otherwise exact; any of them matches (docs/product.md#api-articles).
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
   * (`PublishedFilter.authorPageId`).
   */
  author?: string;
  /** Author user id. */
  authorId?: number;
  ids?: number[];
  slug?: string;
}

/** `ArticleFilter` as the queries take it, once the service has looked the author up. */
export interface PublishedFilter extends ArticleFilter {
  /**
   * With `author`: the user whose author page slug `author` is (`findAuthor`); their articles
   * match as well as those of the username.
   */
  authorPageId?: number | undefined;
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
 * first and then newest (docs/product.md#api-articles).
 */
export const articleOrders: Record<ArticleSort, OrderItem[]> = {
  date: [{ column: "a.publish_date", direction: "desc" }],
  clicks: [
    { column: "a.clicks", direction: "desc" },
    { column: "a.publish_date", direction: "desc" },
  ],
};

/** An article as the list queries read it; `content` only when read with its content. */
export interface ArticleRow {
  id: number;
  slug: string;
  title: string;
  sub_title: string;
  body: number;
  excerpt: string;
  reading_time_minutes: number;
  publish_date: string;
  thumbnail_id: number | null;
  author_id: number | null;
  clicks: number;
  source_name: string | null;
  source_url: string | null;
  source_licence: string | null;
  /** When the article last changed (ISO 8601). */
  updated_at: string;
  content?: string;
}

const cardColumns = [
  "a.id",
  "a.slug",
  "a.title",
  "a.sub_title",
  "a.body",
  "a.excerpt",
  "a.reading_time_minutes",
  "a.publish_date",
  "a.thumbnail_id",
  "a.author_id",
  "a.clicks",
  "a.source_name",
  "a.source_url",
  "a.source_licence",
  "a.updated_at",
] as const;

type ArticlesQuery = SelectQueryBuilder<Database & { a: ArticlesTable }, "a", object>;

/** Which column of a term a filter value is compared with: its URL slug, its name, or either. */
export type TermColumn = "slug" | "name" | "slug or name";

/**
 * A `where` condition on articles `a`, in any status: it has a term of `kind` whose `column` (or
 * either column) is one of `values`, case-insensitive (`equalsTextIn`: the database lowers both sides; SQLite folds ASCII letters only).
 * The values are bound parameters compared with `=`, so `%`, `_` and quotes are plain characters.
 * Shared with the studio's article filters.
 */
export function hasTerm(kind: TermKind, values: string[], column: TermColumn) {
  const columns = column === "slug or name" ? (["slug", "name"] as const) : [column];
  return ({ exists, selectFrom }: ExpressionBuilder<Database & { a: ArticlesTable }, "a">) =>
    exists(
      selectFrom("article_terms as at")
        .innerJoin("terms as t", "t.id", "at.term_id")
        .select(sql.lit(1).as("one"))
        .whereRef("at.article_id", "=", "a.id")
        .where("t.kind", "=", kind)
        .where((eb) => eb.or(columns.map((c) => equalsTextIn(sql.ref(`t.${c}`), values)))),
    );
}

function withTerm(
  qb: ArticlesQuery,
  kind: TermKind,
  values: string[] | undefined,
  column: TermColumn,
): ArticlesQuery {
  return values && values.length > 0 ? qb.where(hasTerm(kind, values, column)) : qb;
}

/**
 * A `where` condition on articles `a`: written by the user named `username` (case-insensitive,
 * bound as a parameter) or, when given, by the user `pageId`.
 */
function byAuthor(username: string, pageId: number | undefined) {
  return (eb: ExpressionBuilder<Database & { a: ArticlesTable }, "a">) => {
    const named = eb.exists(
      eb
        .selectFrom("users as u")
        .select(sql.lit(1).as("one"))
        .whereRef("u.id", "=", "a.author_id")
        .where(equalsTextIn(sql.ref("u.username"), [username])),
    );
    return pageId === undefined ? named : eb.or([named, eb("a.author_id", "=", pageId)]);
  };
}

function filtered(db: Q, filter: PublishedFilter, now: string): ArticlesQuery {
  let qb: ArticlesQuery = db
    .selectFrom("articles as a")
    .where("a.status", "=", "published")
    .where("a.publish_date", "<=", now);
  if (filter.slug !== undefined) qb = qb.where("a.slug", "=", filter.slug);
  if (filter.where) qb = qb.where(filter.where);
  if (filter.ids) qb = qb.where("a.id", "in", filter.ids.length > 0 ? filter.ids : [-1]);
  if (filter.author) qb = qb.where(byAuthor(filter.author, filter.authorPageId));
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

/** Counts published articles matching a filter (publish date not in the future). */
export async function countPublished(db: Q, filter: PublishedFilter, now: string): Promise<number> {
  const row = await filtered(db, filter, now)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page of published articles in `order` (`articleOrders`, or a Strapi sort); `withContent`
 * adds the Markdown. Ties break on id, newest first, so pages never overlap.
 */
export async function findPublishedPage(
  db: Q,
  filter: PublishedFilter,
  options: { order: OrderItem[]; limit: number; offset: number; now: string; withContent: boolean },
): Promise<ArticleRow[]> {
  let qb = filtered(db, filter, options.now).select(cardColumns);
  if (options.withContent) qb = qb.select("a.content");
  for (const { column, direction } of options.order) qb = qb.orderBy(sql.ref(column), direction);
  if (!options.order.some((o) => o.column === "a.id")) qb = qb.orderBy("a.id", "desc");
  return qb.limit(options.limit).offset(options.offset).execute();
}

/** Published articles among `ids`, in no particular order (the caller orders them). */
export async function findPublishedByIds(
  db: Q,
  ids: number[],
  filter: ArticleFilter,
  now: string,
): Promise<ArticleRow[]> {
  return filtered(db, { ...filter, ids }, now)
    .select(cardColumns)
    .execute();
}

/** One term of an article, with its own id and the article's (`findTerms`). */
export interface TermRow {
  id: number;
  article_id: number;
  kind: TermKind;
  name: string;
  slug: string;
}

/** Every term of the given articles, in their stored order. */
export async function findTerms(db: Q, articleIds: number[]): Promise<TermRow[]> {
  if (articleIds.length === 0) return [];
  return db
    .selectFrom("article_terms as at")
    .innerJoin("terms as t", "t.id", "at.term_id")
    .select(["t.id", "at.article_id", "t.kind", "t.name", "t.slug"])
    .where("at.article_id", "in", articleIds)
    .orderBy("at.article_id")
    .orderBy("at.position")
    .execute();
}

/** An author's public fields (`findAuthors`); `avatar_id` is the media id of the avatar. */
export interface AuthorRow {
  id: number;
  username: string;
  avatar_id: number | null;
  avatar_url: string | null;
}

/** Public author fields (id, username, avatar id and url) for the given user ids. */
export async function findAuthors(db: Q, userIds: number[]): Promise<AuthorRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom("users as u")
    .leftJoin("media as m", "m.id", "u.profile_picture_id")
    .select(["u.id", "u.username", "m.id as avatar_id", "m.url as avatar_url"])
    .where("u.id", "in", userIds)
    .execute();
}

/** A thumbnail's URL, size in pixels and alternative text (`findMedia`). */
export interface MediaRow {
  id: number;
  url: string;
  width: number | null;
  height: number | null;
  alternative_text: string | null;
}

/** Media rows by id. */
export async function findMedia(db: Q, ids: number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("media")
    .select(["id", "url", "width", "height", "alternative_text"])
    .where("id", "in", ids)
    .execute();
}

/** Like and bookmark counts per article. */
export async function findReactionCounts(
  db: Q,
  articleIds: number[],
): Promise<{ article_id: number; likes: number; bookmarks: number }[]> {
  if (articleIds.length === 0) return [];
  const likes = db
    .selectFrom("article_likes")
    .select(["article_id", sql<number>`1`.as("l"), sql<number>`0`.as("b")])
    .where("article_id", "in", articleIds);
  const bookmarks = db
    .selectFrom("article_bookmarks")
    .select(["article_id", sql<number>`0`.as("l"), sql<number>`1`.as("b")])
    .where("article_id", "in", articleIds);
  return db
    .selectFrom(likes.unionAll(bookmarks).as("r"))
    .select((eb) => [
      "r.article_id",
      eb.fn.sum<number>("r.l").as("likes"),
      eb.fn.sum<number>("r.b").as("bookmarks"),
    ])
    .groupBy("r.article_id")
    .execute();
}

/**
 * Comments a reader can read per article (docs/product.md#comment-thread): not deleted, and
 * neither hidden nor under a hidden comment (a recursive walk down from the visible top-level
 * comments; a deleted comment's replies still count). The same figure as
 * GET /api/comment-manager/comments/{slug}/count.
 */
export async function findCommentCounts(
  db: Q,
  articleIds: number[],
): Promise<{ article_id: number; n: number }[]> {
  if (articleIds.length === 0) return [];
  const result = await sql<{ article_id: number; n: number }>`
    with recursive visible(id, article_id, deleted_at) as (
      select id, article_id, deleted_at from comments
      where article_id in (${sql.join(articleIds)}) and parent_id is null and hidden_at is null
      union all
      select c.id, c.article_id, c.deleted_at from comments as c
      join visible as v on c.parent_id = v.id
      where c.hidden_at is null
    )
    select article_id, count(*) as n from visible where deleted_at is null group by article_id
  `.execute(db);
  return result.rows;
}

/** The published article with this slug, or null (drafts and future-dated articles are hidden). */
export async function findPublishedIdBySlug(
  db: Q,
  slug: string,
  now: string,
): Promise<number | null> {
  const row = await filtered(db, { slug }, now).select("a.id").executeTakeFirst();
  return row?.id ?? null;
}

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
