// HTTP for the article library (docs/product/api.md#api-articles): schemas, status codes, calls the
// service.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  articleListResponseSchema,
  articleTypes,
  countResponseSchema,
  pageParam,
  pageSizeParam,
} from "@pragmatist/contracts";
import { PUBLIC_READ } from "../../http/cache.ts";
import { boolParam, csvParam, idsParam, strictQuery } from "../../http/query.ts";
import type { ArticlesService } from "./articles.service.ts";
import { strapiCollectionRoutes } from "./strapi-collections.routes.ts";
import { errorResponses } from "../../http/responses.ts";
import type { ZodRoutes } from "../../http/routes.ts";

const errors = errorResponses(400, 404);

/** GET /api/articles/params: the filtered list (docs/product/api.md#api-articles). */
const paramsSchema = {
  tags: ["articles"],
  summary:
    "A filtered page of published articles (filters: categories, author, tags, types, sortedByClicks)",
  querystring: strictQuery({
    categories: csvParam.optional(),
    tags: csvParam.optional(),
    ecosystems: csvParam.optional(),
    withEcosystem: boolParam.optional(),
    types: csvParam.pipe(z.array(z.enum(articleTypes))).optional(),
    author: z.string().min(1).max(80).optional(),
    sortedByClicks: boolParam.optional(),
    page: pageParam.default(1),
    pageSize: pageSizeParam.default(10),
  }),
  response: { 200: articleListResponseSchema, ...errors },
};

/** GET /api/articles/populate-fuzzy: cards by ids in search-rank order. */
const populateFuzzySchema = {
  tags: ["articles"],
  summary: "Published articles by ids, in the order given (search rank), paged",
  querystring: strictQuery({
    articleIds: idsParam,
    page: pageParam.default(1),
    pageSize: pageSizeParam.default(20),
    type: z.enum(articleTypes).optional(),
  }),
  response: { 200: articleListResponseSchema, ...errors },
};

/** GET /api/articles/count. */
const countSchema = {
  tags: ["articles"],
  summary: "How many articles readers can find",
  response: { 200: countResponseSchema },
};

/** GET /api/taxonomies/{categories|ecosystems}. */
const taxonomiesSchema = {
  tags: ["articles"],
  summary: "Categories or ecosystems that have published articles, with their counts",
  params: z.object({ kind: z.enum(["categories", "ecosystems"]) }),
  response: {
    200: z.object({
      data: z.array(
        z.object({ name: z.string(), slug: z.string(), articleCount: z.number().int() }),
      ),
    }),
    ...errors,
  },
};

/** GET /api/articles/params: the filtered list. */
function paramsRoute(r: ZodRoutes, articles: ArticlesService) {
  r.get("/api/articles/params", { config: PUBLIC_READ, schema: paramsSchema }, async (req) => {
    const q = req.query;
    return articles.list({
      page: q.page,
      pageSize: q.pageSize,
      sort: q.sortedByClicks ? "clicks" : "date",
      filter: {
        categories: q.categories,
        tags: q.tags,
        ecosystems: q.ecosystems,
        hasEcosystem: q.withEcosystem,
        types: q.types,
        author: q.author,
      },
    });
  });
}

/** GET /api/articles/populate-fuzzy, /api/articles/count and /api/taxonomies/{kind}. */
function lookupRoutes(r: ZodRoutes, articles: ArticlesService) {
  r.get(
    "/api/articles/populate-fuzzy",
    { config: PUBLIC_READ, schema: populateFuzzySchema },
    async (req) => {
      const { articleIds, page, pageSize, type } = req.query;
      return articles.listByIds(articleIds, { page, pageSize, ...(type ? { type } : {}) });
    },
  );

  r.get("/api/articles/count", { config: PUBLIC_READ, schema: countSchema }, async () => ({
    count: await articles.count(),
  }));

  r.get(
    "/api/taxonomies/:kind",
    { config: PUBLIC_READ, schema: taxonomiesSchema },
    async (req) => ({
      data: await articles.listTerms(req.params.kind === "categories" ? "category" : "ecosystem"),
    }),
  );
}

/**
 * Registers the /api/articles reads, /api/taxonomies and the public collections in Strapi's query
 * language (strapi-collections.routes.ts) on `app`; every one is public and declares the
 * response cache (`PUBLIC_READ`). POST /api/articles/{slug}/increment-clicks is a page
 * view (modules/analytics); search is modules/search.
 */
export function articlesRoutes(app: FastifyInstance, deps: { articles: ArticlesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  paramsRoute(r, deps.articles);
  lookupRoutes(r, deps.articles);
  strapiCollectionRoutes(r, deps.articles.collections);
}
