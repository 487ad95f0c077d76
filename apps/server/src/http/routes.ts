// The route registrar a module's routes file works with: Fastify with zod schemas as its types.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

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
