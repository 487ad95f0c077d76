// HTTP for comments (docs/product/api.md#api-comments): the thread, its count, posting,
// replies and the actions on one comment. Rules live in comments.service.ts.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  COMMENT_PAGE_DEFAULT,
  COMMENT_PAGE_MAX,
  commentBodySchema,
  commentListSchema,
  commentPageSchema,
  commentPreviewBodySchema,
  commentPreviewSchema,
  commentSchema,
  commentSorts,
  idPathParam,
  mentionSuggestionListSchema,
  MENTION_SUGGESTIONS_MAX,
  reportBodySchema,
  USERNAME_MAX,
} from "@pragmatist/contracts";
import { requireUser } from "../../plugins/auth.ts";
import type { CommentsService } from "./comments.service.ts";
import { PUBLIC_READ } from "../../http/cache.ts";
import { errorResponses } from "../../http/responses.ts";
import { strictQuery } from "../../http/query.ts";
import { cursorParam } from "./comment-cursor.ts";

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ["comments"];

// The thread is recursive: OpenAPI can only describe it as a named component that refers to
// itself (app.ts emits registered components with jsonSchemaTransformObject).
if (!z.globalRegistry.has(commentSchema)) z.globalRegistry.add(commentSchema, { id: "Comment" });

const slugParams = z.object({ slug: z.string().min(1).max(300) });
const idParams = z.object({ id: idPathParam });
const hideBodySchema = z.strictObject({ hidden: z.boolean() });

/**
 * GET comments/{slug}'s query: `sort` alone answers the whole thread (the spec's call); `limit`,
 * `cursor`, `parent` or `around` asks for a page (docs/product/api.md#api-comments). Unknown keys,
 * a limit outside 1..COMMENT_PAGE_MAX, a cursor this server did not write and `around` with
 * `cursor` or `parent` are 400s.
 */
const threadQuerySchema = strictQuery({
  sort: z.enum(commentSorts).default("best"),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${COMMENT_PAGE_MAX}`)
    .transform(Number)
    .pipe(z.number().int().min(1).max(COMMENT_PAGE_MAX))
    .optional()
    .meta({
      description: `Top-level comments (or replies) a page holds, 1..${COMMENT_PAGE_MAX}; ${COMMENT_PAGE_DEFAULT} when another paging parameter is given`,
    }),
  cursor: cursorParam.optional().meta({
    description: "Where the page starts: a `meta.nextCursor` or `repliesCursor`, as sent",
  }),
  parent: idPathParam.optional().meta({
    description: "A page of this comment's replies (oldest first) instead of the top level",
  }),
  around: idPathParam.optional().meta({
    description:
      "The thread around this comment: its top-level comment with the comments down to it, then its replies",
  }),
}).superRefine((query, ctx) => {
  if (query.around !== undefined && (query.cursor !== undefined || query.parent !== undefined)) {
    ctx.addIssue({
      code: "custom",
      path: ["around"],
      message: "around goes without cursor and parent",
    });
  }
});

/** Signed-in only, checked before the body is validated so anonymous callers always get 401. */
const signedIn = async (req: FastifyRequest) => {
  requireUser(req);
};

/**
 * GET comments/{slug} and comments/{slug}/count: public reads, the same for every reader (what is
 * the reader's own comes from GET /api/viewer), cached briefly; a post, an edit or a delete
 * empties the cache (the publication watch), so the author sees their change at once.
 */
function threadRoutes(app: FastifyInstance, comments: CommentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/comment-manager/comments/:slug",
    {
      config: PUBLIC_READ,
      schema: {
        tags,
        summary:
          "The article's comments with nested replies (the same for every reader); with limit, cursor, parent or around, one page of them, replies folded",
        params: slugParams,
        querystring: threadQuerySchema,
        response: { 200: z.union([commentListSchema, commentPageSchema]), ...errors },
      },
    },
    async (req) => {
      const { sort, limit, cursor, parent, around } = req.query;
      if ([limit, cursor, parent, around].every((v) => v === undefined)) {
        return comments.list(req.params.slug, sort);
      }
      return comments.listPage(req.params.slug, {
        sort,
        limit: limit ?? COMMENT_PAGE_DEFAULT,
        ...(cursor === undefined ? {} : { cursor }),
        ...(parent === undefined ? {} : { parent }),
        ...(around === undefined ? {} : { around }),
      });
    },
  );

  r.get(
    "/api/comment-manager/comments/:slug/count",
    {
      config: PUBLIC_READ,
      schema: {
        tags,
        summary: "How many comments and replies a reader can read under the article",
        params: slugParams,
        response: { 200: z.object({ count: z.number().int() }), ...errors },
      },
    },
    async (req) => ({ count: await comments.count(req.params.slug) }),
  );
}

/** POST comments/{slug} and subcomments/{commentId}: signed-in members, 201. */
function postingRoutes(app: FastifyInstance, comments: CommentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/comment-manager/comments/:slug",
    {
      config: { rateLimits: ["comment-minute", "comment-day"] },
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Posts a comment under the article (signed-in members; 5 a minute, 100 a day)",
        params: slugParams,
        body: commentBodySchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (req, reply) => {
      const created = await comments.create(requireUser(req).id, req.params.slug, req.body.content);
      return reply.status(201).send(created);
    },
  );

  r.post(
    "/api/comment-manager/subcomments/:commentId",
    {
      config: { rateLimits: ["comment-minute", "comment-day"] },
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Replies to a comment (signed-in members; counts toward the posting limit)",
        params: z.object({ commentId: idPathParam }),
        body: commentBodySchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (req, reply) => {
      const created = await comments.reply(
        requireUser(req).id,
        req.params.commentId,
        req.body.content,
      );
      return reply.status(201).send(created);
    },
  );
}

/**
 * POST preview: the composer's Preview, for signed-in members (as posting is), validated as a
 * post is, limited on its own (30 a minute per member) so previews never use up posts.
 */
function previewRoute(app: FastifyInstance, comments: CommentsService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/comment-manager/preview",
    {
      config: { rateLimits: ["comment-preview"] },
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          "The text as its comment would show it: `contentHtml`, rendered as in the thread; nothing is stored (signed-in members; 30 a minute)",
        body: commentPreviewBodySchema,
        response: { 200: commentPreviewSchema, ...errors },
      },
    },
    async (req) => comments.preview(req.body.content, req.body.article),
  );
}

/** GET comments/{slug}/mentions' query: `q`, the letters typed after `@` (1..USERNAME_MAX). */
const mentionQuerySchema = strictQuery({
  q: z
    .string()
    .min(1, "q is the start or part of a name")
    .max(USERNAME_MAX)
    .meta({ description: "Letters of the name typed after @, matched in any case" }),
});

/**
 * GET comments/{slug}/mentions: the composer's suggestions after `@`, for signed-in members
 * (docs/product/reader.md#mentions); personal (the asker is left out), so never cached.
 */
function mentionsRoute(app: FastifyInstance, comments: CommentsService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/comment-manager/comments/:slug/mentions",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: `Members the signed-in member may mention under the article whose name contains q, those starting with it first, at most ${MENTION_SUGGESTIONS_MAX}: its commenters and its author, never the asker`,
        params: slugParams,
        querystring: mentionQuerySchema,
        response: { 200: mentionSuggestionListSchema, ...errors },
      },
    },
    async (req) => ({
      data: await comments.mentionSuggestions(requireUser(req).id, req.params.slug, req.query.q),
    }),
  );
}

/** PUT and DELETE comments/{id}: the author (delete: or an editor). */
function ownCommentRoutes(app: FastifyInstance, comments: CommentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    "/api/comment-manager/comments/:id",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Edits the text of one's own comment",
        params: idParams,
        body: commentBodySchema,
        response: { 200: commentSchema, ...errors },
      },
    },
    async (req) => comments.edit(requireUser(req), req.params.id, req.body.content),
  );

  r.delete(
    "/api/comment-manager/comments/:id",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Deletes a comment (its author, or an editor); replies stay",
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (req) => comments.remove(requireUser(req), req.params.id),
  );
}

/** POST comments/{id}/report and comments/{id}/like, and PUT comments/{id}/hide (editors). */
function commentActionRoutes(app: FastifyInstance, comments: CommentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/comment-manager/comments/:id/report",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          "Reports a comment to the editors with a reason (spam, harassment, off-topic, or other with an optional note); once per member, not one's own",
        params: idParams,
        body: reportBodySchema,
        response: { 200: z.object({ reported: z.literal(true) }), ...errors },
      },
    },
    async (req) => comments.report(requireUser(req).id, req.params.id, req.body),
  );

  r.post(
    "/api/comment-manager/comments/:id/like",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Likes the comment, or takes the like back",
        params: idParams,
        response: {
          200: z.object({ liked: z.boolean(), likeCount: z.number().int() }),
          ...errors,
        },
      },
    },
    async (req) => comments.toggleLike(requireUser(req).id, req.params.id),
  );

  r.put(
    "/api/comment-manager/comments/:id/hide",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Hides a comment and its replies from readers, or shows it again (editors)",
        params: idParams,
        body: hideBodySchema,
        response: { 200: z.object({ hidden: z.boolean() }), ...errors },
      },
    },
    async (req) => comments.setHidden(requireUser(req), req.params.id, req.body.hidden),
  );
}

/**
 * Registers, under /api/comment-manager: GET comments/{slug}[?sort][&limit&cursor&parent&around]
 * and comments/{slug}/count (public reads, `PUBLIC_READ`); GET comments/{slug}/mentions?q
 * (signed-in); POST comments/{slug} and subcomments/{commentId} (signed-in, 201); POST preview
 * (signed-in); PUT and DELETE comments/{id}; POST comments/{id}/report
 * and comments/{id}/like; PUT comments/{id}/hide (editors). Ids that are not positive integers
 * are 400s.
 */
export function commentsRoutes(app: FastifyInstance, deps: { comments: CommentsService }) {
  threadRoutes(app, deps.comments);
  postingRoutes(app, deps.comments);
  previewRoute(app, deps.comments);
  mentionsRoute(app, deps.comments);
  ownCommentRoutes(app, deps.comments);
  commentActionRoutes(app, deps.comments);
}
