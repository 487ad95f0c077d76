// HTTP for what is personal on a public page (docs/architecture.md#caching): GET /api/viewer,
// asked once by the browser after hydration; never stored by any cache.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { viewerQuerySchema, viewerStateSchema } from "@pragmatist/contracts";
import { PRIVATE_ANSWER } from "../../http/cache.ts";
import { errorResponses } from "../../http/responses.ts";
import type { ViewerService } from "./viewer.service.ts";

/**
 * Registers GET /api/viewer?article={slug}: `{ data: { user, article } }` for the session's
 * member (both null without a valid session), `Cache-Control: private, no-store` (RFC 9111
 * §5.2.2.3, §5.2.2.7); an unknown query key or a bad slug is a 400.
 */
export function viewerRoutes(app: FastifyInstance, deps: { viewer: ViewerService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/viewer",
    {
      schema: {
        tags: ["users"],
        summary:
          "The signed-in reader and their likes, bookmark and comments on the article (private)",
        querystring: viewerQuerySchema,
        response: { 200: viewerStateSchema, ...errorResponses(400) },
      },
    },
    async (req, reply) => {
      reply.header("cache-control", PRIVATE_ANSWER);
      return { data: await deps.viewer.find(req.user?.id ?? null, req.query.article) };
    },
  );
}
