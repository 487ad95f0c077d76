// The OpenAPI document of every route's zod schemas, with its browsable UI at /api/docs.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/**
 * Collects the routes registered after it into an OpenAPI 3 document titled "<siteName> API",
 * served with Swagger UI at /api/docs (JSON at /api/docs/json).
 */
export const apiDocs = fp<{ siteName: string }>(async (app, options) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${options.siteName} API`,
        version: "1.0.0",
        description: "Strapi v4-style API of Pragmatist",
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
});
