// What the services count as it happens, read as a scraper reads it: CoinGecko calls, failures and
// stale answers (a loopback CoinGecko), mail sent and failed (a loopback SMTP server).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMetrics } from "./metrics.ts";
import { createMailer } from "./modules/mail/mailer.ts";
import { createMarketService } from "./modules/market/market.service.ts";
import { testConfig } from "./testing/db.ts";
import { startFakeCoinGecko } from "./testing/fake-coingecko.ts";
import { hasCoinGeckoCaptures, needs, noteSkipped } from "./testing/shared-data.ts";
import { sampleValue } from "./testing/prometheus.ts";
import { type SmtpSink, startSmtpSink } from "./testing/smtp-sink.ts";

noteSkipped(hasCoinGeckoCaptures, "CoinGecko metrics from a loopback CoinGecko", "coingecko");

describe.skipIf(!hasCoinGeckoCaptures)(`CoinGecko metrics ${needs("coingecko")}`, () => {
  let coingecko: Awaited<ReturnType<typeof startFakeCoinGecko>>;
  beforeAll(async () => {
    coingecko = await startFakeCoinGecko();
  });
  afterAll(() => coingecko.close());

  it("counts lookups sent upstream, their failures and the stale answers served instead", async () => {
    const metrics = createMetrics();
    let now = new Date("2026-11-22T12:00:00.000Z");
    const config = testConfig({
      COINGECKO_API_KEY: "test-demo-key",
      COINGECKO_BASE_URL: coingecko.baseUrl,
    });
    const market = createMarketService({
      coinGecko: config.coinGecko,
      cacheKeyPrefix: `test:${randomBytes(6).toString("hex")}:`,
      now: () => now,
      metrics,
      refreshTickMs: 20,
    });
    const read = async (name: string) =>
      sampleValue(await metrics.registry.metrics(), name, { endpoint: "trending" });
    try {
      await market.getTrendingTokens();
      await market.getTrendingTokens(); // fresh in the cache: no call
      expect(await read("pragmatist_coingecko_calls_total")).toBe(1);
      expect(await read("pragmatist_coingecko_errors_total")).toBe(0);

      now = new Date(now.getTime() + 700_000); // past trending's 600 s
      coingecko.script("/search/trending", { status: 500 }, { status: 500 });
      market.start(); // the background refresh tries, and fails
      await vi.waitFor(async () => expect(await read("pragmatist_coingecko_errors_total")).toBe(1));
      expect(await market.getTrendingTokens()).toMatchObject({ stale: true });
      expect(await read("pragmatist_coingecko_calls_total")).toBe(2);
      expect(await read("pragmatist_coingecko_errors_total")).toBe(1);
      expect(await read("pragmatist_coingecko_stale_serves_total")).toBe(1);
    } finally {
      await market.close();
    }
  });
});

describe("mail metrics", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  const message = { to: "reader@example.com", subject: "Hello", text: "Hi", html: "<p>Hi</p>" };
  const from = '"Test" <no-reply@example.com>';

  it("counts messages the SMTP server accepted, and those it could not be given", async () => {
    const metrics = createMetrics();
    const read = async (transport: string, outcome: string) =>
      sampleValue(await metrics.registry.metrics(), "pragmatist_mail_messages_total", {
        transport,
        outcome,
      });
    const working = createMailer({ smtpUrl: sink.url, from, dataDir: ":memory:", metrics });
    await working.send(message);
    await sink.next();
    // Port 9 (discard) has no SMTP server on this machine: the connection is refused.
    const down = createMailer({
      smtpUrl: "smtp://127.0.0.1:9",
      from,
      dataDir: ":memory:",
      metrics,
    });
    await expect(down.send(message)).rejects.toThrow();
    working.close();
    down.close();
    expect(await read("smtp", "sent")).toBe(1);
    expect(await read("smtp", "failed")).toBe(1);
  });

  it("counts the outbox's messages under their own transport", async () => {
    const metrics = createMetrics();
    const outbox = createMailer({ smtpUrl: undefined, from, dataDir: ":memory:", metrics });
    await outbox.send(message);
    outbox.close();
    const text = await metrics.registry.metrics();
    expect(sampleValue(text, "pragmatist_mail_messages_total", { transport: "outbox" })).toBe(1);
  });
});
