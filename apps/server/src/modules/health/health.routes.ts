// GET /api/health: liveness plus a database round trip, for load balancers and CI.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "../../db/client.ts";

/** Registers GET /api/health: 200 {status:"ok"} when the database answers, else 503. */
export function healthRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness and database check",
        response: {
          200: z.object({ status: z.literal("ok"), database: z.enum(["sqlite", "postgres"]) }),
          503: z.object({ status: z.literal("unavailable") }),
        },
      },
    },
    async (_req, reply) => {
      try {
        await sql`select 1`.execute(deps.db.kysely);
        return { status: "ok" as const, database: deps.db.dialect };
      } catch {
        return reply.status(503).send({ status: "unavailable" as const });
      }
    },
  );
}
