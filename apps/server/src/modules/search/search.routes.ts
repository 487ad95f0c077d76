// HTTP for search (docs/product/api.md#api-search): the old client's typo-tolerant search call.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { SEARCH_RESULT_LIMIT, searchQueryParam, searchResponseSchema } from "@pragmatist/contracts";
import { PUBLIC_READ } from "../../http/cache.ts";
import { strictQuery } from "../../http/query.ts";
import { errorResponses } from "../../http/responses.ts";
import type { SearchService } from "./search.types.ts";

/**
 * Registers GET /api/fuzzy-search/search?query=… on `app`: `{ articles: [{ id, title, slug }] }`,
 * at most SEARCH_RESULT_LIMIT (100), best first; a query over 200 characters or an unknown
 * parameter is a 400.
 */
export function searchRoutes(app: FastifyInstance, deps: { search: SearchService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/fuzzy-search/search",
    {
      config: PUBLIC_READ,
      schema: {
        tags: ["search"],
        summary: "Typo-tolerant ranked search over title, subtitle, content and tags",
        querystring: strictQuery({ query: searchQueryParam }),
        response: { 200: searchResponseSchema, ...errorResponses(400) },
      },
    },
    async (req) => ({ articles: await deps.search.search(req.query.query, SEARCH_RESULT_LIMIT) }),
  );
}
