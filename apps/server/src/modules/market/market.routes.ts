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
import type { MarketPages } from "./market-pages.service.ts";

/**
 * Registers GET /api/markets (a page of the table: `tab`, `sort`, `order`, `page`, `q`; 400 for
 * an unknown or malformed parameter, 404 past the last page) and GET /api/markets/{id} (one coin's
 * figures; 404 for an unknown id). Both answer 503 when live market data is down with nothing
 * cached.
 */
export function marketRoutes(app: FastifyInstance, deps: { pages: MarketPages }) {
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
        response: { 200: z.object({ data: tokenDataSchema }), ...errorResponses(400, 404, 503) },
      },
    },
    async (req) => {
      const coin = await deps.pages.findCoin(req.params.id);
      if (!coin) throw new NotFoundError("No coin with this id in the market data");
      return { data: coin };
    },
  );
}
