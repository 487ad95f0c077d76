// Strapi v4 compatibility of the article lists (docs/product/api.md#api-strapi-query): a page size
// above 100 is clamped as Strapi's `api.rest.maxLimit` clamps it, and the filters of
// /api/articles/params take the names cards show as well as slugs
// (docs/product/api.md#api-articles, #api-conventions).
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGE_SIZE } from "@pragmatist/contracts";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle, insertUser } from "../../testing/fixtures.ts";

/** More published articles than the largest page. */
const FILLER = MAX_PAGE_SIZE + 5;
/** The named articles the filters find, besides the filler. */
const NAMED = 3;

type Page = {
  data: { id: number; attributes: { slug: string } }[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
};

describe.each(engines)("article lists on %s, as Strapi v4 clients call them", (engine) => {
  const ctx = withTestApp(engine, { clock: { now: () => new Date("2026-06-01T12:00:00.000Z") } });

  beforeAll(async () => {
    const maya = await insertUser(ctx.db, { username: "Maya Okafor" });
    const leo = await insertUser(ctx.db, { username: "Leo Brandt" });
    await insertArticle(ctx.db, {
      slug: "order-books",
      publishDate: "2025-02-01T00:00:00.000Z",
      authorId: maya,
      categories: ["Market Structure"],
      tags: ["Order Flow", "Builder's Notes"],
      ecosystems: ["BNB Chain"],
    });
    await insertArticle(ctx.db, {
      slug: "rollup-economics",
      publishDate: "2025-01-10T00:00:00.000Z",
      authorId: leo,
      categories: ["Layer 2"],
      tags: ["order-flow-auctions"],
      ecosystems: ["Arbitrum One"],
    });
    await insertArticle(ctx.db, {
      slug: "energie-et-consensus",
      publishDate: "2024-12-01T00:00:00.000Z",
      categories: ["Énergie"],
    });
    for (let i = 0; i < FILLER; i++) {
      await insertArticle(ctx.db, { slug: `filler-${i}`, publishDate: "2023-01-01T00:00:00.000Z" });
    }
  });

  const get = async (url: string) => {
    const res = await ctx.app.inject({ url });
    return { status: res.statusCode, body: res.json() as Page };
  };
  const slugs = async (url: string) => {
    const { status, body } = await get(url);
    expect(status, url).toBe(200);
    return body.data.map((a) => a.attributes.slug);
  };

  describe("page sizes above 100 (Strapi clamps pagination[pageSize] to maxLimit)", () => {
    it.each([
      [
        "/api/articles?pagination[pageSize]=999",
        "/api/articles?pagination[pageSize]=101&pagination[page]=2",
      ],
      ["/api/articles/params?pageSize=999", "/api/articles/params?pageSize=101&page=2"],
    ])("%s answers 100 items and says pageSize 100", async (url, secondPage) => {
      const { status, body } = await get(url);
      expect(status).toBe(200);
      expect(body.data).toHaveLength(MAX_PAGE_SIZE);
      expect(body.meta.pagination).toEqual({
        page: 1,
        pageSize: MAX_PAGE_SIZE,
        pageCount: 2,
        total: FILLER + NAMED,
      });
      const page2 = await get(secondPage);
      expect(page2.status).toBe(200);
      expect(page2.body.data).toHaveLength(FILLER + NAMED - MAX_PAGE_SIZE);
      expect(page2.body.meta.pagination).toMatchObject({ page: 2, pageSize: MAX_PAGE_SIZE });
    });

    it("clamps populate-fuzzy the same way", async () => {
      const ids = async (page: number) =>
        (await get(`/api/articles?pagination[pageSize]=100&pagination[page]=${page}`)).body.data
          .map((a) => a.id)
          .reverse();
      const all = [...(await ids(2)), ...(await ids(1))];
      const url = `/api/articles/populate-fuzzy?articleIds=${all.join(",")}&pageSize=999`;
      const { status, body } = await get(url);
      expect(status).toBe(200);
      expect(body.data.map((a) => a.id)).toEqual(all.slice(0, MAX_PAGE_SIZE));
      expect(body.meta.pagination).toEqual({
        page: 1,
        pageSize: MAX_PAGE_SIZE,
        pageCount: 2,
        total: FILLER + NAMED,
      });
    });

    it("clamps any whole number, however large", async () => {
      const { body } = await get("/api/articles?pagination[pageSize]=99999999999999999999");
      expect(body.data).toHaveLength(MAX_PAGE_SIZE);
      expect(body.meta.pagination.pageSize).toBe(MAX_PAGE_SIZE);
    });

    it.each([
      "/api/articles?pagination[pageSize]=0",
      "/api/articles?pagination[pageSize]=-1",
      "/api/articles?pagination[pageSize]=abc",
      "/api/articles?pagination[pageSize]=2.5",
      "/api/articles?pagination[pageSize]=",
      "/api/articles/params?pageSize=0",
      "/api/articles/params?pageSize=-1",
      "/api/articles/params?pageSize=abc",
      "/api/articles/populate-fuzzy?articleIds=1&pageSize=0",
      "/api/articles/populate-fuzzy?articleIds=1&pageSize=-1",
      "/api/articles/populate-fuzzy?articleIds=1&pageSize=abc",
    ])("still refuses %s with a 400", async (url) => {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ data: null, error: { status: 400 } });
    });
  });

  describe("filters by the name a card shows", () => {
    it.each([
      ["categories", "market-structure", "Market Structure"],
      ["categories", "market-structure", "market structure"],
      ["categories", "market-structure", "MARKET STRUCTURE"],
      ["tags", "order-flow", "Order Flow"],
      ["tags", "builder-s-notes", "Builder's Notes"],
      ["categories", "layer-2", "Layer 2"],
      ["ecosystems", "bnb-chain", "BNB Chain"],
      ["ecosystems", "arbitrum-one", "arbitrum one"],
      ["author", "maya-okafor", "Maya Okafor"],
      ["author", "MAYA-OKAFOR", "maya okafor"],
    ])("%s=%s and %s= the name find the same articles", async (key, slug, name) => {
      const bySlug = await slugs(`/api/articles/params?${key}=${encodeURIComponent(slug)}`);
      const byName = await slugs(`/api/articles/params?${key}=${encodeURIComponent(name)}`);
      expect(bySlug).toHaveLength(1);
      expect(byName).toEqual(bySlug);
    });

    it("finds a name with a capital outside ASCII as the card shows it", async () => {
      // SQLite's lower() folds ASCII only, so both sides are lowered by the same engine.
      expect(
        await slugs(`/api/articles/params?categories=${encodeURIComponent("Énergie")}`),
      ).toEqual(["energie-et-consensus"]);
    });

    it("takes names and slugs mixed in one list, and combines filters", async () => {
      expect(await slugs("/api/articles/params?categories=Layer%202,market-structure")).toEqual([
        "order-books",
        "rollup-economics",
      ]);
      expect(
        await slugs("/api/articles/params?categories=Market%20Structure&author=maya-okafor"),
      ).toEqual(["order-books"]);
      expect(
        await slugs("/api/articles/params?categories=Market%20Structure&author=leo-brandt"),
      ).toEqual([]);
    });

    it("matches whole names only: no part of a name, no other term's name", async () => {
      for (const q of [
        "categories=Market",
        "tags=Order",
        "ecosystems=BNB",
        "author=Maya",
        "author=maya_okafor",
        "author=maya--okafor",
      ]) {
        expect(await slugs(`/api/articles/params?${q}`), q).toEqual([]);
      }
      // "Order Flow" is one tag's name; "order-flow-auctions" is another's slug, untouched.
      expect(await slugs("/api/articles/params?tags=order-flow-auctions")).toEqual([
        "rollup-economics",
      ]);
    });

    it.each([
      "%",
      "_",
      "%25",
      "Market%",
      "Market_Structure",
      "market_structure",
      "'",
      "Builder''s Notes",
      "x' OR '1'='1",
      "Market Structure' --",
      "\\",
    ])("treats %s as plain text: it matches nothing and breaks nothing", async (value) => {
      for (const key of ["categories", "tags", "ecosystems", "author"]) {
        const url = `/api/articles/params?${key}=${encodeURIComponent(value)}`;
        const { status, body } = await get(url);
        expect(status, url).toBe(200);
        expect(body.data, url).toEqual([]);
        expect(body.meta.pagination.total, url).toBe(0);
      }
    });
  });
});
