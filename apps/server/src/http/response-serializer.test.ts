// The compiled response serializer answers the bytes fastify-type-provider-zod's serializer
// answers, lets only the schema's fields out, and refuses what the schema refuses.
import {
  articleListResponseSchema,
  errorBodySchema,
  strapiArticleSchema,
  strapiListResponseSchema,
} from "@pragmatist/contracts";
import { serializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responseSerializer } from "./response-serializer.ts";

/** Both serializers of `schema`, as Fastify compiles them for a route. */
function serializers(schema: z.ZodType) {
  const route = { schema, method: "GET", url: "/test", httpStatus: "200" };
  return {
    zod: serializerCompiler(route as never) as (data: unknown) => string,
    compiled: responseSerializer(route as never) as (data: unknown) => string,
  };
}

const card = {
  title: 'A "quoted" title \\ with a backslash',
  subTitle: "Tabs\tand\nnew lines, … and 🦊, and a lone \ud800 surrogate",
  slug: "a-title",
  publishDate: "2026-01-01T00:00:00.000Z",
  thumbnailUrl: { url: "/uploads/a.webp", width: 1200, height: null, alternativeText: null },
  author: { id: 3, username: "Maya", profilePicture: null, email: "maya@example.test" },
  clicks: 7,
  types: ["Research"],
  categories: [{ name: "DeFi", slug: "defi", id: 9 }],
  tags: ["staking"],
  ecosystems: [],
  likeCount: 2,
  bookmarkCount: 0,
  commentCount: 1,
  readingTimeMinutes: 4,
  excerpt: "An excerpt.",
  password_hash: "never out",
};

describe("responseSerializer", () => {
  it.each([
    [
      "a page of cards and full articles",
      articleListResponseSchema,
      {
        meta: { pagination: { total: 2, pageCount: 1, pageSize: 10, page: 1 } },
        data: [
          { id: 1, attributes: card, token: "x" },
          {
            id: 2,
            attributes: { ...card, content: "# Hi", body: true, updatedAt: "u", source: null },
          },
        ],
      },
    ],
    [
      "a Strapi page in either shape, counted or not",
      strapiListResponseSchema(strapiArticleSchema),
      {
        data: [
          { id: 1, attributes: card },
          {
            id: 2,
            attributes: {
              title: "v4",
              publishedAt: "p",
              author: { data: { id: 3, attributes: { username: "Maya", secret: 1 } } },
              categories: { data: [{ id: 9, attributes: { slug: "defi" } }] },
              thumbnailUrl: { data: null },
            },
          },
        ],
        meta: { pagination: { page: 2, pageSize: 3 } },
      },
    ],
    [
      "an error body (its details run through zod)",
      errorBodySchema,
      { data: null, error: { status: 400, name: "E", message: "m", details: { a: [1] } } },
    ],
  ])("answers the provider's bytes for %s", (_name, schema, data) => {
    const { zod, compiled } = serializers(schema);
    expect(compiled(data)).toBe(zod(data));
    expect(compiled(data)).not.toMatch(/never out|maya@example|token|secret/);
  });

  it("writes keys in the schema's order, leaves out absent optional keys, keeps nulls", () => {
    const schema = z.object({ a: z.string(), b: z.number().optional(), c: z.boolean().nullable() });
    const { zod, compiled } = serializers(schema);
    for (const data of [
      { c: null, a: "x", extra: 1 },
      { b: undefined, a: "x", c: true },
      { c: false, b: 1.5, a: "x" },
    ]) {
      expect(compiled(data)).toBe(zod(data));
    }
    expect(compiled({ c: null, a: "x" })).toBe('{"a":"x","c":null}');
  });

  it("picks the first union option a value fits, as zod does", () => {
    const schema = z.array(
      z.union([
        z.object({ kind: z.literal("a"), n: z.number().int() }),
        z.object({ n: z.number() }),
        z.enum(["x", "y"]),
      ]),
    );
    const { zod, compiled } = serializers(schema);
    const data = [{ kind: "a", n: 1 }, { kind: "b", n: 1.5 }, { n: 2 }, "y"];
    expect(compiled(data)).toBe(zod(data));
    expect(compiled(data)).toBe('[{"kind":"a","n":1},{"n":1.5},{"n":2},"y"]');
  });

  it("leaves string formats and other checks to zod", () => {
    const schema = z.object({ email: z.email(), short: z.string().max(3), n: z.number().min(1) });
    const { zod, compiled } = serializers(schema);
    const data = { email: "a@example.test", short: "abc", n: 2 };
    expect(compiled(data)).toBe(zod(data));
    for (const bad of [
      { ...data, email: "nope" },
      { ...data, short: "abcd" },
      { ...data, n: 0 },
    ]) {
      expect(() => compiled(bad)).toThrow(expect.objectContaining({ statusCode: 500 }));
    }
  });

  it.each([
    ["a string where a number is due", { a: "1" }],
    ["a fraction where an integer is due", { a: 1.5 }],
    ["a missing required key", {}],
    ["a value of no union option", { a: 1, b: true }],
    ["not an object", [1]],
  ])("refuses %s with the provider's 500", (_name, data) => {
    const schema = z.object({ a: z.number().int(), b: z.union([z.string(), z.null()]).optional() });
    const { zod, compiled } = serializers(schema);
    expect(() => zod(data)).toThrow();
    expect(() => compiled(data)).toThrow(
      expect.objectContaining({ code: "FST_ERR_RESPONSE_SERIALIZATION", statusCode: 500 }),
    );
  });
});
