// Kysely queries for the public collections: the categories, ecosystems and authors that
// published articles use, with their article counts (docs/product/reader.md#author-pages), and the
// column or subquery each name of their Strapi allow-lists stands for
// (strapi-collections.ts, docs/product/api.md#api-strapi-query).
import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Dialect } from "../../db/client.ts";
import { containsTextIndexed, equalsTextIn } from "../../db/patterns.ts";
import { prepared } from "../../db/prepared.ts";
import type { Database, TermKind } from "../../db/schema.ts";
import type { OrderItem } from "./articles.repository.ts";
import { articleTermRelations } from "./strapi-collections.ts";
import { TRUE, type WhereScope } from "./strapi-where.ts";

type Q = Kysely<Database>;

/** Which rows of a collection, in which order, and which page of them (all when no `limit`). */
export interface CollectionSlice {
  /** A condition on the collection's rows (`t` for terms, `u` for authors), strapi-where.ts. */
  where?: Expression<SqlBool> | undefined;
  order: OrderItem[];
  limit?: number;
  offset?: number;
}

/** Row `r` with its `article_count` as a number (PostgreSQL answers a bigint count as a string). */
function withCountNumber<O extends { article_count: unknown }>(
  r: O,
): Omit<O, "article_count"> & { article_count: number } {
  return { ...r, article_count: Number(r.article_count) };
}

/** The rows of `qb` in `slice.order`, paged when `slice.limit` is given, counts as numbers. */
async function readSlice<DB, TB extends keyof DB, O extends { article_count: unknown }>(
  qb: SelectQueryBuilder<DB, TB, O>,
  slice: CollectionSlice,
): Promise<(Omit<O, "article_count"> & { article_count: number })[]> {
  for (const { column, direction } of slice.order) qb = qb.orderBy(sql.ref(column), direction);
  if (slice.limit !== undefined) qb = qb.limit(slice.limit).offset(slice.offset ?? 0);
  return (await qb.execute()).map(withCountNumber);
}

/** How many rows `qb` gives. */
async function countRows<DB, TB extends keyof DB, O>(
  db: Q,
  qb: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await db
    .selectFrom(qb.as("x"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A term in use, with how many published articles have it (`findTermsInUse`). */
export interface TermInUseRow {
  id: number;
  name: string;
  slug: string;
  article_count: number;
}

/** Terms of `kind` with at least one published, past-dated article, grouped with their count. */
function termsInUse(db: Q, kind: TermKind, now: string, where: CollectionSlice["where"]) {
  let qb = db
    .selectFrom("terms as t")
    .innerJoin("article_terms as at", "at.term_id", "t.id")
    .innerJoin("articles as a", "a.id", "at.article_id")
    .select((eb) => ["t.id", "t.name", "t.slug", eb.fn.countAll<number>().as("article_count")])
    .where("t.kind", "=", kind)
    .where("a.status", "=", "published")
    .where("a.publish_date", "<=", now)
    .groupBy(["t.id", "t.name", "t.slug"]);
  if (where) qb = qb.where(where);
  return qb;
}

/**
 * The terms of `kind` that published, past-dated articles use, with how many, matching
 * `slice.where`, in `slice.order` (columns `t.id`, `t.name`, `t.slug`, `article_count`), paged.
 */
export async function findTermsInUse(
  db: Q,
  kind: TermKind,
  now: string,
  slice: CollectionSlice,
): Promise<TermInUseRow[]> {
  return readSlice(termsInUse(db, kind, now, slice.where), slice);
}

/** How many terms `findTermsInUse` finds without paging. */
export async function countTermsInUse(
  db: Q,
  kind: TermKind,
  now: string,
  where: CollectionSlice["where"],
): Promise<number> {
  return countRows(db, termsInUse(db, kind, now, where));
}

/** A live author with their bio, avatar and number of published articles (`findAuthorsInUse`). */
export interface AuthorInUseRow {
  id: number;
  username: string;
  bio: string | null;
  avatar_id: number | null;
  avatar_url: string | null;
  article_count: number;
}

/** Live users with published, past-dated articles, grouped with their count. */
function authorsInUse(db: Q, now: string, where: CollectionSlice["where"]) {
  let qb = db
    .selectFrom("users as u")
    .innerJoin("articles as a", "a.author_id", "u.id")
    .leftJoin("media as m", "m.id", "u.profile_picture_id")
    .select((eb) => [
      "u.id",
      "u.username",
      "u.bio",
      "m.id as avatar_id",
      "m.url as avatar_url",
      eb.fn.countAll<number>().as("article_count"),
    ])
    .where("u.deleted_at", "is", null)
    .where("a.status", "=", "published")
    .where("a.publish_date", "<=", now)
    .groupBy(["u.id", "u.username", "u.bio", "m.id", "m.url"]);
  if (where) qb = qb.where(where);
  return qb;
}

/**
 * Live (not deleted) users with published, not future-dated articles, with how many, matching
 * `slice.where`, in `slice.order` (columns `u.id`, `u.username`, `article_count`), paged. The
 * pool author pages are found in (docs/product/reader.md#author-pages): members who never published
 * have no page.
 */
export async function findAuthorsInUse(
  db: Q,
  now: string,
  slice: CollectionSlice,
): Promise<AuthorInUseRow[]> {
  return readSlice(authorsInUse(db, now, slice.where), slice);
}

const authorCountsQuery = prepared((db, v: { now: string }) =>
  db
    .selectFrom("articles as a")
    .select((eb) => ["a.author_id", eb.fn.countAll<number>().as("n")])
    .where("a.status", "=", "published")
    .where("a.publish_date", "<=", v.now)
    .where("a.author_id", "is not", null)
    .groupBy("a.author_id"),
);

/**
 * The author of every published, past-dated article and how many they have, by user id: the
 * library's side of `findAuthorsInUse` (a walk of `articles_published_covering`, which holds the
 * author: no article row is read), for the library memo; whose accounts are live is the users'.
 */
export async function findAuthorCounts(db: Q, now: string): Promise<Map<number, number>> {
  const rows = await authorCountsQuery(db, { now });
  return new Map(rows.map((r) => [Number(r.author_id), Number(r.n)]));
}

/**
 * The live (not deleted) users among `ids`, lowest id first, with their bio and avatar: the
 * users' side of `findAuthorsInUse`, read per request so a rename or a deleted account shows at
 * once. One statement.
 */
export async function findLiveProfiles(
  db: Q,
  ids: number[],
): Promise<Omit<AuthorInUseRow, "article_count">[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("users as u")
    .leftJoin("media as m", "m.id", "u.profile_picture_id")
    .select(["u.id", "u.username", "u.bio", "m.id as avatar_id", "m.url as avatar_url"])
    .where("u.id", "in", ids)
    .where("u.deleted_at", "is", null)
    .orderBy("u.id")
    .execute();
}

/** How many authors `findAuthorsInUse` finds without paging. */
export async function countAuthorsInUse(
  db: Q,
  now: string,
  where: CollectionSlice["where"],
): Promise<number> {
  return countRows(db, authorsInUse(db, now, where));
}

/**
 * The ids of the users named `name` in any case (`lower(username) = lower(name)`, deleted accounts
 * too), ascending: the articles' `author` filter (docs/product/api.md#api-articles). Found through
 * the usernames' trigram index (`containsTextIndexed`), so neither this read nor the articles'
 * query probes the users per article; a name under 3 characters reads every member.
 */
export async function findUserIdsNamed(db: Q, dialect: Dialect, name: string): Promise<number[]> {
  const username = sql.ref("u.username");
  const index = { table: "member_names", column: "username", id: sql.ref<number>("u.id") } as const;
  const rows = await db
    .selectFrom("users as u")
    .select("u.id")
    .where(containsTextIndexed(dialect, [username], name, index))
    .where(equalsTextIn(username, [name]))
    .orderBy("u.id")
    .execute();
  return rows.map((r) => r.id);
}

/** The columns of a related category, tag, ecosystem or type (`t`). */
const termColumns = { id: "t.id", name: "t.name", slug: "t.slug" };

/** `exists (select 1 from <terms of a.id of kind> where <where>)` (any such term without `where`). */
function termExists(db: Kysely<Database>, kind: TermKind) {
  return (where: Expression<SqlBool> = TRUE) =>
    sql<SqlBool>`exists ${db
      .selectFrom("article_terms as at")
      .innerJoin("terms as t", "t.id", "at.term_id")
      .select(sql.lit(1).as("one"))
      .where(sql<SqlBool>`at.article_id = a.id`)
      .where("t.kind", "=", kind)
      .where(where)}`;
}

/**
 * The columns and subqueries of `articleSpec` (strapi-collections.ts), over the published-articles
 * query `a` (articles.repository.ts `findPublishedPage`).
 */
export function articleScope(db: Kysely<Database>): WhereScope {
  return {
    columns: {
      id: "a.id",
      title: "a.title",
      subTitle: "a.sub_title",
      slug: "a.slug",
      excerpt: "a.excerpt",
      publishDate: "a.publish_date",
      publishedAt: "a.publish_date",
      clicks: "a.clicks",
      readingTimeMinutes: "a.reading_time_minutes",
    },
    trigram: {
      title: { table: "article_titles", id: "a.id" },
      subTitle: { table: "article_texts", column: "sub_title", id: "a.id" },
      slug: { table: "article_texts", column: "slug", id: "a.id" },
      excerpt: { table: "article_texts", column: "excerpt", id: "a.id" },
    },
    relations: {
      // The matching users' ids, read once (a name through its trigram index), not a probe of
      // the users table per article in range (docs/scale.md#where-totals).
      author: {
        scope: {
          columns: { id: "u.id", username: "u.username" },
          trigram: { username: { table: "member_names", column: "username", id: "u.id" } },
        },
        exists: (where = TRUE) =>
          sql<SqlBool>`(a.author_id is not null and a.author_id in ${db
            .selectFrom("users as u")
            .select("u.id")
            .where(where)})`,
      },
      ...Object.fromEntries(
        Object.entries(articleTermRelations).map(([relation, kind]) => [
          relation,
          { scope: { columns: termColumns }, exists: termExists(db, kind) },
        ]),
      ),
    },
  };
}

/** The columns of `termSpec` (strapi-collections.ts) over `findTermsInUse`. */
export const termScope: WhereScope = {
  columns: { ...termColumns, articleCount: "article_count" },
};

/** The columns of `authorSpec` (strapi-collections.ts) over `findAuthorsInUse`. */
export const authorScope: WhereScope = {
  columns: { id: "u.id", username: "u.username", articleCount: "article_count" },
};
