// The public collections besides articles in Strapi's find/findOne (categories, ecosystems,
// authors), the OpenAPI document of the query language, and the response cache keeping the two
// article shapes apart (docs/product/api.md#api-strapi-query).
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import {
  type Entity,
  type Library,
  NOW,
  seedLibrary,
  V4,
} from "./strapi-collections.test-setup.ts";

type Answer = { data: Entity[]; meta: { pagination: Record<string, number> } };

describe.each(engines)("public collections on %s", (engine) => {
  const ctx = withTestApp(engine, { clock: { now: () => NOW } });
  let lib: Library;
  beforeAll(async () => {
    lib = await seedLibrary(ctx.db);
  });

  const get = async (url: string) => {
    const res = await ctx.app.inject({ url });
    return { status: res.statusCode, body: res.json() as Answer };
  };

  it("lists the categories and ecosystems published articles use, with Strapi's find and findOne", async () => {
    const { body } = await get("/api/categories?sort[0]=articleCount:desc&sort[1]=name");
    expect(body.data.map((c) => c.attributes)).toEqual([
      { name: "Market Structure", slug: "market-structure", articleCount: 2 },
      { name: "DeFi", slug: "defi", articleCount: 1 },
      { name: "Layer 2", slug: "layer-2", articleCount: 1 },
    ]);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 3 });
    const eco = await get("/api/ecosystems?filters[name][$containsi]=chain&fields=slug");
    expect(eco.body.data.map((e) => e.attributes)).toEqual([{ slug: "bnb-chain" }]);
    const offset = await get(
      "/api/categories?pagination[start]=2&pagination[limit]=1&sort=slug:desc",
    );
    expect(offset.body.data.map((c) => c.attributes.slug)).toEqual(["defi"]);
    expect(offset.body.meta.pagination).toEqual({ start: 2, limit: 1, total: 3 });
    const first = body.data[0] as Entity;
    const one = await get(`/api/categories/${first.id}`);
    expect(one.body).toEqual({ data: first, meta: {} });
    const hiddenId = (await get("/api/categories?filters[slug][$eq]=hidden-category")).body.data;
    expect(hiddenId).toEqual([]);
    expect((await get("/api/categories/999999")).status).toBe(404);
    expect((await get("/api/categories?filters[articleCount][$gt]=1")).status).toBe(400);
  });

  it("lists the live authors of published articles, their picture by populate", async () => {
    const { body } = await get("/api/authors?sort=articleCount:desc&populate=profilePicture");
    expect(body.data).toEqual([
      {
        id: lib.maya,
        attributes: {
          username: "Maya Okafor",
          slug: "maya-okafor",
          bio: null,
          articleCount: 2,
          profilePicture: { data: { id: lib.avatar, attributes: { url: "/uploads/maya.webp" } } },
        },
      },
      {
        id: lib.leo,
        attributes: {
          username: "Leo Brandt",
          slug: "leo-brandt",
          bio: null,
          articleCount: 1,
          profilePicture: { data: null },
        },
      },
    ]);
    const one = await get(`/api/authors/${lib.leo}?fields[0]=username`);
    expect(one.body.data).toEqual({ id: lib.leo, attributes: { username: "Leo Brandt" } });
    expect((await get("/api/authors?filters[username][$startsWithi]=drafty")).body.data).toEqual(
      [],
    );
    expect((await get("/api/authors?filters[email][$eq]=x")).status).toBe(400);
  });

  it("documents the collections and their query language in the OpenAPI document", async () => {
    const doc = (await ctx.app.inject({ url: "/api/docs/json" })).json();
    for (const path of [
      "/api/articles/{id}",
      "/api/categories",
      "/api/ecosystems/{id}",
      "/api/authors",
    ]) {
      expect(doc.paths, path).toHaveProperty([path, "get"]);
    }
    const params = doc.paths["/api/articles"].get.parameters as {
      name: string;
      description?: string;
    }[];
    expect(params.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        "filters",
        "sort",
        "fields",
        "populate",
        "pagination",
        "strapi-response-format",
      ]),
    );
    expect(params.find((p) => p.name === "filters")?.description).toContain("$containsi");
  });
});

describe("the response cache and the two shapes", () => {
  const ctx = withTestApp("sqlite", {
    clock: { now: () => NOW },
    config: { RESPONSE_CACHE_SECONDS: "60" },
  });
  beforeAll(async () => {
    await seedLibrary(ctx.db);
  });

  it("never answers a Strapi v4 request from an answer cached in our shape, or back", async () => {
    const url = "/api/articles?filters[slug][$eq]=order-books&populate=author";
    const ours = await ctx.app.inject({ url });
    const v4 = await ctx.app.inject({ url, headers: V4 });
    const oursAgain = await ctx.app.inject({ url });
    expect(ours.json().data[0].attributes.author).toMatchObject({ username: "Maya Okafor" });
    expect(v4.json().data[0].attributes.author).toMatchObject({
      data: { attributes: { username: "Maya Okafor" } },
    });
    expect(oursAgain.headers["x-cache"]).toBe("HIT");
    expect(oursAgain.json()).toEqual(ours.json());
  });
});
