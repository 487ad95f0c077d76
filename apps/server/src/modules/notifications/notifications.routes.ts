// HTTP for notifications (docs/product/api.md#api-notifications): the signed-in member's list and
// marking it read; private answers, never cached. Rules live in notifications.service.ts.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  notificationListSchema,
  notificationsQuerySchema,
  notificationsReadBodySchema,
  notificationsReadSchema,
} from "@pragmatist/contracts";
import { PRIVATE_ANSWER } from "../../http/cache.ts";
import { errorResponses } from "../../http/responses.ts";
import { requireUser } from "../../plugins/auth.ts";
import type { NotificationsService } from "./notifications.service.ts";

const tags = ["notifications"];

/** Signed-in only, checked before the query or body is validated so visitors always get 401. */
const signedIn = async (req: FastifyRequest) => {
  requireUser(req);
};

/**
 * Registers GET /api/notifications?page= (the member's lines, newest first) and POST
 * /api/notifications/read (`{ ids }` or `{ all: true }`): members only (401), each on their own
 * notifications (404 for another's id), `Cache-Control: private, no-store`; a bad page or body
 * is a 400.
 */
export function notificationsRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/notifications",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The signed-in member's notifications, grouped, newest first (private)",
        querystring: notificationsQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses(400, 401) },
      },
    },
    async (req, reply) => {
      reply.header("cache-control", PRIVATE_ANSWER);
      return deps.notifications.list(requireUser(req).id, req.query.page);
    },
  );

  r.post(
    "/api/notifications/read",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Marks the member's notifications read: these ids, or all (private)",
        body: notificationsReadBodySchema,
        response: { 200: notificationsReadSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => {
      reply.header("cache-control", PRIVATE_ANSWER);
      return { data: await deps.notifications.markRead(requireUser(req).id, req.body) };
    },
  );
}
