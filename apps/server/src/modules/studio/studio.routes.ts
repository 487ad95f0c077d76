// Registers every studio endpoint (docs/product/studio.md#studio); each checks the caller's role
// (policy.ts).
import type { FastifyInstance } from "fastify";
import { membersRoutes } from "./members.routes.ts";
import { moderationRoutes } from "./moderation.routes.ts";
import { studioArticlesRoutes } from "./studio-articles.routes.ts";
import type { StudioService } from "./studio.service.ts";

/** Article writes under /api/articles, and /api/studio/* reads, moderation, members and audit. */
export function studioRoutes(app: FastifyInstance, deps: { studio: StudioService }) {
  studioArticlesRoutes(app, { articles: deps.studio.articles });
  moderationRoutes(app, { moderation: deps.studio.moderation });
  membersRoutes(app, { members: deps.studio.members });
}
