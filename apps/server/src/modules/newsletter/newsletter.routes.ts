// HTTP for the newsletter: subscribe (always the same answer), confirm and unsubscribe by mailed link.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { emailSchema, memberOptInSchema, okResponseSchema } from "@pragmatist/contracts";
import type { NewsletterService } from "./newsletter.service.ts";
import { errorResponses } from "../../http/responses.ts";
import { requireUser } from "../../plugins/auth.ts";

const tokenQuery = z.object({ token: z.string().max(512).optional() });

/**
 * Registers POST /api/newsletter/subscribe, GET /api/newsletter/confirm, GET|POST
 * /api/newsletter/unsubscribe (POST for RFC 8058 one-click) and GET|PUT /api/newsletter/opt-in. The links redirect to
 * `/?newsletter=confirmed|unsubscribed|invalid`. On close the app waits for accepted subscriptions.
 */
export function newsletterRoutes(app: FastifyInstance, deps: { newsletter: NewsletterService }) {
  const { newsletter } = deps;
  app.addHook("onClose", () => newsletter.settle());

  unsubscribeRoutes(app, newsletter);
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
  });
  memberOptInRoutes(app, newsletter);
}

/**
 * GET and POST /api/newsletter/unsubscribe: the mailed link, and RFC 8058 §3.1 one-click, which
 * posts `List-Unsubscribe=One-Click` as a form, multipart/form-data (SHOULD) or urlencoded (MAY).
 * The token is in the URL, so in this scope alone a form body is read (1 KB at most) and ignored.
 */
function unsubscribeRoutes(app: FastifyInstance, newsletter: NewsletterService) {
  app.register(async (scoped) => {
    scoped.addContentTypeParser(
      ["application/x-www-form-urlencoded", "multipart/form-data"],
      { parseAs: "string", bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    );
    const r = scoped.withTypeProvider<ZodTypeProvider>();
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

/** GET and PUT /api/newsletter/opt-in: the signed-in member's own newsletter opt-in. */
function memberOptInRoutes(app: FastifyInstance, newsletter: NewsletterService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/newsletter/opt-in",
    {
      schema: {
        tags: ["newsletter"],
        summary: "Whether the signed-in member gets the newsletter by their account",
        response: { 200: memberOptInSchema, ...errorResponses(401) },
      },
    },
    async (req) => ({ data: { optIn: await newsletter.memberOptIn(requireUser(req).id) } }),
  );
  r.put(
    "/api/newsletter/opt-in",
    {
      schema: {
        tags: ["newsletter"],
        summary: "Turns the signed-in member's newsletter on or off (audience members-opted-in)",
        body: memberOptInSchema,
        response: { 200: memberOptInSchema, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const optIn = await newsletter.setMemberOptIn(requireUser(req).id, req.body.data.optIn);
      return { data: { optIn } };
    },
  );
}
