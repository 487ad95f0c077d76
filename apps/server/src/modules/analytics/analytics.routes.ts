// HTTP for page-view analytics: the browser's beacon, and the old client's increment-clicks as a
// page view (docs/product/api.md#api-analytics).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AnalyticsService, Client } from "./analytics.service.ts";
import { errorResponses } from "../../http/responses.ts";

/** The beacon's body (apps/web/app/lib/analytics.ts sends it). */
const pageViewBody = z.strictObject({
  path: z
    .string()
    .max(500)
    .regex(/^\/\S*$/, "must be a path starting with /"),
  referrer: z.string().max(500).optional(),
});

const slugParam = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9][a-z0-9-]*$/i, "not a slug"),
});

const clientOf = (req: FastifyRequest): Client => ({
  ip: req.ip,
  userAgent: req.headers["user-agent"],
});

/**
 * Registers POST /api/analytics/pageview (202, no body; JSON, or JSON as `text/plain`, which is
 * what `navigator.sendBeacon` sends for a string) and POST /api/articles/{slug}/increment-clicks
 * (docs/product/api.md#api-analytics: `{ data: { counted } }`, 404 for an unknown slug).
 */
export function analyticsRoutes(app: FastifyInstance, deps: { analytics: AnalyticsService }) {
  const { analytics } = deps;

  app.register(async (scoped) => {
    // A beacon with a string body is `text/plain;charset=UTF-8` (a CORS-safe type); parse it as
    // JSON with Fastify's own parser (prototype-poisoning checks, 400 on bad JSON).
    scoped.removeContentTypeParser("text/plain");
    scoped.addContentTypeParser(
      "text/plain",
      { parseAs: "string" },
      scoped.getDefaultJsonParser("error", "error"),
    );
    const r = scoped.withTypeProvider<ZodTypeProvider>();

    r.post(
      "/api/analytics/pageview",
      {
        bodyLimit: 2048,
        schema: {
          tags: ["analytics"],
          summary:
            "Records a page view (no cookies; bots and requests without a user agent are ignored)",
          body: pageViewBody,
          response: {
            202: z.undefined().describe("Accepted (also when ignored as a bot)"),
            ...errorResponses(400, 413, 429),
          },
        },
        config: { rateLimits: ["pageview-ip"] },
      },
      async (req, reply) => {
        await analytics.recordPageView(req.body, clientOf(req));
        return reply.status(202).send();
      },
    );

    r.post(
      "/api/articles/:id/increment-clicks",
      {
        schema: {
          tags: ["articles"],
          summary:
            "Counts a read of the article with this slug (a page view of /p/{slug}), once per reader per day",
          params: slugParam,
          response: {
            200: z.object({ data: z.object({ counted: z.boolean() }) }),
            ...errorResponses(400, 404, 429),
          },
        },
        config: { rateLimits: ["pageview-ip"] },
      },
      async (req) => ({
        data: await analytics.recordArticleRead(req.params.id, clientOf(req)),
      }),
    );
  });
}
