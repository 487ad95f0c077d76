// The limits a route declares (`config.rateLimits`, http/rate-limits.ts) as a client meets them:
// counted before the handler per IP or per member, a 429 with the Strapi body once over.
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimitName } from "../http/rate-limits.ts";
import errorHandler from "./error-handler.ts";
import { createRateLimitFactory, createRateLimits, rateLimitPlugin } from "./rate-limit.ts";

/**
 * An app whose POST /ip route names `register` (10 an hour per IP), POST /member names
 * `change-email-user` (5 an hour per member; `x-member` plays the session) and GET /all names the
 * rest of the table; `handled` counts the handlers that ran.
 */
async function appWithLimits(names: readonly RateLimitName[] = Object.keys(RATE_LIMITS) as never) {
  const app = Fastify();
  const handled = { count: 0 };
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (req) => {
    const id = Number(req.headers["x-member"]);
    if (id) req.user = { id, role: "authenticated", via: "bearer", tokenVersion: 0 } as never;
  });
  await app.register(errorHandler);
  await app.register(rateLimitPlugin, {
    limits: createRateLimits(createRateLimitFactory(undefined)),
  });
  const handler = async () => ({ handled: ++handled.count });
  app.post("/ip", { config: { rateLimits: ["register"] } }, handler);
  app.post("/member", { config: { rateLimits: ["change-email-user"] } }, handler);
  app.get("/all", { config: { rateLimits: names } }, handler);
  return { app, handled };
}

describe("rate limits declared on routes", () => {
  it("counts a route's IP limit before its handler and answers 429 with a retry time once over", async () => {
    const { app, handled } = await appWithLimits();
    const from = (remoteAddress: string) =>
      app.inject({ method: "POST", url: "/ip", remoteAddress });
    for (let i = 0; i < RATE_LIMITS.register.points; i++) {
      expect((await from("10.0.0.1")).statusCode).toBe(200);
    }
    const over = await from("10.0.0.1");
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      data: null,
      error: { status: 429, name: "RateLimitError", details: { retryAfterSeconds: 3600 } },
    });
    expect(handled.count).toBe(RATE_LIMITS.register.points);
    expect((await from("10.0.0.2")).statusCode).toBe(200);
    await app.close();
  });

  it("counts a member limit per member, and nothing for an anonymous request", async () => {
    const { app } = await appWithLimits();
    const as = (member?: string) =>
      app.inject({ method: "POST", url: "/member", headers: member ? { "x-member": member } : {} });
    for (let i = 0; i < 2 * RATE_LIMITS["change-email-user"].points; i++) {
      expect((await as()).statusCode).toBe(200);
    }
    for (let i = 0; i < RATE_LIMITS["change-email-user"].points; i++) {
      expect((await as("7")).statusCode).toBe(200);
    }
    expect((await as("7")).statusCode).toBe(429);
    expect((await as("8")).statusCode).toBe(200);
    await app.close();
  });

  it("does not start while a limit of the table is named by no route", async () => {
    const { app } = await appWithLimits(["login-account"]);
    await expect(app.ready()).rejects.toThrow(/named by no route.*newsletter-clicks/);
  });
});
