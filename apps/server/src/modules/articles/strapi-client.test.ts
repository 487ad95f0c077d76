// The official @strapi/client against the running app (docs/product/api.md#api-strapi-query): its
// find and findOne on the public collections, with the query strings it builds (qs, brackets
// percent-encoded), both answer shapes, and its errors (docs/product/api.md#api-strapi-query).
import type { AddressInfo } from "node:net";
import { type API, HTTPBadRequestError, HTTPNotFoundError, strapi } from "@strapi/client";
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { type Library, mayaPopulated, NOW, seedLibrary } from "./strapi-collections.test-setup.ts";

describe.each(engines)("@strapi/client against the app listening on %s", (engine) => {
  const ctx = withTestApp(engine, { clock: { now: () => NOW } });
  let lib: Library;
  let baseURL: string;
  beforeAll(async () => {
    lib = await seedLibrary(ctx.db);
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    baseURL = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api`;
  });
  const articles = () => strapi({ baseURL }).collection("articles");
  const slugsOf = (page: API.DocumentResponseCollection) =>
    page.data.map((a) => (a.attributes as { slug: string }).slug);

  it("finds with $or and operators, fields, a publishedAt sort and offset pagination", async () => {
    const page = await articles().find({
      filters: { $or: [{ title: { $containsi: "order" } }, { clicks: { $lte: 0 } }] },
      fields: ["title", "publishedAt"],
      sort: ["publishedAt:desc"],
      pagination: { start: 0, limit: 10 },
    });
    expect(page).toEqual({
      data: [
        {
          id: lib.orderBooks,
          attributes: { title: "Order Books & Flow", publishedAt: "2025-02-01T00:00:00.000Z" },
        },
        {
          id: lib.staking,
          attributes: { title: "staking basics", publishedAt: "2024-06-01T00:00:00.000Z" },
        },
      ],
      meta: { pagination: { start: 0, limit: 10, total: 2 } },
    });
  });

  it("finds with $and, $not, $in and $null, through relations too", async () => {
    const combined = await articles().find({
      filters: {
        $and: [
          { categories: { slug: { $eq: "market-structure" } } },
          { $not: { types: { name: { $eq: "News" } } } },
        ],
      },
      fields: ["slug"],
    });
    expect(slugsOf(combined)).toEqual(["order-books"]);
    const listed = await articles().find({
      filters: {
        slug: { $in: ["rollup-economics", "staking_basics"] },
        author: { id: { $null: true } },
      },
      fields: ["slug"],
    });
    expect(slugsOf(listed)).toEqual(["staking_basics"]);
    const sorted = await articles().find({
      sort: ["clicks:desc", "title:asc"],
      fields: ["slug"],
      pagination: { page: 2, pageSize: 2, withCount: false },
    });
    expect(slugsOf(sorted)).toEqual(["rollup-economics", "staking_basics"]);
    expect(sorted.meta).toEqual({ pagination: { page: 2, pageSize: 2 } });
  });

  it("finds one article by id, with its content", async () => {
    const { data, meta } = await articles().findOne(String(lib.rollup));
    expect(data).toMatchObject({
      id: lib.rollup,
      attributes: {
        slug: "rollup-economics",
        content: "Content of rollup-economics.",
        author: { id: lib.leo, username: "Leo Brandt" },
      },
    });
    expect(meta).toEqual({});
    const picked = await articles().findOne(String(lib.rollup), { fields: ["title"] });
    expect(picked.data).toEqual({ id: lib.rollup, attributes: { title: "Rollup Economics" } });
  });

  it("gets Strapi v4's shape, populated relations as { data }, when it sends the header", async () => {
    const v4 = strapi({ baseURL, headers: { "Strapi-Response-Format": "v4" } });
    const page = await v4.collection("articles").find({
      filters: { slug: { $eq: "order-books" } },
      fields: ["title"],
      populate: {
        author: { fields: ["username"], populate: { profilePicture: true } },
        tags: true,
      },
    });
    expect(page.data).toEqual([
      {
        id: lib.orderBooks,
        attributes: {
          title: "Order Books & Flow",
          author: mayaPopulated(lib),
          tags: {
            data: [
              { id: expect.any(Number), attributes: { name: "Order Flow", slug: "order-flow" } },
            ],
          },
        },
      },
    ]);
  });

  it("reads the categories, ecosystems and authors collections", async () => {
    const client = strapi({ baseURL });
    const categories = await client.collection("categories").find({
      sort: ["articleCount:desc", "name"],
      fields: ["slug", "articleCount"],
    });
    expect(categories.data.map((c) => c.attributes)).toEqual([
      { slug: "market-structure", articleCount: 2 },
      { slug: "defi", articleCount: 1 },
      { slug: "layer-2", articleCount: 1 },
    ]);
    const ecosystems = await client
      .collection("ecosystems")
      .find({ filters: { name: { $startsWithi: "bnb" } } });
    expect(ecosystems.data.map((e) => e.attributes)).toEqual([
      { name: "BNB Chain", slug: "bnb-chain", articleCount: 1 },
    ]);
    const leo = await client.collection("authors").findOne(String(lib.leo), { fields: ["slug"] });
    expect(leo.data).toEqual({ id: lib.leo, attributes: { slug: "leo-brandt" } });
  });

  it("rejects an unknown field with a 400 naming it, and an unknown id with a 404", async () => {
    const refused = await articles()
      .find({ filters: { titel: { $eq: "x" } } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HTTPBadRequestError);
    const body = await (refused as HTTPBadRequestError).response.json();
    expect(body).toMatchObject({
      data: null,
      error: { status: 400, name: "ValidationError", message: "filters.titel: Invalid key titel" },
    });
    await expect(articles().findOne(String(lib.draft))).rejects.toBeInstanceOf(HTTPNotFoundError);
  });
});
