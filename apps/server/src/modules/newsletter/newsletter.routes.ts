// HTTP for the newsletter: subscribe (always the same answer), confirm and unsubscribe by mailed link.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { emailSchema, okResponseSchema } from "@pragmatist/contracts";
import type { NewsletterService } from "./newsletter.service.ts";
import { errorResponses } from "../../http/responses.ts";

const tokenQuery = z.object({ token: z.string().max(512).optional() });

/**
 * Registers POST /api/newsletter/subscribe, GET /api/newsletter/confirm and GET|POST
 * /api/newsletter/unsubscribe (POST for RFC 8058 one-click). The links redirect to
 * `/?newsletter=confirmed|unsubscribed|invalid`. On close the app waits for accepted subscriptions.
 */
export function newsletterRoutes(app: FastifyInstance, deps: { newsletter: NewsletterService }) {
  const { newsletter } = deps;
  app.addHook("onClose", () => newsletter.settle());

  app.register(async (scoped) => {
    // RFC 8058 one-click posts `List-Unsubscribe=One-Click` as a form; the token is in the URL.
    scoped.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    );
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
      },
      async (req) => {
        await newsletter.subscribe(req.body.email, { ip: req.ip, log: req.log });
        return { ok: true as const };
      },
    );

    r.get(
      "/api/newsletter/confirm",
      {
        schema: {
          tags: ["newsletter"],
          summary: "Confirms a subscription from the mailed link; redirects to /?newsletter=…",
          querystring: tokenQuery,
        },
      },
      async (req, reply) => {
        const token = req.query.token;
        const ok = token ? await newsletter.confirm(token) : false;
        return reply.redirect(`/?newsletter=${ok ? "confirmed" : "invalid"}`, 303);
      },
    );

    const unsubscribe = {
      schema: {
        tags: ["newsletter"],
        summary: "Unsubscribes from the mailed link (no sign-in); redirects to /?newsletter=…",
        querystring: tokenQuery,
      },
    };
    const handler = async (
      req: { query: z.infer<typeof tokenQuery> },
      reply: { redirect(url: string, code: number): unknown },
    ) => {
      const token = req.query.token;
      const ok = token ? await newsletter.unsubscribe(token) : false;
      return reply.redirect(`/?newsletter=${ok ? "unsubscribed" : "invalid"}`, 303);
    };
    r.get("/api/newsletter/unsubscribe", unsubscribe, handler);
    r.post("/api/newsletter/unsubscribe", unsubscribe, handler);
  });
}
