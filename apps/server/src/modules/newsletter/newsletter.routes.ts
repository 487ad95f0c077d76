// HTTP for the newsletter: subscribe (always the same answer), confirm and unsubscribe by mailed link.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  emailSchema,
  memberNewsletterSchema,
  memberOptInSchema,
  okResponseSchema,
} from "@pragmatist/contracts";
import type { NewsletterService } from "./newsletter.service.ts";
import { ValidationError } from "../../errors.ts";
import { acceptOneClickForms, errorResponses } from "../../http/responses.ts";
import { requireUser } from "../../plugins/auth.ts";

const tokenQuery = z.object({ token: z.string().max(512).optional() });

/**
 * Registers POST /api/newsletter/subscribe, the mailed links (mailedLinkRoutes) and GET|PUT
 * /api/newsletter/opt-in. On close the app waits for accepted subscriptions.
 */
export function newsletterRoutes(app: FastifyInstance, deps: { newsletter: NewsletterService }) {
  const { newsletter } = deps;
  app.addHook("onClose", () => newsletter.settle());

  mailedLinkRoutes(app, newsletter);
  app.register(async (scoped) => {
    const r = scoped.withTypeProvider<ZodTypeProvider>();

    r.post(
      "/api/newsletter/subscribe",
      {
        schema: {
          tags: ["newsletter"],
          summary:
            "Subscribes an email (double opt-in: a confirmation mail); the answer never tells whether it was on the list",
          body: z.strictObject({ email: emailSchema }),
          response: { 200: okResponseSchema, ...errorResponses(400, 429) },
        },
        config: { rateLimits: ["newsletter-ip", "newsletter-email"] },
      },
      async (req) => {
        await newsletter.subscribe(req.body.email, { log: req.log });
        return { ok: true as const };
      },
    );
  });
  memberOptInRoutes(app, newsletter);
}

/** What each mailed link does: its page, its service call, and what a link that did nothing says. */
const MAILED_LINKS = {
  confirm: {
    page: "/subscription/confirm",
    summary: "Confirms the subscription of the mailed confirmation link",
    act: (n: NewsletterService, token: string) => n.confirm(token),
    refused: "This confirmation link is invalid, has expired or was already used",
  },
  unsubscribe: {
    page: "/subscription/unsubscribe",
    summary: "Unsubscribes the holder of the mailed link (no sign-in); RFC 8058 one-click",
    act: (n: NewsletterService, token: string) => n.unsubscribe(token),
    refused: "This unsubscribe link is invalid",
  },
  resubscribe: {
    page: null,
    summary: "Undoes an unsubscribe made with this link within the hour",
    act: (n: NewsletterService, token: string) => n.resubscribe(token),
    refused: "This unsubscribe can no longer be undone",
  },
} as const;

/**
 * The mailed links, /api/newsletter/{confirm,unsubscribe,resubscribe}?token=…: a GET changes
 * nothing and answers 303 to the link's page, which asks for a click (mail scanners follow links:
 * RFC 8058 §1); a POST acts and answers 200 `{ ok: true }`, or a 400 when the link did nothing.
 * RFC 8058 §3.1 one-click posts `List-Unsubscribe=One-Click` as a form: in this scope alone a
 * form body is read and ignored (`acceptOneClickForms`).
 */
function mailedLinkRoutes(app: FastifyInstance, newsletter: NewsletterService) {
  app.register(async (scoped) => {
    acceptOneClickForms(scoped);
    const r = scoped.withTypeProvider<ZodTypeProvider>();
    for (const [name, link] of Object.entries(MAILED_LINKS)) {
      const url = `/api/newsletter/${name}`;
      if (link.page) {
        const page = link.page;
        r.get(
          url,
          { schema: { tags: ["newsletter"], summary: `Shows ${page}`, querystring: tokenQuery } },
          async (req, reply) => {
            const token = req.query.token ?? "";
            return reply.redirect(`${page}?token=${encodeURIComponent(token)}`, 303);
          },
        );
      }
      r.post(
        url,
        {
          schema: {
            tags: ["newsletter"],
            summary: link.summary,
            querystring: tokenQuery,
            response: { 200: okResponseSchema, ...errorResponses(400) },
          },
        },
        async (req) => {
          const token = req.query.token;
          if (!token || !(await link.act(newsletter, token))) {
            throw new ValidationError(link.refused);
          }
          return { ok: true as const };
        },
      );
    }
  });
}

/**
 * GET and PUT /api/newsletter/opt-in: the signed-in member's switch, the row of their account
 * email on the one list (`memberNewsletterSchema`).
 */
function memberOptInRoutes(app: FastifyInstance, newsletter: NewsletterService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/newsletter/opt-in",
    {
      schema: {
        tags: ["newsletter"],
        summary: "Whether the signed-in member's account email gets the newsletter",
        response: { 200: memberNewsletterSchema, ...errorResponses(401, 404) },
      },
    },
    async (req) => ({ data: await newsletter.memberNewsletter(requireUser(req).id) }),
  );
  r.put(
    "/api/newsletter/opt-in",
    {
      config: { rateLimits: ["newsletter-email"] },
      schema: {
        tags: ["newsletter"],
        summary:
          "Turns the newsletter on (at once for a verified email, else by a confirmation mail) or off for the signed-in member's account email",
        body: memberOptInSchema,
        response: { 200: memberNewsletterSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (req) => {
      const { id } = requireUser(req);
      return { data: await newsletter.setMemberNewsletter(id, req.body.data.optIn, req.log) };
    },
  );
}
