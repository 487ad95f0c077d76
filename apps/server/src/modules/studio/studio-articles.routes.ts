// HTTP for writing in the studio (docs/product/studio.md#studio): POST/PUT/DELETE /api/articles in
// the Strapi convention and the staff reads under /api/studio/articles. Rules live in
// studio-articles.service.ts.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  articleStatsSchema,
  createArticleBodySchema,
  idPathParam,
  revisionListSchema,
  revisionResponseSchema,
  studioArticleListSchema,
  studioArticleQuerySchema,
  studioArticleResponseSchema,
  studioTermsSchema,
  updateArticleBodySchema,
} from "@pragmatist/contracts";
import { studioRoute } from "../access/studio-http.ts";
import type { ZodRoutes } from "../../http/routes.ts";
import type { StudioArticlesService } from "./studio-articles.service.ts";

const idParams = z.object({ id: idPathParam });
const revisionParams = z.object({ id: idPathParam, revisionId: idPathParam });

/**
 * DELETE /api/articles/{id} and GET /api/studio/articles/{id}: one article by the id in its path,
 * each after the role check for its `action`, answered with what the service's `run` returns for
 * the caller as `{ data: article, meta: {} }` (the Strapi single-entry shape).
 */
function oneArticleRoutes(r: ZodRoutes, articles: StudioArticlesService) {
  const routes = [
    {
      method: "delete",
      url: "/api/articles/:id",
      action: "article.delete",
      summary: "Deletes an article (editors; authors their own drafts)",
      run: "remove",
    },
    {
      method: "get",
      url: "/api/studio/articles/:id",
      action: "article.read",
      summary: "One article in any status, with its Markdown",
      run: "get",
    },
  ] as const;
  for (const { method, url, action, summary, run } of routes) {
    r[method](
      url,
      studioRoute(action, {
        summary,
        params: idParams,
        response: { 200: studioArticleResponseSchema },
      }),
      async (req) => ({ data: await articles[run](req.user, req.params.id), meta: {} }),
    );
  }
}

/** POST /api/articles, PUT /api/articles/{id}: Strapi-style writes (DELETE: oneArticleRoutes). */
function articleWriteRoutes(r: ZodRoutes, articles: StudioArticlesService) {
  r.post(
    "/api/articles",
    studioRoute("article.create", {
      summary: "Writes an article (authors: drafts only; editors may publish or schedule)",
      body: createArticleBodySchema,
      response: { 201: studioArticleResponseSchema },
    }),
    async (req, reply) => {
      const data = await articles.create(req.user, req.body.data);
      return reply.status(201).send({ data, meta: {} });
    },
  );

  r.put(
    "/api/articles/:id",
    studioRoute("article.edit", {
      summary:
        "Saves changes (autosave-safe: unchanged saves write nothing; data.updatedAt detects conflicts with 409)",
      params: idParams,
      body: updateArticleBodySchema,
      response: { 200: studioArticleResponseSchema },
    }),
    async (req) => ({
      data: await articles.update(req.user, req.params.id, req.body.data),
      meta: {},
    }),
  );
}

/** GET /api/studio/articles: the staff list of articles in any status. */
function studioArticleListRoute(r: ZodRoutes, articles: StudioArticlesService) {
  r.get(
    "/api/studio/articles",
    studioRoute("article.list", {
      summary: "Articles in any status by title, state, type and author (authors: their own)",
      querystring: studioArticleQuerySchema,
      response: { 200: studioArticleListSchema },
    }),
    async (req) => articles.list(req.user, req.query),
  );
}

/** GET /api/studio/terms: the categories, tags and ecosystems the editor's term fields offer. */
function termsRoute(r: ZodRoutes, articles: StudioArticlesService) {
  r.get(
    "/api/studio/terms",
    studioRoute("article.list", {
      summary:
        "The categories, tags and ecosystems in use, most used first (authors: visible ones)",
      response: { 200: studioTermsSchema },
    }),
    async (req) => ({ data: await articles.terms(req.user) }),
  );
}

/** GET /api/studio/articles/{id}/stats: the article's last 30 days. */
function statsRoute(r: ZodRoutes, articles: StudioArticlesService) {
  r.get(
    "/api/studio/articles/:id/stats",
    studioRoute("article.read", {
      summary: "Views, likes, bookmarks and comments of the last 30 days",
      params: idParams,
      response: { 200: articleStatsSchema },
    }),
    async (req) => ({ data: await articles.stats(req.user, req.params.id) }),
  );
}

/** The revisions of an article: list, one with its content, and restoring one. */
function revisionRoutes(r: ZodRoutes, articles: StudioArticlesService) {
  r.get(
    "/api/studio/articles/:id/revisions",
    studioRoute("article.read", {
      summary: "The article's saved versions, newest first (without content)",
      params: idParams,
      response: { 200: revisionListSchema },
    }),
    async (req) => ({ data: await articles.listRevisions(req.user, req.params.id) }),
  );

  r.get(
    "/api/studio/articles/:id/revisions/:revisionId",
    studioRoute("article.read", {
      summary: "One saved version with its content, to compare with the current text",
      params: revisionParams,
      response: { 200: revisionResponseSchema },
    }),
    async (req) => ({
      data: await articles.getRevision(req.user, req.params.id, req.params.revisionId),
    }),
  );

  r.post(
    "/api/studio/articles/:id/revisions/:revisionId/restore",
    studioRoute("article.edit", {
      summary: "Puts a saved version's text back (a save: it keeps a new revision)",
      params: revisionParams,
      response: { 200: studioArticleResponseSchema },
    }),
    async (req) => ({
      data: await articles.restoreRevision(req.user, req.params.id, req.params.revisionId),
      meta: {},
    }),
  );
}

/**
 * Registers the article writes (POST /api/articles, PUT and DELETE /api/articles/{id}) and the
 * studio's article reads under /api/studio/articles (list, one, revisions, restore, stats) and
 * /api/studio/terms.
 */
export function studioArticlesRoutes(
  app: FastifyInstance,
  deps: { articles: StudioArticlesService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  articleWriteRoutes(r, deps.articles);
  studioArticleListRoute(r, deps.articles);
  oneArticleRoutes(r, deps.articles);
  statsRoute(r, deps.articles);
  termsRoute(r, deps.articles);
  revisionRoutes(r, deps.articles);
}
