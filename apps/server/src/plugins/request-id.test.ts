// Request ids: a sane X-Request-Id is kept, anything else replaced by a UUID; every answer (a cached
// one, a framework refusal) carries its own, and every log line of the request names it.
import { MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import type { Db } from "../db/client.ts";
import { withTestApp } from "../testing/app.ts";
import { engines, freshDb, testConfig } from "../testing/db.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(engines)("request ids on %s", (engine) => {
  const ctx = withTestApp(engine, { config: { RESPONSE_CACHE_SECONDS: "5" } });
  const idOf = async (headers: Record<string, string>, url = "/api/articles/count") =>
    (await ctx.app.inject({ url, headers })).headers["x-request-id"];

  it("keeps a sane X-Request-Id from the proxy, and draws a UUID when there is none", async () => {
    for (const id of ["9f86d081884c7d659a2feaa0c55ad015", "Root=1-67891233-abcdef012345678912"]) {
      expect(await idOf({ "x-request-id": id })).toBe(id);
    }
    const drawn = [await idOf({}), await idOf({})];
    for (const id of drawn) expect(id).toMatch(UUID);
    expect(drawn[0]).not.toBe(drawn[1]);
  });

  it("replaces an id that could forge or break a log line", async () => {
    const bad = ["two words", 'quote"d', "a".repeat(129), "ünïcödé", "id}{\\", ""];
    for (const id of bad) expect(await idOf({ "x-request-id": id })).toMatch(UUID);
  });

  it("answers a cached response with the request's own id, not the first reader's", async () => {
    const url = "/api/articles/count";
    const first = await ctx.app.inject({ url, headers: { "x-request-id": "first-reader" } });
    const second = await ctx.app.inject({ url, headers: { "x-request-id": "second-reader" } });
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(first.headers["x-request-id"]).toBe("first-reader");
    expect(second.headers["x-request-id"]).toBe("second-reader");
  });

  it("names error answers too, the router's own refusals included", async () => {
    const missing = await ctx.app.inject({
      url: "/api/nothing-here",
      headers: { "x-request-id": "r-404" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["x-request-id"]).toBe("r-404");
    const badUrl = await ctx.app.inject({ url: "/api/%zz", headers: { "x-request-id": "r-400" } });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.headers["x-request-id"]).toBe("r-400");
  });
});

describe("request ids in the logs", () => {
  const lines: Array<Record<string, unknown>> = [];
  let db: Db;
  let app: App;
  // A provider that fails: Max's chat logs the failure from inside his service.
  const failing = new MockLanguageModelV4({
    doStream: async () => {
      throw new Error("provider exploded");
    },
  });
  beforeAll(async () => {
    db = await freshDb("sqlite");
    app = await buildApp(testConfig({ LOG_LEVEL: "info" }), {
      db,
      languageModel: failing,
      logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    app.get("/api/test/throws", async () => {
      throw new Error("connect ECONNREFUSED 10.0.0.5:5432");
    });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it("puts the id on every line written while the request is served, the services' too", async () => {
    lines.length = 0;
    const res = await app.inject({
      method: "POST",
      url: "/api/assistant/chat",
      headers: { "x-request-id": "trace-max-1" },
      payload: { text: "Key market stats for Bitcoin?" },
      remoteAddress: "10.8.0.1",
    });
    expect(res.statusCode).toBe(200);
    const messages = lines.map((l) => l.msg);
    expect(messages).toContain("incoming request");
    expect(messages).toContain("assistant model call failed");
    expect(messages).toContain("request completed");
    for (const line of lines)
      expect(line, String(line.msg)).toMatchObject({ reqId: "trace-max-1" });
  });

  it("logs a 500 once, under the id its answer gives in the header and in details.requestId", async () => {
    lines.length = 0;
    const res = await app.inject({ url: "/api/test/throws" });
    expect(res.statusCode).toBe(500);
    const id = res.headers["x-request-id"];
    expect(id).toMatch(UUID);
    expect(res.json().error.details).toEqual({ requestId: id });
    expect(lines.filter((l) => l.msg === "request failed")).toHaveLength(1);
    for (const line of lines) expect(line).toMatchObject({ reqId: id });
  });
});
