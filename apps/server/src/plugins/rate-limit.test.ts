// Rate limits as several app processes see them: shared through Redis when REDIS_URL is set.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { createRateLimitFactory, type RateLimitFactory } from "./rate-limit.ts";

const stores = [
  ["memory", undefined],
  ...(process.env.REDIS_URL ? [["redis", process.env.REDIS_URL] as const] : []),
] as const;

describe.each(stores)("rate limits in %s", (store, url) => {
  const factories: RateLimitFactory[] = [];
  afterAll(async () => {
    await Promise.all(factories.map((f) => f.close()));
  });
  const factory = async () => {
    const f = createRateLimitFactory(url);
    factories.push(f);
    await f.ready();
    return f;
  };
  const name = () => `test-${randomBytes(6).toString("hex")}`;

  it("allows the budget, then answers 429 with a retry time", async () => {
    const limit = (await factory()).create(name(), 3, 60);
    for (let i = 0; i < 3; i++) await limit.consume("ip:1");
    const error = await limit.consume("ip:1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect((error as AppError).details.retryAfterSeconds).toBeGreaterThan(0);
    await limit.consume("ip:2");
  });

  it("refuses when any of the keys is over its budget, and forgets keys on reset", async () => {
    const limit = (await factory()).create(name(), 2, 60);
    await limit.consume("ip:a", "email:x");
    await limit.consume("ip:b", "email:x");
    await expect(limit.consume("ip:c", "email:x")).rejects.toMatchObject({ status: 429 });
    await limit.reset("email:x");
    await limit.consume("ip:d", "email:x");
  });

  it.runIf(store === "redis")("shares one budget between two app processes", async () => {
    const shared = name();
    const a = (await factory()).create(shared, 4, 60);
    const b = (await factory()).create(shared, 4, 60);
    await a.consume("ip:9");
    await b.consume("ip:9");
    await a.consume("ip:9");
    await b.consume("ip:9");
    await expect(a.consume("ip:9")).rejects.toMatchObject({ status: 429 });
  });
});
