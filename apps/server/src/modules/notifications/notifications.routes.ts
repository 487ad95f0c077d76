// HTTP for notifications (docs/product/api.md#api-notifications): the signed-in member's list,
// marking it read and their email choices (private answers, never cached), and the mailed one-click
// unsubscribe. Rules live in notifications.service.ts and notification-emails.service.ts.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  notificationEmailsBodySchema,
  notificationEmailsSchema,
  notificationUnsubscribeQuerySchema,
  notificationListSchema,
  okResponseSchema,
  notificationsQuerySchema,
  notificationsReadBodySchema,
  notificationsReadSchema,
} from "@pragmatist/contracts";
import { PRIVATE_ANSWER } from "../../http/cache.ts";
import { ValidationError } from "../../errors.ts";
import { acceptOneClickForms, errorResponses } from "../../http/responses.ts";
import { requireUser } from "../../plugins/auth.ts";
import type { NotificationEmailsService } from "./notification-emails.service.ts";
import type { NotificationsService } from "./notifications.service.ts";

const tags = ["notifications"];

/**
 * A mailed unsubscribe link's query as it arrives, checked in the handler
 * (`notificationUnsubscribeQuerySchema`): a link cut short or altered gets the link's own
 * sentence, as the newsletter's mailed links do, not a list of parameter errors.
 */
const mailedLinkQuery = z.strictObject({
  kinds: z.string().max(60).optional(),
  token: z.string().max(200).optional(),
});

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
  deps: { notifications: NotificationsService; notificationEmails: NotificationEmailsService },
) {
  emailRoutes(app, deps.notificationEmails);
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

/**
 * GET and PUT /api/notifications/emails: the signed-in member's own email choice per kind
 * (members only, 401; a bad body is a 400), private answers. The mailed link
 * /api/notifications/unsubscribe?kinds=&token=: a GET changes nothing and answers 303 to the page
 * that asks for a click (mail scanners follow links: RFC 8058 §1); a POST, RFC 8058's one click,
 * turns those kinds off and answers 200 `{ ok: true }`, or 400 for a token this server did not
 * sign for these kinds.
 */
function emailRoutes(app: FastifyInstance, emails: NotificationEmailsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: notificationEmailsSchema, ...errorResponses(400, 401) };
  r.get(
    "/api/notifications/emails",
    {
      preValidation: signedIn,
      schema: { tags, summary: "The signed-in member's notification email choices", response },
    },
    async (req, reply) => {
      reply.header("cache-control", PRIVATE_ANSWER);
      return { data: await emails.get(requireUser(req).id) };
    },
  );
  r.put(
    "/api/notifications/emails",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Changes the signed-in member's notification email choices (off, instant, daily)",
        body: notificationEmailsBodySchema,
        response,
      },
    },
    async (req, reply) => {
      reply.header("cache-control", PRIVATE_ANSWER);
      return { data: await emails.set(requireUser(req).id, req.body) };
    },
  );
  app.register(async (scoped) => {
    acceptOneClickForms(scoped);
    const s = scoped.withTypeProvider<ZodTypeProvider>();
    const url = "/api/notifications/unsubscribe";
    s.get(
      url,
      {
        schema: {
          tags,
          summary: "Shows the page that asks to stop these notification emails",
          querystring: mailedLinkQuery,
          response: errorResponses(400),
        },
      },
      async (req, reply) => {
        // The page says when the link is incomplete or wrong (after its POST), as the newsletter's.
        const query = new URLSearchParams({
          kinds: req.query.kinds ?? "",
          token: req.query.token ?? "",
        });
        return reply.redirect(`/subscription/notifications?${query}`, 303);
      },
    );
    s.post(
      url,
      {
        schema: {
          tags,
          summary: "Stops these notification emails for the link's member (RFC 8058 one-click)",
          querystring: mailedLinkQuery,
          response: { 200: okResponseSchema, ...errorResponses(400) },
        },
      },
      async (req) => {
        const link = notificationUnsubscribeQuerySchema.safeParse(req.query);
        if (!link.success || !(await emails.unsubscribe(link.data.kinds, link.data.token))) {
          throw new ValidationError("This unsubscribe link is invalid");
        }
        return { ok: true as const };
      },
    );
  });
}
