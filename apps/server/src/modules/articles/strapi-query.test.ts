// Strapi v4's REST query language on the public collections (docs/product/api.md#api-strapi-query):
// filters with $and/$or/$not and the operators, offset pagination, fields, sorts, findOne, the v4
// shape, and the 400s for anything off the allow-list (docs/product/api.md#api-strapi-query).
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import {
  type Entity,
  type Library,
  mayaPopulated,
  NOW,
  seedLibrary,
  V4,
} from "./strapi-collections.test-setup.ts";

type Answer = {
  data: Entity[];
  meta: { pagination: Record<string, number> };
  error?: { status: number; name: string; message: string; details: { errors: unknown[] } };
};

describe.each(engines)("Strapi v4 query language on %s", (engine) => {
  const ctx = withTestApp(engine, { clock: { now: () => NOW } });
  let lib: Library;
  beforeAll(async () => {
    lib = await seedLibrary(ctx.db);
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ url, headers });
    return { status: res.statusCode, body: res.json() as Answer, headers: res.headers };
  };
  const slugs = async (query: string) => {
    const { status, body } = await get(`/api/articles?fields[0]=slug&${query}`);
    expect(status, query).toBe(200);
    return body.data.map((a) => a.attributes.slug);
  };

  it.each([
    ["filters[title][$eq]=Rollup Economics", ["rollup-economics"]],
    ["filters[title]=Rollup Economics", ["rollup-economics"]],
    ["filters[clicks][$ne]=9", ["order-books", "staking_basics"]],
    ["filters[clicks][$gt]=9", ["order-books"]],
    ["filters[clicks][$gte]=9", ["market-wrap", "order-books", "rollup-economics"]],
    ["filters[clicks][$lt]=9", ["staking_basics"]],
    ["filters[clicks][$lte]=9", ["market-wrap", "rollup-economics", "staking_basics"]],
    ["filters[clicks][$in][0]=0&filters[clicks][$in][1]=50", ["order-books", "staking_basics"]],
    [
      "filters[slug][$notIn][0]=market-wrap&filters[slug][$notIn][1]=order-books",
      ["rollup-economics", "staking_basics"],
    ],
    [
      "filters[clicks][$between][0]=1&filters[clicks][$between][1]=10",
      ["market-wrap", "rollup-economics"],
    ],
    ["filters[title][$contains]=Order", ["order-books"]],
    ["filters[title][$contains]=order", []],
    ["filters[title][$containsi]=ORDER", ["order-books"]],
    ["filters[title][$notContains]=Order", ["market-wrap", "rollup-economics", "staking_basics"]],
    ["filters[title][$notContainsi]=E", ["staking_basics"]],
    ["filters[title][$startsWith]=Market", ["market-wrap"]],
    ["filters[title][$startsWith]=market", []],
    ["filters[title][$startsWithi]=market", ["market-wrap"]],
    ["filters[title][$endsWith]=Economics", ["rollup-economics"]],
    ["filters[title][$endsWithi]=ECONOMICS", ["rollup-economics"]],
    ["filters[title][$eqi]=STAKING BASICS", ["staking_basics"]],
    ["filters[title][$nei]=staking BASICS", ["market-wrap", "order-books", "rollup-economics"]],
    ["filters[title][$null]=true", []],
    [
      "filters[title][$notNull]=true",
      ["market-wrap", "order-books", "rollup-economics", "staking_basics"],
    ],
    ["filters[publishedAt][$lt]=2025-01-31", ["rollup-economics", "staking_basics"]],
    ["filters[publishDate][$gte]=2025-02-01T00:00:00.000Z", ["market-wrap", "order-books"]],
  ])("%s", async (query, expected) => {
    expect(await slugs(query)).toEqual(expected);
  });

  it.each([
    [
      "filters[$or][0][clicks][$gt]=20&filters[$or][1][title][$startsWith]=Rollup",
      ["order-books", "rollup-economics"],
    ],
    [
      "filters[$and][0][clicks][$eq]=9&filters[$and][1][publishedAt][$gt]=2025-02-01",
      ["market-wrap"],
    ],
    ["filters[$not][clicks][$eq]=9", ["order-books", "staking_basics"]],
    ["filters[title][$not][$containsi]=E", ["staking_basics"]],
    [
      "filters[$or][0][$and][0][clicks][$eq]=9&filters[$or][0][$and][1][$not][slug][$eq]=market-wrap&filters[$or][1][clicks][$eq]=0",
      ["rollup-economics", "staking_basics"],
    ],
    ["filters[clicks][$gte]=9&filters[clicks][$lt]=50", ["market-wrap", "rollup-economics"]],
  ])("combines with $and, $or and $not: %s", async (query, expected) => {
    expect(await slugs(query)).toEqual(expected);
  });

  it.each([
    ["filters[categories][slug][$eq]=market-structure", ["market-wrap", "order-books"]],
    ["filters[categories][name][$containsi]=layer", ["rollup-economics"]],
    ["filters[tags][name][$eq]=Order Flow", ["order-books"]],
    [
      "filters[ecosystems][slug][$in][0]=bnb-chain&filters[ecosystems][slug][$in][1]=arbitrum-one",
      ["order-books", "rollup-economics"],
    ],
    ["filters[types][name][$eq]=News", ["market-wrap"]],
    ["filters[author][username][$eqi]=maya okafor", ["market-wrap", "order-books"]],
    ["filters[author][id][$null]=true", ["staking_basics"]],
    ["filters[author][id][$notNull]=true", ["market-wrap", "order-books", "rollup-economics"]],
    ["filters[tags][id][$null]=true", ["market-wrap", "staking_basics"]],
    [
      "filters[$not][categories][slug][$eq]=market-structure",
      ["rollup-economics", "staking_basics"],
    ],
    ["filters[categories][slug][$eq]=hidden-category", []],
  ])("filters through relations: %s", async (query, expected) => {
    expect(await slugs(query)).toEqual(expected);
  });

  it.each(["%", "_", "'", "\\", "x' OR '1'='1", "') or 1=1 --"])(
    "binds %s as plain text: no match, no error",
    async (value) => {
      const v = encodeURIComponent(value);
      for (const op of ["$eq", "$containsi", "$contains", "$startsWithi", "$endsWith", "$eqi"]) {
        expect(await slugs(`filters[title][${op}]=${v}`), op).toEqual([]);
      }
      // A literal % and _ still match where they are: a subtitle with "100%", a slug with "_".
      expect(await slugs("filters[subTitle][$containsi]=100%25")).toEqual(["order-books"]);
      expect(await slugs("filters[slug][$containsi]=_")).toEqual(["staking_basics"]);
    },
  );

  it.each([
    ["filters[titel][$eq]=x", ["filters", "titel"], "Invalid key titel"],
    ["filters[title][$like]=x", ["filters", "title", "$like"], "Invalid operator $like"],
    [
      "filters[$or][0][password][$eq]=x",
      ["filters", "$or", "0", "password"],
      "Invalid key password",
    ],
    ["filters[author][email][$eq]=x", ["filters", "author", "email"], "Invalid key email"],
    [
      "filters[clicks][$containsi]=1",
      ["filters", "clicks", "$containsi"],
      "Operator $containsi applies to text fields only, not clicks",
    ],
    ["filters[clicks][$gt]=many", ["filters", "clicks", "$gt"], "clicks: expected a number"],
    [
      "filters[publishedAt][$lt]=yesterday",
      ["filters", "publishedAt", "$lt"],
      "publishedAt: expected an ISO 8601 date",
    ],
    [
      "filters[clicks][$between][0]=1",
      ["filters", "clicks", "$between"],
      "$between: expected 2 values",
    ],
    ["filters[title][$null]=maybe", ["filters", "title", "$null"], "$null: expected true or false"],
    ["sort=content:asc", ["sort"], "Invalid sort field content"],
    ["sort[0]=title:up", ["sort"], "Invalid sort order title:up: use title:asc or title:desc"],
    ["fields[0]=password", ["fields"], "Invalid field password"],
    ["populate=comments", ["populate"], "Invalid populate comments"],
    ["populate[author][fields][0]=email", ["populate", "author", "fields"], "Invalid field email"],
    [
      "populate[author][filters][id]=1",
      ["populate", "author", "filters"],
      "Invalid parameter filters",
    ],
    [
      "pagination[start]=0&pagination[page]=1",
      ["pagination"],
      "Cannot use both page & offset pagination in the same query",
    ],
  ])("refuses %s with a 400 naming it", async (query, path, message) => {
    const { status, body } = await get(`/api/articles?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      status: 400,
      name: "ValidationError",
      message: `${path.join(".")}: ${message}`,
      details: { errors: [{ path, message }] },
    });
  });

  it("refuses an empty fields list on every collection with a 400, never a 500", async () => {
    const message = "Expected a field name or a list of field names";
    for (const collection of ["articles", "categories", "ecosystems", "authors"]) {
      for (const query of ["fields=", "fields=%20", "fields=,", "fields[0]="]) {
        const { status, body } = await get(`/api/${collection}?${query}`);
        expect(`${collection}?${query}: ${status}`).toBe(`${collection}?${query}: 400`);
        expect(body.error).toMatchObject({ message: `fields: ${message}` });
      }
    }
  });

  it("refuses queries past the size limits with a 400 saying which, never a 500", async () => {
    const tooBig = "The query string is nested too deeply or has too many parameters";
    const deep = `filters${"[$not]".repeat(10)}[title][$eq]=x`;
    const many = Array.from({ length: 101 }, (_, i) => `filters[title][$in][${i}]=t${i}`).join("&");
    const long = `filters[title][$eq]=${"x".repeat(201)}`;
    const tests = Array.from({ length: 51 }, (_, i) => `filters[$or][${i}][clicks]=${i}`).join("&");
    for (const [query, message] of [
      [deep, tooBig],
      [many, tooBig],
      [long, "filters.title.$eq: title: at most 200 characters"],
      [tests, "filters.$or.50.clicks: At most 50 filter tests"],
    ] as const) {
      const { status, body } = await get(`/api/articles?${query}`);
      expect(status, query.slice(0, 40)).toBe(400);
      expect(body.error, query.slice(0, 40)).toMatchObject({ name: "ValidationError", message });
    }
  });

  it("pages by offset with pagination[start] and pagination[limit]", async () => {
    const { body } = await get("/api/articles?pagination[start]=1&pagination[limit]=2&fields=slug");
    expect(body.data.map((a) => a.attributes.slug)).toEqual(["order-books", "rollup-economics"]);
    expect(body.meta.pagination).toEqual({ start: 1, limit: 2, total: 4 });
    const all = await get("/api/articles?pagination[limit]=-1&fields=slug");
    expect(all.body.meta.pagination).toEqual({ start: 0, limit: 100, total: 4 });
    const clamped = await get("/api/articles?pagination[start]=3&pagination[limit]=500");
    expect(clamped.body.meta.pagination).toEqual({ start: 3, limit: 100, total: 4 });
    expect(clamped.body.data).toHaveLength(1);
    // Past the last article the page is empty and still tells how many there are.
    const past = await get("/api/articles?pagination[start]=10&pagination[limit]=2");
    expect(past.body).toEqual({
      data: [],
      meta: { pagination: { start: 10, limit: 2, total: 4 } },
    });
    const pastPage = await get("/api/articles?pagination[page]=9&pagination[pageSize]=2");
    expect(pastPage.body.meta.pagination).toEqual({ page: 9, pageSize: 2, pageCount: 2, total: 4 });
    const uncounted = await get("/api/articles?pagination[start]=0&pagination[withCount]=false");
    expect(uncounted.body.meta.pagination).toEqual({ start: 0, limit: 25 });
    const paged = await get(
      "/api/articles?pagination[page]=2&pagination[pageSize]=3&pagination[withCount]=false",
    );
    expect(paged.body.meta.pagination).toEqual({ page: 2, pageSize: 3 });
  });

  it("sorts on publishedAt, on arrays of sorts and on comma lists", async () => {
    expect(await slugs("sort=publishedAt:asc")).toEqual([
      "staking_basics",
      "rollup-economics",
      "order-books",
      "market-wrap",
    ]);
    const byClicksThenTitle = ["order-books", "market-wrap", "rollup-economics", "staking_basics"];
    expect(await slugs("sort[0]=clicks:desc&sort[1]=title:asc")).toEqual(byClicksThenTitle);
    expect(await slugs("sort=clicks:desc,title")).toEqual(byClicksThenTitle);
    expect(await slugs("sort[0]=clicks:desc&sort[1]=title:desc")).toEqual([
      "order-books",
      "rollup-economics",
      "market-wrap",
      "staking_basics",
    ]);
  });

  it("answers only the attributes fields names", async () => {
    const { body } = await get(
      "/api/articles?fields[0]=title&fields[1]=publishedAt&sort=publishedAt:desc&pagination[pageSize]=1",
    );
    expect(body.data).toEqual([
      {
        id: lib.marketWrap,
        attributes: { title: "Market Wrap: Week 5", publishedAt: "2025-03-01T00:00:00.000Z" },
      },
    ]);
    const withContent = await get(
      "/api/articles?fields=slug,content&filters[slug][$eq]=market-wrap",
    );
    expect(withContent.body.data[0]?.attributes).toEqual({
      slug: "market-wrap",
      content: "Content of market-wrap.",
    });
  });

  it("finds one published article by id (Strapi's findOne), in full", async () => {
    const { status, body } = await get(`/api/articles/${lib.orderBooks}`);
    expect(status).toBe(200);
    const one = body.data as unknown as Entity;
    expect(one.id).toBe(lib.orderBooks);
    expect(one.attributes).toMatchObject({
      slug: "order-books",
      content: "Content of order-books.",
      author: {
        id: lib.maya,
        username: "Maya Okafor",
        profilePicture: { url: "/uploads/maya.webp" },
      },
      categories: [{ name: "Market Structure", slug: "market-structure" }],
    });
    expect(body.meta).toEqual({});
    const picked = await get(`/api/articles/${lib.rollup}?fields[0]=title`);
    expect(picked.body.data).toEqual({ id: lib.rollup, attributes: { title: "Rollup Economics" } });
    for (const id of [lib.draft, lib.scheduled, 999999]) {
      expect((await get(`/api/articles/${id}`)).status, String(id)).toBe(404);
    }
    expect((await get("/api/articles/abc")).status).toBe(400);
    expect((await get(`/api/articles/${lib.rollup}?filters[id][$eq]=1`)).status).toBe(400);
  });

  it("answers Strapi v4's shape when asked: relations only when populated, as { data }", async () => {
    const url = `/api/articles/${lib.orderBooks}`;
    const bare = (await get(`${url}?fields=title`, V4)).body.data as unknown as Entity;
    expect(bare.attributes).toEqual({ title: "Order Books & Flow" });
    const { body, headers } = await get(
      `${url}?fields=title&populate[author][fields][0]=username&populate[author][populate]=profilePicture&populate[categories]=true&populate[thumbnailUrl][fields][0]=url`,
      V4,
    );
    expect(headers.vary).toBe("Strapi-Response-Format");
    expect(body.data).toEqual({
      id: lib.orderBooks,
      attributes: {
        title: "Order Books & Flow",
        author: mayaPopulated(lib),
        thumbnailUrl: {
          data: { id: lib.thumbnail, attributes: { url: "/uploads/order-books.webp" } },
        },
        categories: {
          data: [
            {
              id: expect.any(Number),
              attributes: { name: "Market Structure", slug: "market-structure" },
            },
          ],
        },
      },
    });
    const all = await get("/api/articles?populate=*&filters[slug][$eq]=staking_basics", V4);
    const staking = all.body.data[0]?.attributes ?? {};
    expect(staking).toMatchObject({
      author: { data: null },
      thumbnailUrl: { data: null },
      tags: { data: [] },
    });
    expect(staking.publishedAt).toBe("2024-06-01T00:00:00.000Z");
    expect(staking.content).toBe("Content of staking_basics.");
    expect((await get("/api/articles", { "strapi-response-format": "v5" })).status).toBe(400);
  });
});
