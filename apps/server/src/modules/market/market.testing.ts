// The live market service's test set-up: a loopback CoinGecko answering with the real captures
// (../shared/data/coingecko), a test clock, and services on it that close after each test.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { isMarketError, type MarketResult } from "@pragmatist/contracts";
import { testConfig } from "../../testing/db.ts";
import { startFakeCoinGecko } from "../../testing/fake-coingecko.ts";
import { hasCoinGeckoCaptures } from "../../testing/shared-data.ts";
import {
  createMarketService,
  type MarketService,
  type MarketServiceOptions,
} from "./market.service.ts";

/** `result` when it is no market error; throws otherwise. */
export function ok<T>(result: MarketResult<T>): T {
  if (isMarketError(result)) throw new Error(`unexpected market error: ${result.error}`);
  return result;
}

/** The test clock's start. */
export const START = new Date("2026-11-22T12:00:00.000Z");

/** How a test's service is built: the plan, the call budget, and the service's own options. */
export interface LiveMarketOptions extends Partial<Omit<MarketServiceOptions, "coinGecko">> {
  plan?: "demo" | "pro";
  callsPerMinute?: number;
}

/**
 * Registers, in the calling file or describe block, a loopback CoinGecko (started once, its log
 * and scripts reset before each test), a clock at START, and `market()`: a live service on them
 * with a key of `plan`, its own cache prefix unless one is given, closed after the test. Needs
 * the captures (`hasCoinGeckoCaptures`); without them nothing starts.
 */
export function liveMarketSuite() {
  let coingecko: Awaited<ReturnType<typeof startFakeCoinGecko>> | undefined;
  let now = START;
  const services: MarketService[] = [];
  beforeAll(async () => {
    if (hasCoinGeckoCaptures) coingecko = await startFakeCoinGecko();
  });
  afterAll(async () => {
    await coingecko?.close();
  });
  beforeEach(() => {
    now = START;
    coingecko?.reset();
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.close()));
  });
  const server = () => {
    if (!coingecko) throw new Error("liveMarketSuite: the loopback CoinGecko is not up");
    return coingecko;
  };
  return {
    get coingecko() {
      return server();
    },
    now: () => now,
    advance(seconds: number) {
      now = new Date(now.getTime() + seconds * 1000);
    },
    market(options: LiveMarketOptions = {}): MarketService {
      const { plan = "demo", callsPerMinute, ...rest } = options;
      const config = testConfig({
        COINGECKO_API_KEY: `test-${plan}-key`,
        COINGECKO_PLAN: plan,
        COINGECKO_BASE_URL: server().baseUrl,
        ...(callsPerMinute ? { COINGECKO_CALLS_PER_MINUTE: String(callsPerMinute) } : {}),
      });
      const service = createMarketService({
        coinGecko: config.coinGecko,
        cacheKeyPrefix: `test:${randomBytes(6).toString("hex")}:`,
        now: () => now,
        ...rest,
      });
      services.push(service);
      return service;
    },
  };
}

/** A Redis key prefix of its own, whose keys are deleted after the calling describe block. */
export function redisPrefix(): string {
  const prefix = `test:market:${randomBytes(6).toString("hex")}:`;
  afterAll(async () => {
    const redis = new Redis(process.env.REDIS_URL ?? "");
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  return prefix;
}
