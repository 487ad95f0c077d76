// The app's Prometheus metrics (prom-client): one registry per app instance, handed to the services
// that count things (docs/decisions/006-metrics.md, docs/product/api.md#api-metrics).
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db, PoolStats } from "./db/client.ts";

/** Seconds: from a cached answer (well under 1 ms) to a slow page or a Max answer (tens of s). */
const HTTP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a query by primary key (tens of µs on SQLite) to a slow report query. */
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];
/** Seconds: one language-model call, from the offline model's milliseconds to a slow provider. */
const PROVIDER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 40, 60];

/** The route label of a request no route matched (Fastify's not-found handler). */
export const UNMATCHED_ROUTE = "unmatched";

/** Kysely queries over the app's database, timed by kind (db/client.ts `onQuery`). */
function dbMetrics(registry: Registry, db: Pick<Db, "onQuery" | "poolStats"> | undefined) {
  const registers = [registry];
  const dbQueryDuration = new Histogram({
    name: "pragmatist_db_query_duration_seconds",
    help: "Time of each database query, by statement kind and outcome (ok, error).",
    labelNames: ["operation", "outcome"] as const,
    buckets: QUERY_BUCKETS,
    registers,
  });
  // Read from the pool on each scrape; PostgreSQL only (SQLite has no pool: no such series).
  const pool = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const stats = db?.poolStats();
        if (stats) this.set(read(stats));
      },
    });
  if (db?.poolStats()) {
    pool("pragmatist_db_pool_connections", "PostgreSQL pool connections open.", (s) => s.total);
    pool("pragmatist_db_pool_idle_connections", "PostgreSQL pool connections idle.", (s) => s.idle);
    pool(
      "pragmatist_db_pool_waiting_queries",
      "Queries waiting for a PostgreSQL pool connection.",
      (s) => s.waiting,
    );
  }
  const stopQueryTiming =
    db?.onQuery(({ operation, durationMs, failed }) =>
      dbQueryDuration.observe({ operation, outcome: failed ? "error" : "ok" }, durationMs / 1000),
    ) ?? (() => {});
  return { dbQueryDuration, stopQueryTiming };
}

/** Max's answers, tool calls and the language model's latency (modules/assistant). */
function maxMetrics(registers: Registry[]) {
  return {
    maxAnswers: new Counter({
      name: "pragmatist_max_answers_total",
      help:
        "Max's answers by model and outcome: answered, nothing_found, refused (prompt injection), " +
        "limited (credits used), nothing_to_analyse, capabilities, or the fault (timeout, rate_limited, unavailable).",
      labelNames: ["model", "outcome"] as const,
      registers,
    }),
    maxToolCalls: new Counter({
      name: "pragmatist_max_tool_calls_total",
      help: "Max's tool calls by tool and outcome (ok; error: the tool threw or answered an error result).",
      labelNames: ["tool", "outcome"] as const,
      registers,
    }),
    maxProviderLatency: new Histogram({
      name: "pragmatist_max_provider_latency_seconds",
      help: "Time of each successful language-model call (one step of an answer), by model.",
      labelNames: ["model"] as const,
      buckets: PROVIDER_BUCKETS,
      registers,
    }),
  };
}

/** CoinGecko lookups, mail and Redis: the services' dependencies outside the process. */
function dependencyMetrics(registers: Registry[]) {
  const endpoint = ["endpoint"] as const;
  return {
    coinGeckoCalls: new Counter({
      name: "pragmatist_coingecko_calls_total",
      help: "Lookups sent to CoinGecko (cache misses; the client's own retries not counted), by endpoint.",
      labelNames: endpoint,
      registers,
    }),
    coinGeckoErrors: new Counter({
      name: "pragmatist_coingecko_errors_total",
      help: "CoinGecko lookups that failed (error status, timeout, refused), by endpoint.",
      labelNames: endpoint,
      registers,
    }),
    coinGeckoStaleServes: new Counter({
      name: "pragmatist_coingecko_stale_serves_total",
      help: "Market answers served from an older cached value because CoinGecko failed or is backed off.",
      labelNames: endpoint,
      registers,
    }),
    mailMessages: new Counter({
      name: "pragmatist_mail_messages_total",
      help: "Mail handed to the transport (smtp, outbox), by outcome (sent, failed).",
      labelNames: ["transport", "outcome"] as const,
      registers,
    }),
    redisErrors: new Counter({
      name: "pragmatist_redis_errors_total",
      help: "Errors of a Redis client (connection lost or refused, command failed), by client.",
      labelNames: ["client"] as const,
      registers,
    }),
  };
}

/**
 * Creates the app's metrics on a registry of their own (never prom-client's global one, so several
 * apps in one process, as in tests, do not collide), observing `db`'s queries and pool when given.
 * Names follow Prometheus's conventions (base units: seconds; `_total` counters); labels hold only
 * bounded values (route patterns, never URLs). Process metrics are added by the /metrics plugin.
 * `close()` stops observing `db`.
 */
export function createMetrics(db?: Pick<Db, "onQuery" | "poolStats">) {
  const registry = new Registry();
  const registers = [registry];
  const httpRequestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: `Time to answer each HTTP request, by method, route pattern ("${UNMATCHED_ROUTE}" when none matched) and status code.`,
    labelNames: ["method", "route", "status_code"] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const responseCacheLookups = new Counter({
    name: "pragmatist_response_cache_lookups_total",
    help: "Public GETs (the same answer for every reader) answered from the response cache (hit) or rendered (miss).",
    labelNames: ["result"] as const,
    registers,
  });
  const { stopQueryTiming, ...database } = dbMetrics(registry, db);
  return {
    registry,
    httpRequestDuration,
    responseCacheLookups,
    ...database,
    ...maxMetrics(registers),
    ...dependencyMetrics(registers),
    /**
     * Counts one lookup of the response cache (plugins/response-cache.ts): "hit" when the answer
     * came from the cache, "miss" when a cacheable request was rendered instead.
     */
    responseCacheLookup(result: "hit" | "miss"): void {
      responseCacheLookups.inc({ result });
    },
    close: stopQueryTiming,
  };
}

/** The app's metrics (createMetrics). */
export type Metrics = ReturnType<typeof createMetrics>;
