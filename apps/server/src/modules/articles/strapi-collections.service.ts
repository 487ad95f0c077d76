// Reads of the public collections in Strapi v4's query language: articles, categories, ecosystems
// and authors, as find (a filtered, sorted page) and findOne (by id)
// (docs/product/api.md#api-strapi-query).
import {
  authorSlug,
  paginationMeta,
  type StrapiArticle,
  type StrapiAuthor,
  type StrapiPaginationMeta,
  type StrapiTerm,
} from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import { NotFoundError } from "../../errors.ts";
import type { Condition } from "../../http/strapi-filters.ts";
import type { Pagination, StrapiFindOneQuery, StrapiFindQuery } from "../../http/strapi-query.ts";
import * as repo from "./articles.repository.ts";
import { loadTerms } from "./article-cards.ts";
import * as collections from "./collections.repository.ts";
import { articleEntity, mediaRelation, pick, type ResponseShape } from "./strapi-entities.ts";
import { orderOf, type WhereScope, whereOf } from "./strapi-where.ts";

/** A page of entities with Strapi's pagination meta. */
export interface StrapiList<T> {
  data: T[];
  meta: { pagination: StrapiPaginationMeta };
}
/** One entity (findOne), with Strapi's empty meta. */
export interface StrapiOne<T> {
  data: T;
  meta: Record<string, never>;
}

/** The term collections readers can list: categories and ecosystems. */
export type PublicTermKind = "category" | "ecosystem";

/**
 * The public collections in Strapi v4's query language (docs/product/api.md#api-strapi-query). Only
 * what readers may see exists: published, past-dated articles, the terms they use, the live
 * authors who wrote them. Every find answers `meta.pagination` by page or by offset, as asked;
 * every findOne throws NotFoundError (404) for an id that is not there.
 */
export interface StrapiCollectionsService {
  findArticles(query: StrapiFindQuery, shape: ResponseShape): Promise<StrapiList<StrapiArticle>>;
  findArticle(
    id: number,
    query: StrapiFindOneQuery,
    shape: ResponseShape,
  ): Promise<StrapiOne<StrapiArticle>>;
  findTerms(kind: PublicTermKind, query: StrapiFindQuery): Promise<StrapiList<StrapiTerm>>;
  findTerm(
    kind: PublicTermKind,
    id: number,
    query: StrapiFindOneQuery,
  ): Promise<StrapiOne<StrapiTerm>>;
  findAuthors(query: StrapiFindQuery): Promise<StrapiList<StrapiAuthor>>;
  findAuthor(id: number, query: StrapiFindOneQuery): Promise<StrapiOne<StrapiAuthor>>;
}

interface Ctx {
  k: Db["kysely"];
  dialect: Db["dialect"];
  nowIso: () => string;
  articles: WhereScope;
}

/** The rows of a pagination: LIMIT and OFFSET. */
function windowOf(p: Pagination): { limit: number; offset: number } {
  return p.kind === "page"
    ? { limit: p.pageSize, offset: (p.page - 1) * p.pageSize }
    : { limit: p.limit, offset: p.start };
}

/** `meta.pagination` of `p`, with the count when it was counted (Strapi's `withCount`). */
function metaOf(p: Pagination, total: number | undefined): StrapiPaginationMeta {
  if (p.kind === "page") {
    return total === undefined
      ? { page: p.page, pageSize: p.pageSize }
      : paginationMeta(p.page, p.pageSize, total);
  }
  return total === undefined
    ? { start: p.start, limit: p.limit }
    : { start: p.start, limit: p.limit, total };
}

/** The attributes only a full article has: asking for one reads the content. */
const fullArticleFields = ["content", "body", "updatedAt", "source"];

/** `filters[slug][$eq]`, alone or among others: the old client reading one article in full. */
function isSlugLookup(c: Condition): boolean {
  if (c.kind === "and") return c.of.some(isSlugLookup);
  return c.kind === "field" && c.field === "slug" && c.operator === "$eq";
}

/** `{ kind: field, id $eq id }`: findOne as a find. */
function byId(id: number): Condition {
  return { kind: "field", field: "id", operator: "$eq", value: id };
}

async function findArticles(ctx: Ctx, query: StrapiFindQuery, shape: ResponseShape) {
  const now = ctx.nowIso();
  const filter = { where: query.filters && whereOf(query.filters, ctx.articles, ctx.dialect) };
  const withContent = query.fields
    ? query.fields.some((f) => fullArticleFields.includes(f))
    : query.filters !== undefined && isSlugLookup(query.filters);
  const order = orderOf(query.sort ?? [], ctx.articles, repo.articleOrders.date);
  const withCount = query.pagination.withCount;
  const page = { ...windowOf(query.pagination), order, now, withContent, withCount };
  const { rows, total } = await repo.findPublishedPage(ctx.k, ctx.dialect, filter, page);
  const terms = await loadTerms(ctx.k, rows);
  return {
    data: rows.map((r, i) => articleEntity(r, terms[i] ?? [], shape, query)),
    meta: { pagination: metaOf(query.pagination, total) },
  };
}

async function findArticle(ctx: Ctx, id: number, query: StrapiFindOneQuery, shape: ResponseShape) {
  const now = ctx.nowIso();
  const order = repo.articleOrders.date;
  const { rows } = await repo.findPublishedPage(
    ctx.k,
    ctx.dialect,
    { ids: [id] },
    { order, limit: 1, offset: 0, now, withContent: true, withCount: false },
  );
  const [row] = rows;
  if (!row) throw new NotFoundError();
  const [terms = []] = await loadTerms(ctx.k, rows);
  return { data: articleEntity(row, terms, shape, query), meta: {} };
}

/** The slice of a collection a find asks for, its order tie-broken on `tiebreak`. */
function sliceOf(ctx: Ctx, query: StrapiFindQuery, scope: WhereScope, tiebreak: string) {
  return {
    where: query.filters && whereOf(query.filters, scope, ctx.dialect),
    order: orderOf(query.sort ?? [], scope, [{ column: tiebreak, direction: "asc" }]),
    ...windowOf(query.pagination),
  };
}

async function findTerms(ctx: Ctx, kind: PublicTermKind, query: StrapiFindQuery) {
  const now = ctx.nowIso();
  const slice = sliceOf(ctx, query, collections.termScope, "t.id");
  const [total, rows] = await Promise.all([
    query.pagination.withCount
      ? collections.countTermsInUse(ctx.k, kind, now, slice.where)
      : undefined,
    collections.findTermsInUse(ctx.k, kind, now, slice),
  ]);
  const data: StrapiTerm[] = rows.map((r) => ({
    id: r.id,
    attributes: pick({ name: r.name, slug: r.slug, articleCount: r.article_count }, query.fields),
  }));
  return { data, meta: { pagination: metaOf(query.pagination, total) } };
}

async function findAuthors(ctx: Ctx, query: StrapiFindQuery) {
  const now = ctx.nowIso();
  const slice = sliceOf(ctx, query, collections.authorScope, "u.id");
  const [total, rows] = await Promise.all([
    query.pagination.withCount ? collections.countAuthorsInUse(ctx.k, now, slice.where) : undefined,
    collections.findAuthorsInUse(ctx.k, now, slice),
  ]);
  const picture = query.populate?.profilePicture;
  const data: StrapiAuthor[] = rows.map((r) => {
    const own = { username: r.username, slug: authorSlug(r.username), bio: r.bio };
    const attributes: StrapiAuthor["attributes"] = pick(
      { ...own, articleCount: r.article_count },
      query.fields,
    );
    if (picture) {
      attributes.profilePicture = mediaRelation(
        r.avatar_id,
        { url: r.avatar_url ?? "" },
        picture.fields,
      );
    }
    return { id: r.id, attributes };
  });
  return { data, meta: { pagination: metaOf(query.pagination, total) } };
}

/** The one entity of a find by id, or NotFoundError. */
async function only<T>(found: Promise<StrapiList<T>>): Promise<StrapiOne<T>> {
  const [data] = (await found).data;
  if (data === undefined) throw new NotFoundError();
  return { data, meta: {} };
}

/** findOne of terms and authors: a find by id, one row, no count. */
function findOneQuery(id: number, query: StrapiFindOneQuery): StrapiFindQuery {
  return {
    ...query,
    filters: byId(id),
    pagination: { kind: "page", page: 1, pageSize: 1, withCount: false },
  };
}

/**
 * Builds the service over `db`; `nowIso` gives the current time (ISO 8601) that decides which
 * publish dates are past (articles.service.ts's clock).
 */
export function createStrapiCollections(db: Db, nowIso: () => string): StrapiCollectionsService {
  const ctx: Ctx = {
    k: db.kysely,
    dialect: db.dialect,
    nowIso,
    articles: collections.articleScope(db.kysely),
  };
  return {
    findArticles: (query, shape) => findArticles(ctx, query, shape),
    findArticle: (id, query, shape) => findArticle(ctx, id, query, shape),
    findTerms: (kind, query) => findTerms(ctx, kind, query),
    findTerm: (kind, id, query) => only(findTerms(ctx, kind, findOneQuery(id, query))),
    findAuthors: (query) => findAuthors(ctx, query),
    findAuthor: (id, query) => only(findAuthors(ctx, findOneQuery(id, query))),
  };
}
