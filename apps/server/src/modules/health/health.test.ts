// Liveness and readiness as a load balancer sees them: ready only while the database (and Redis,
// when configured) answer, each check bounded in time; live whatever the dependencies do.
import { createServer, type Server, type Socket, connect } from "node:net";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type App, buildApp } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { withTestApp } from "../../testing/app.ts";
import { engines, freshDb, testConfig } from "../../testing/db.ts";
import { sampleValue } from "../../testing/prometheus.ts";
import { healthRoutes } from "./health.routes.ts";

const METRICS_TOKEN = "metrics-token-0123456789abcdef0123456789";

describe.each(engines)("health on %s", (engine) => {
  const ctx = withTestApp(engine);

  it("is live and ready, never cached, with each check's state", async () => {
    const live = await ctx.app.inject({ url: "/api/health/live" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    expect(live.headers["cache-control"]).toBe("no-store");
    const ready = await ctx.app.inject({ url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect(ready.json()).toEqual({
      status: "ok",
      checks: {
        database: { status: "ok", durationMs: expect.any(Number) },
        storage: { status: "ok", durationMs: expect.any(Number) },
      },
    });
    expect((await ctx.app.inject({ url: "/api/health" })).json()).toEqual({
      status: "ok",
      database: engine,
    });
  });

  it("is not ready once the database is gone, and still live", async () => {
    const db: Db = await freshDb(engine);
    const app: App = await buildApp(testConfig(), { db, logger: false });
    try {
      await db.close();
      const ready = await app.inject({ url: "/api/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: "unavailable",
        checks: {
          database: { status: "failed", durationMs: expect.any(Number) },
          storage: { status: "ok", durationMs: expect.any(Number) },
        },
      });
      expect((await app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("readiness checks", () => {
  let db: Db;
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler).setSerializerCompiler(serializerCompiler);
  beforeAll(async () => {
    db = await freshDb("sqlite");
    healthRoutes(app, {
      db,
      timeoutMs: 200,
      checks: [
        { name: "storage", check: () => new Promise(() => {}) }, // never answers
        { name: "search", check: async () => Promise.reject(new Error("refused 10.0.0.5")) },
        { name: "queue", check: async () => {} },
      ],
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it("runs the named checks too, each bounded by the timeout, and shows no internals", async () => {
    // A check that never answers would hold the answer forever: that it comes at all, with that
    // check's status "timeout" after at least the timeout, is the bound (not a wall-clock limit,
    // which a loaded machine fails).
    const res = await app.inject({ url: "/api/health/ready" });
    expect(res.statusCode).toBe(503);
    const checks = res.json().checks as Record<string, { status: string; durationMs: number }>;
    expect(checks.database?.status).toBe("ok");
    expect(checks.storage?.status).toBe("timeout");
    expect(checks.storage?.durationMs).toBeGreaterThanOrEqual(190);
    expect(checks.search?.status).toBe("failed");
    expect(checks.queue?.status).toBe("ok");
    expect(res.body).not.toContain("10.0.0.5");
  });
});

/** A TCP proxy to `target` on a port of its own that `cut` closes with its connections. */
async function startTcpProxy(target: URL) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => s.destroy());
      s.on("close", () => (s === client ? upstream : client).destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: url.toString(),
    cut() {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

describe.runIf(process.env.REDIS_URL)("readiness with Redis", () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  beforeAll(async () => {
    proxy = await startTcpProxy(new URL(process.env.REDIS_URL ?? ""));
  });
  const ctx = withTestApp("sqlite", () => ({
    config: { REDIS_URL: proxy.url, METRICS_TOKEN },
  }));
  afterAll(() => proxy.cut());

  it("checks Redis, turns unavailable when it cannot be reached, and counts its errors", async () => {
    const ready = await ctx.app.inject({ url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.redis).toEqual({ status: "ok", durationMs: expect.any(Number) });

    proxy.cut(); // Redis's address now refuses connections
    await vi.waitFor(
      async () => {
        const res = await ctx.app.inject({ url: "/api/health/ready" });
        expect(res.statusCode).toBe(503);
        expect(res.json().checks.redis.status).toBe("failed");
        expect(res.json().checks.database.status).toBe("ok");
      },
      { timeout: 3000, interval: 50 },
    );
    expect((await ctx.app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const metrics = await ctx.app.inject({
          url: "/metrics",
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        const errors = { client: "rate-limit" };
        expect(sampleValue(metrics.body, "pragmatist_redis_errors_total", errors)).toBeGreaterThan(
          0,
        );
      },
      { timeout: 3000, interval: 100 },
    );
  });
});
