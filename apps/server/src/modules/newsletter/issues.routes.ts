// HTTP for newsletter issues (docs/product/newsletter.md#newsletter-sending): the studio's calls
// under /api/studio/newsletter (editors and admins), the public archive and web versions, and the
// click redirect /r/{token}.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createIssueBodySchema,
  idPathParam,
  issuePreviewSchema,
  issueStatsSchema,
  issueTestSchema,
  publicIssueListSchema,
  publicIssueQuerySchema,
  publicIssueResponseSchema,
  sendIssueBodySchema,
  slugSchema,
  studioIssueListSchema,
  studioIssueQuerySchema,
  studioIssueResponseSchema,
  updateIssueBodySchema,
} from "@pragmatist/contracts";
import { PUBLIC_READ } from "../../http/cache.ts";
import { errorResponses } from "../../http/responses.ts";
import { NotFoundError } from "../../errors.ts";
import { allow, errors, tags } from "../access/studio-http.ts";
import type { IssuesService } from "./issues.service.ts";

const idParams = z.object({ id: idPathParam });
const manage = allow("newsletter.manage");
const studioErrors = { ...errors, ...errorResponses(429) };
const one = studioIssueResponseSchema;
const path = "/api/studio/newsletter/issues";

/** GET, POST /api/studio/newsletter/issues and GET, PUT, DELETE …/{id}. */
function draftRoutes(app: FastifyInstance, issues: IssuesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    path,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: "Newsletter issues, newest first, by status",
        querystring: studioIssueQuerySchema,
        response: { 200: studioIssueListSchema, ...studioErrors },
      },
    },
    async (req) => issues.list(req.user, req.query),
  );
  r.post(
    path,
    {
      config: { rateLimits: ["newsletter-issue-writes"] },
      preValidation: manage,
      schema: {
        tags,
        summary:
          "Creates a draft issue: a post from one article, or a digest of the week's articles",
        body: createIssueBodySchema,
        response: { 201: one, ...studioErrors },
      },
    },
    async (req, reply) =>
      reply.code(201).send({ data: await issues.create(req.user, req.body.data), meta: {} }),
  );
  r.get(
    `${path}/:id`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: "One issue",
        params: idParams,
        response: { 200: one, ...studioErrors },
      },
    },
    async (req) => ({ data: await issues.get(req.user, req.params.id), meta: {} }),
  );
  r.put(
    `${path}/:id`,
    {
      config: { rateLimits: ["newsletter-issue-writes"] },
      preValidation: manage,
      schema: {
        tags,
        summary: "Changes a draft issue (409 once its send started)",
        params: idParams,
        body: updateIssueBodySchema,
        response: { 200: one, ...studioErrors },
      },
    },
    async (req) => ({
      data: await issues.update(req.user, req.params.id, req.body.data),
      meta: {},
    }),
  );
  r.delete(
    `${path}/:id`,
    {
      config: { rateLimits: ["newsletter-issue-writes"] },
      preValidation: manage,
      schema: {
        tags,
        summary: "Deletes a draft issue; answers it as it was (409 once its send started)",
        params: idParams,
        response: { 200: one, ...studioErrors },
      },
    },
    async (req) => ({ data: await issues.remove(req.user, req.params.id), meta: {} }),
  );
}

/** …/{id}/preview, …/test, …/send, …/cancel and …/stats. */
function sendingRoutes(app: FastifyInstance, issues: IssuesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${path}/:id/preview`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: "The mail as it would go out now: subject, HTML and plain text",
        params: idParams,
        response: { 200: issuePreviewSchema, ...studioErrors },
      },
    },
    async (req) => ({ data: await issues.preview(req.user, req.params.id) }),
  );
  r.post(
    `${path}/:id/test`,
    {
      config: { rateLimits: ["newsletter-issue-tests"] },
      preValidation: manage,
      schema: {
        tags,
        summary: "Sends the issue to the signed-in editor's own address (10 an hour)",
        params: idParams,
        response: { 200: issueTestSchema, ...studioErrors },
      },
    },
    async (req) => ({ data: await issues.sendTest(req.user, req.params.id, req.log) }),
  );
  r.post(
    `${path}/:id/send`,
    {
      config: { rateLimits: ["newsletter-issue-writes"] },
      preValidation: manage,
      schema: {
        tags,
        summary:
          "Freezes the recipients (the one list's confirmed addresses, each once) and starts sending (202); 409 unless a draft",
        params: idParams,
        body: sendIssueBodySchema,
        response: { 202: one, ...studioErrors },
      },
    },
    async (req, reply) => {
      const issue = await issues.send(req.user, req.params.id);
      return reply.code(202).send({ data: issue, meta: {} });
    },
  );
  r.post(
    `${path}/:id/cancel`,
    {
      config: { rateLimits: ["newsletter-issue-writes"] },
      preValidation: manage,
      schema: {
        tags,
        summary: "Stops a send in progress: deliveries not yet handed to SMTP are cancelled",
        params: idParams,
        response: { 200: one, ...studioErrors },
      },
    },
    async (req) => ({ data: await issues.cancel(req.user, req.params.id), meta: {} }),
  );
  r.get(
    `${path}/:id/stats`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary:
          "Recipients, sent, failed, bounced, pending, unsubscribes and clicks (tracking on)",
        params: idParams,
        response: { 200: issueStatsSchema, ...studioErrors },
      },
    },
    async (req) => ({ data: await issues.stats(req.user, req.params.id) }),
  );
}

/** GET /api/newsletter/issues, …/{slug} and /r/{token}: what readers reach without signing in. */
function publicRoutes(app: FastifyInstance, issues: IssuesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/newsletter/issues",
    {
      config: PUBLIC_READ,
      schema: {
        tags: ["newsletter"],
        summary: "The archive: issues that went out, newest first",
        querystring: publicIssueQuerySchema,
        response: { 200: publicIssueListSchema, ...errorResponses(400) },
      },
    },
    async (req) => issues.archive(req.query),
  );
  r.get(
    "/api/newsletter/issues/:slug",
    {
      config: PUBLIC_READ,
      schema: {
        tags: ["newsletter"],
        summary: "The web version of an issue (/newsletter/{slug}) once its send started",
        params: z.object({ slug: slugSchema }),
        response: { 200: publicIssueResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (req) => ({ data: await issues.webVersion(req.params.slug), meta: {} }),
  );
  r.get(
    "/r/:token",
    {
      config: { rateLimits: ["newsletter-clicks"] },
      schema: {
        tags: ["newsletter"],
        summary: "A newsletter link: redirects (302) to this site or a listed host; 404 otherwise",
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
        response: errorResponses(400, 404),
      },
    },
    async (req, reply) => {
      const target = await issues.follow(req.params.token, req.ip);
      if (!target) throw new NotFoundError("Link not found");
      return reply.header("cache-control", "no-store").redirect(target, 302);
    },
  );
}

/** Registers the studio's issue calls, the public archive and web versions, and /r/{token}. */
export function issuesRoutes(app: FastifyInstance, deps: { issues: IssuesService }) {
  draftRoutes(app, deps.issues);
  sendingRoutes(app, deps.issues);
  publicRoutes(app, deps.issues);
}
