// HTTP for the Market Data section (docs/product/markets.md#market-data-pages): the table and one coin,
// public reads cached like the article API.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  coinIdSchema,
  marketTableQuerySchema,
  marketTableSchema,
  tokenDataSchema,
} from "@pragmatist/contracts";
import { NotFoundError } from "../../errors.ts";
import { PUBLIC_READ } from "../../http/cache.ts";
import { strictQuery } from "../../http/query.ts";
import { errorResponses } from "../../http/responses.ts";
import type { CoinImages } from "./coin-image.service.ts";
import type { MarketPages } from "./market-pages.service.ts";

/**
 * Registers GET /api/markets (a page of the table: `tab`, `sort`, `order`, `page`, `q`; 400 for
 * an unknown or malformed parameter, 404 past the last page), GET /api/markets/{id} (one coin's
 * figures; 404 for an unknown id) and GET /api/markets/{id}/og.png (the coin's Open Graph
 * picture, docs/product/markets.md#coin-image). All answer 503 when live market data is down
 * with nothing cached; all are public reads (cached, ETag, 304).
 */
export function marketRoutes(
  app: FastifyInstance,
  deps: { pages: MarketPages; images: CoinImages },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/markets",
    {
      config: PUBLIC_READ,
      schema: {
        tags: ["markets"],
        summary: "A page of the market table: one tab, filtered, sorted, 50 coins a page",
        querystring: strictQuery(marketTableQuerySchema.shape),
        response: { 200: z.object({ data: marketTableSchema }), ...errorResponses(400, 404, 503) },
      },
    },
    async (req) => {
      const table = await deps.pages.findTable(req.query);
      if (!table) throw new NotFoundError("There is no such page of the market table");
      return { data: table };
    },
  );
  r.get(
    "/api/markets/:id",
    {
      config: PUBLIC_READ,
      schema: {
        tags: ["markets"],
        summary: "One coin's market figures by its CoinGecko id",
        params: z.object({ id: coinIdSchema }),
        response: {
          200: z.object({ data: tokenDataSchema.omit({ ageSeconds: true }) }),
          ...errorResponses(400, 404, 503),
        },
      },
    },
    async (req) => {
      const coin = await deps.pages.findCoin(req.params.id);
      if (!coin) throw new NotFoundError("No coin with this id in the market data");
      return { data: coin };
    },
  );
  r.get(
    "/api/markets/:id/og.png",
    {
      config: PUBLIC_READ,
      schema: {
        tags: ["markets"],
        summary: "A coin's Open Graph picture (PNG, 1200 × 630): name, price, 24 h change, a line",
        description: "image/png; errors (400, 404, 503) in the Strapi error body.",
        params: z.object({ id: coinIdSchema }),
      },
    },
    async (req, reply) => {
      const png = await deps.images.findPng(req.params.id);
      if (!png) throw new NotFoundError("No coin with this id in the market data");
      // Link previews and other sites show it: it may be embedded anywhere.
      reply.header("cross-origin-resource-policy", "cross-origin");
      return reply.type("image/png").send(png);
    },
  );
}
