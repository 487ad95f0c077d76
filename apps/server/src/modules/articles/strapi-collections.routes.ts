// HTTP for the public collections in Strapi v4's query language
// (docs/product/api.md#api-strapi-query): GET /api/articles, /api/categories, /api/ecosystems,
// /api/authors and each one by id.
import type { FastifyReply } from "fastify";
import { z } from "zod";
import {
  idPathParam,
  strapiArticleSchema,
  strapiAuthorSchema,
  strapiEntityResponseSchema,
  strapiListResponseSchema,
  strapiTermSchema,
} from "@pragmatist/contracts";
import { PUBLIC_READ } from "../../http/cache.ts";
import { errorResponses } from "../../http/responses.ts";
import type { ZodRoutes } from "../../http/routes.ts";
import { findOneQuerySchema, findQuerySchema, readNestedQuery } from "../../http/strapi-query.ts";
import type { PublicTermKind, StrapiCollectionsService } from "./strapi-collections.service.ts";
import { articleSpec, authorSpec, termSpec } from "./strapi-collections.ts";
import type { ResponseShape } from "./strapi-entities.ts";

const errors = errorResponses(400, 404);
const tags = ["collections"];
const idParams = z.object({ id: idPathParam });

/** The header that asks for Strapi v4's shape (Strapi 5's name for it); other values are a 400. */
const shapeHeaders = z.looseObject({
  "strapi-response-format": z
    .literal("v4")
    .optional()
    .meta({ description: "v4: relations only when populated, as { data: { id, attributes } }" }),
});

/**
 * The shape an article answer takes, from its request's headers; the reply says it varies by the
 * header (RFC 9110 §12.5.5), as the response cache keys it.
 */
function shapeOf(
  headers: { "strapi-response-format"?: "v4" | undefined },
  reply: FastifyReply,
): ResponseShape {
  reply.header("vary", "Strapi-Response-Format");
  return headers["strapi-response-format"] === "v4" ? "v4" : "ours";
}

/** GET /api/articles and GET /api/articles/{id}: the old client's list and Strapi's find/findOne. */
function articleRoutes(r: ZodRoutes, collections: StrapiCollectionsService) {
  const config = PUBLIC_READ;
  r.get(
    "/api/articles",
    {
      config,
      preValidation: readNestedQuery,
      schema: {
        tags: ["articles"],
        summary:
          "A page of published articles (Strapi v4 query language); with filters[slug][$eq], that article with its content",
        querystring: findQuerySchema(articleSpec, 25),
        headers: shapeHeaders,
        response: { 200: strapiListResponseSchema(strapiArticleSchema), ...errors },
      },
    },
    async (req, reply) => collections.findArticles(req.query, shapeOf(req.headers, reply)),
  );
  r.get(
    "/api/articles/:id",
    {
      config,
      preValidation: readNestedQuery,
      schema: {
        tags: ["articles"],
        summary: "One published article with its content, by id (Strapi's findOne)",
        params: idParams,
        querystring: findOneQuerySchema(articleSpec),
        headers: shapeHeaders,
        response: { 200: strapiEntityResponseSchema(strapiArticleSchema), ...errors },
      },
    },
    async (req, reply) =>
      collections.findArticle(req.params.id, req.query, shapeOf(req.headers, reply)),
  );
}

/** GET /api/{categories|ecosystems} and …/{id}: the terms published articles use. */
function termRoutes(r: ZodRoutes, collections: StrapiCollectionsService) {
  for (const [path, kind] of [
    ["categories", "category"],
    ["ecosystems", "ecosystem"],
  ] as const satisfies [string, PublicTermKind][]) {
    const common = { config: PUBLIC_READ, preValidation: readNestedQuery };
    r.get(
      `/api/${path}`,
      {
        ...common,
        schema: {
          tags,
          summary: `The ${path} of published articles, with their article counts (Strapi v4 find)`,
          querystring: findQuerySchema(termSpec, 25),
          response: { 200: strapiListResponseSchema(strapiTermSchema), ...errors },
        },
      },
      async (req) => collections.findTerms(kind, req.query),
    );
    r.get(
      `/api/${path}/:id`,
      {
        ...common,
        schema: {
          tags,
          summary: `One of the ${path} of published articles, by id (Strapi v4 findOne)`,
          params: idParams,
          querystring: findOneQuerySchema(termSpec),
          response: { 200: strapiEntityResponseSchema(strapiTermSchema), ...errors },
        },
      },
      async (req) => collections.findTerm(kind, req.params.id, req.query),
    );
  }
}

/** GET /api/authors and GET /api/authors/{id}: the live authors of published articles. */
function authorRoutes(r: ZodRoutes, collections: StrapiCollectionsService) {
  const common = { config: PUBLIC_READ, preValidation: readNestedQuery };
  r.get(
    "/api/authors",
    {
      ...common,
      schema: {
        tags,
        summary: "The authors of published articles, with their article counts (Strapi v4 find)",
        querystring: findQuerySchema(authorSpec, 25),
        response: { 200: strapiListResponseSchema(strapiAuthorSchema), ...errors },
      },
    },
    async (req) => collections.findAuthors(req.query),
  );
  r.get(
    "/api/authors/:id",
    {
      ...common,
      schema: {
        tags,
        summary: "One author of published articles, by user id (Strapi v4 findOne)",
        params: idParams,
        querystring: findOneQuerySchema(authorSpec),
        response: { 200: strapiEntityResponseSchema(strapiAuthorSchema), ...errors },
      },
    },
    async (req) => collections.findAuthor(req.params.id, req.query),
  );
}

/**
 * Registers the public collections' Strapi reads on `r`: each is public and declares the
 * response cache (`PUBLIC_READ`), whose key includes `Strapi-Response-Format`.
 */
export function strapiCollectionRoutes(r: ZodRoutes, collections: StrapiCollectionsService) {
  articleRoutes(r, collections);
  termRoutes(r, collections);
  authorRoutes(r, collections);
}
