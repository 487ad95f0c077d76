// HTTP for moderation in the studio (docs/product/studio.md#studio): the reports queue, answering
// reports, hide, unhide and delete of a comment, ban and unban of a member. Rules live in moderation.service.ts.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  banBodySchema,
  banSchema,
  idPathParam,
  reportAnswerSchema,
  moderatedCommentListSchema,
  reportQuerySchema,
  studioCommentQuerySchema,
} from "@pragmatist/contracts";
import type { ModerationService } from "./moderation.service.ts";
import { studioRoute } from "../access/studio-http.ts";

const idParams = z.object({ id: idPathParam });

/** GET /api/studio/reports: the queue of reported comments; GET /api/studio/comments: every one. */
function reportsRoute(app: FastifyInstance, moderation: ModerationService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/studio/reports",
    studioRoute("comment.moderate", {
      summary: "Reported comments with report counts and reasons, most recently reported first",
      querystring: reportQuerySchema,
      response: { 200: moderatedCommentListSchema },
    }),
    async (req) => moderation.reports(req.user, req.query),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/studio/comments",
    studioRoute("comment.moderate", {
      summary:
        "Every comment, newest first, with its reports; only reported or hidden ones, by a member, on an article",
      querystring: studioCommentQuerySchema,
      response: { 200: moderatedCommentListSchema },
    }),
    async (req) => moderation.comments(req.user, req.query),
  );
}

/** POST /api/studio/comments/{id}/reports/resolve and …/dismiss: a comment's open reports answered. */
function answerRoutes(app: FastifyInstance, moderation: ModerationService) {
  for (const [verb, outcome, summary] of [
    ["resolve", "resolved", "Marks a comment's open reports resolved, the comment left as it is"],
    ["dismiss", "dismissed", "Dismisses a comment's open reports: nothing to act on"],
  ] as const) {
    app.withTypeProvider<ZodTypeProvider>().post(
      `/api/studio/comments/:id/reports/${verb}`,
      studioRoute("comment.moderate", {
        summary,
        params: idParams,
        response: { 200: reportAnswerSchema },
      }),
      async (req) => ({ data: await moderation.answerReports(req.user, req.params.id, outcome) }),
    );
  }
}

/** POST /api/studio/comments/{id}/hide and …/unhide, and DELETE /api/studio/comments/{id}. */
function commentRoutes(app: FastifyInstance, moderation: ModerationService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [verb, hidden] of [
    ["hide", true],
    ["unhide", false],
  ] as const) {
    r.post(
      `/api/studio/comments/:id/${verb}`,
      studioRoute("comment.moderate", {
        summary: hidden
          ? "Hides a comment and its replies from readers"
          : "Shows a hidden comment to readers again",
        params: idParams,
        response: { 200: z.object({ data: z.object({ hidden: z.boolean() }) }) },
      }),
      async (req) => ({ data: await moderation.setHidden(req.user, req.params.id, hidden) }),
    );
  }

  r.delete(
    "/api/studio/comments/:id",
    studioRoute("comment.moderate", {
      summary: "Deletes a comment (its text is erased; replies stay)",
      params: idParams,
      response: { 200: z.object({ data: z.object({ deleted: z.literal(true) }) }) },
    }),
    async (req) => ({ data: await moderation.deleteComment(req.user, req.params.id) }),
  );
}

/** POST /api/studio/members/{id}/ban and …/unban: bans from commenting. */
function banRoutes(app: FastifyInstance, moderation: ModerationService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/studio/members/:id/ban",
    studioRoute("comment.moderate", {
      summary: "Bans a member from commenting, with the reason they are shown",
      params: idParams,
      body: banBodySchema,
      response: { 200: z.object({ data: banSchema }) },
    }),
    async (req) => ({ data: await moderation.ban(req.user, req.params.id, req.body.reason) }),
  );

  r.post(
    "/api/studio/members/:id/unban",
    studioRoute("comment.moderate", {
      summary: "Lets a banned member comment again",
      params: idParams,
      response: { 200: z.object({ data: z.object({ banned: z.literal(false) }) }) },
    }),
    async (req) => ({ data: await moderation.unban(req.user, req.params.id) }),
  );
}

/** Registers /api/studio/reports, /api/studio/comments/{id}/… and /api/studio/members/{id}/(un)ban. */
export function moderationRoutes(app: FastifyInstance, deps: { moderation: ModerationService }) {
  reportsRoute(app, deps.moderation);
  answerRoutes(app, deps.moderation);
  commentRoutes(app, deps.moderation);
  banRoutes(app, deps.moderation);
}
