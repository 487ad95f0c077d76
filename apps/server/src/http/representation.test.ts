// A public read's response schema, checked once per distinct answer (http/representation.ts
// checkedOnce, applied by plugins/response-cache.ts to routes declared PUBLIC_READ): the
// allow-list still holds on every answer, and a changed answer is checked anew.
import Fastify from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import responseCache from "../plugins/response-cache.ts";
import { PUBLIC_READ } from "./cache.ts";
import { entityTag, representationOf } from "./representation.ts";
import { responseSerializerCompiler } from "./routes.ts";

describe("a public read's response schema (checkedOnce)", () => {
  const app = Fastify({ logger: false });
  let checks = 0;
  let answer: Record<string, unknown> = {};
  const schema = z.object({
    title: z.string().refine(() => ++checks > 0),
    count: z.number(),
  });

  beforeAll(async () => {
    // As the app registers it: routes declared public get their schema checked once.
    app.setSerializerCompiler(responseSerializerCompiler);
    await app.register(responseCache, {
      ttlSeconds: 0,
      serializerCompiler: responseSerializerCompiler,
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      "/answer",
      { config: PUBLIC_READ, schema: { response: { 200: schema } } },
      async () => answer as z.infer<typeof schema>,
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = () => app.inject({ url: "/answer" });

  it("checks an answer sent again once, and a changed answer anew", async () => {
    answer = { title: "Rollups", count: 1 };
    const before = checks;
    const first = await get();
    expect(first.json()).toEqual({ title: "Rollups", count: 1 });
    for (let i = 0; i < 3; i++) expect((await get()).body).toBe(first.body);
    expect(checks - before).toBe(1);
    answer = { title: "Rollups", count: 2 };
    expect((await get()).json()).toEqual({ title: "Rollups", count: 2 });
    expect(checks - before).toBe(2);
  });

  it("never sends what the schema leaves out, the first time or any time after", async () => {
    answer = { title: "Staking", count: 3, passwordHash: "$argon2id$secret" };
    for (let i = 0; i < 3; i++) {
      const res = await get();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ title: "Staking", count: 3 });
      expect(res.body).not.toContain("argon2id");
    }
  });

  it("refuses an answer the schema refuses every time it is asked, not only the first", async () => {
    answer = { title: "Bridges", count: "three" };
    for (let i = 0; i < 2; i++) expect((await get()).statusCode).toBe(500);
  });

  it("sends the schema's field order, not the handler's, checking it once too", async () => {
    answer = { count: 4, title: "Oracles" };
    const before = checks;
    for (let i = 0; i < 3; i++) {
      const res = await get();
      expect(res.body).toBe('{"title":"Oracles","count":4}');
      expect(res.headers.etag).toBe(entityTag(Buffer.from(res.body)));
    }
    expect(checks - before).toBe(1);
  });
});

describe("representationOf", () => {
  it("gives a text's UTF-8 bytes and the strong ETag of those bytes, non-Latin-1 included", () => {
    const text = JSON.stringify({ excerpt: "Gas, blobs and fees…", by: "Zoë" });
    const sent = representationOf(text);
    expect(sent.body.toString("utf8")).toBe(text);
    expect(sent.etag).toBe(entityTag(Buffer.from(text)));
    expect(representationOf(`${text} `).etag).not.toBe(sent.etag);
  });
});
