// The route registrar a module's routes file works with: Fastify with zod schemas as its types.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";

/**
 * What `app.withTypeProvider<ZodTypeProvider>()` returns for the app's default server types: the
 * instance a routes file registers on, so request params, query strings and bodies are typed by
 * their zod schemas. Lets a routes file split its registrations into one small function per route
 * or route group that takes this as its first argument.
 */
export type ZodRoutes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * The app's response serializer: fastify-type-provider-zod's (check the answer against the route's
 * zod response schema, then JSON), typed as Fastify types a route's `serializerCompiler` option,
 * which takes any schema; every route here declares zod schemas (ZodRoutes).
 */
export const responseSerializerCompiler =
  serializerCompiler as FastifySerializerCompiler<FastifySchema>;
