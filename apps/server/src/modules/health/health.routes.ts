// Health for load balancers, orchestrators and CI: /api/health (database round trip), /api/health/live
// (the process answers) and /api/health/ready (every dependency answers;
// docs/product/api.md#api-health).
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "../../db/client.ts";

/** One dependency readiness waits for: resolves when it answers, rejects (or hangs) when not. */
export interface HealthCheck {
  /** Its key in the answer's `checks`, e.g. "redis", "storage". */
  name: string;
  check: () => Promise<void>;
}

/** What the health routes use. */
export interface HealthDependencies {
  db: Db;
  /** Checks readiness runs besides the database's (Redis when REDIS_URL is set, storage…). */
  checks?: HealthCheck[];
  /** How long each check may take before it counts as failed, in ms (default 2000). */
  timeoutMs?: number;
}

const DEFAULT_CHECK_TIMEOUT_MS = 2000;

const checkState = z.object({
  status: z.enum(["ok", "failed", "timeout"]),
  /** How long the check took (up to the timeout), in ms. */
  durationMs: z.number(),
});
type CheckState = z.infer<typeof checkState>;

const readiness = z.object({
  status: z.enum(["ok", "unavailable"]),
  checks: z.record(z.string(), checkState),
});

/** Health answers are about this moment: no cache, proxy or browser may keep one. */
const NO_STORE = { "cache-control": "no-store" } as const;

/**
 * Runs `check` for at most `timeoutMs`: "ok" when it resolves in time, "timeout" when it does not
 * (it is left to finish on its own), "failed" when it rejects; a failure is logged on `log` with
 * the check's name, and only its state leaves the server (OWASP Error Handling: no internals).
 */
async function runCheck(
  { name, check }: HealthCheck,
  timeoutMs: number,
  log: FastifyBaseLogger,
): Promise<CheckState> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  let status: CheckState["status"];
  try {
    status = await Promise.race([check().then(() => "ok" as const), timedOut]);
  } catch (err) {
    status = "failed";
    log.warn({ err, check: name }, "readiness check failed");
  } finally {
    clearTimeout(timer);
  }
  if (status === "timeout") log.warn({ check: name, timeoutMs }, "readiness check timed out");
  return { status, durationMs: Math.round(performance.now() - started) };
}

/**
 * Registers the health routes:
 * - GET /api/health: 200 `{ status: "ok", database }` when the database answers `select 1`, else
 *   503 `{ status: "unavailable" }`;
 * - GET /api/health/live: 200 `{ status: "ok" }` while the process serves requests, whatever its
 *   dependencies do (a restart would not fix them);
 * - GET /api/health/ready: the database and every one of `checks`, in parallel, each bounded by
 *   `timeoutMs`: 200 `{ status: "ok", checks: { database: { status, durationMs }, … } }` when all
 *   pass, else 503 with `status: "unavailable"` and each check's state, so a load balancer sends
 *   this process no traffic until it can serve it.
 * The live and ready answers are `Cache-Control: no-store`.
 */
export function healthRoutes(app: FastifyInstance, deps: HealthDependencies) {
  const ping = async () => void (await sql`select 1`.execute(deps.db.kysely));
  const checks = [{ name: "database", check: ping }, ...(deps.checks ?? [])];
  const timeoutMs = deps.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
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
        await ping();
        return { status: "ok" as const, database: deps.db.dialect };
      } catch {
        return reply.status(503).send({ status: "unavailable" as const });
      }
    },
  );

  api.get(
    "/api/health/live",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness: the process answers (no dependency is asked)",
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async (_req, reply) => {
      reply.headers(NO_STORE);
      return { status: "ok" as const };
    },
  );

  api.get(
    "/api/health/ready",
    {
      schema: {
        tags: ["health"],
        summary: "Readiness: the database, Redis and the other dependencies answer",
        response: { 200: readiness, 503: readiness },
      },
    },
    async (request, reply) => {
      const states = await Promise.all(checks.map((c) => runCheck(c, timeoutMs, request.log)));
      const ok = states.every((s) => s.status === "ok");
      const answer = {
        status: ok ? ("ok" as const) : ("unavailable" as const),
        checks: Object.fromEntries(checks.map((c, i) => [c.name, states[i]!])),
      };
      return reply
        .status(ok ? 200 : 503)
        .headers(NO_STORE)
        .send(answer);
    },
  );
}
