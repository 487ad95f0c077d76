// HTTP for likes and bookmarks (docs/product/api.md#api-reactions): who liked, and the signed-in
// toggles.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  idPathParam,
  likesBookmarksResponseSchema,
  toggleBookmarkResponseSchema,
  toggleLikeResponseSchema,
  toggleReactionBodySchema,
} from "@pragmatist/contracts";
import { requireUser } from "../../plugins/auth.ts";
import type { ReactionsService } from "./reactions.service.ts";
import { errorResponses } from "../../http/responses.ts";

const errors = errorResponses(400, 401, 403, 404);

/** Signed-in only, checked before the body is validated so anonymous callers always get 401. */
const signedIn = async (req: FastifyRequest) => {
  requireUser(req);
};

/**
 * Registers GET /api/articles/{id}/likesbookmarks (public) and POST /api/articles/toggle-like,
 * /api/articles/toggle-bookmark (members only, docs/product/accounts.md#permission-matrix).
 */
export function reactionsRoutes(app: FastifyInstance, deps: { reactions: ReactionsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reactions } = deps;

  r.get(
    "/api/articles/:id/likesbookmarks",
    {
      schema: {
        tags: ["articles"],
        summary:
          "Members who liked the article, the counts, and whether the asking member bookmarked it",
        params: z.object({ id: idPathParam }),
        response: { 200: likesBookmarksResponseSchema, ...errors },
      },
    },
    async (req) => reactions.likesBookmarks(req.params.id, req.user?.id ?? null),
  );

  r.post(
    "/api/articles/toggle-like",
    {
      preValidation: signedIn,
      schema: {
        tags: ["articles"],
        summary: "Likes the article, or takes the like back (signed-in members)",
        body: toggleReactionBodySchema,
        response: { 200: toggleLikeResponseSchema, ...errors },
      },
    },
    async (req) => reactions.toggleLike(requireUser(req).id, req.body.articleId),
  );

  r.post(
    "/api/articles/toggle-bookmark",
    {
      preValidation: signedIn,
      schema: {
        tags: ["articles"],
        summary: "Bookmarks the article, or removes the bookmark (signed-in members)",
        body: toggleReactionBodySchema,
        response: { 200: toggleBookmarkResponseSchema, ...errors },
      },
    },
    async (req) => reactions.toggleBookmark(requireUser(req).id, req.body.articleId),
  );
}
