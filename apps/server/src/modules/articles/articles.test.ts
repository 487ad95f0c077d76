// The article library API as a client sees it (docs/product/api.md#api-articles), on SQLite and
// PostgreSQL.
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle, insertUser } from "../../testing/fixtures.ts";

describe.each(engines)("articles API on %s", (engine) => {
  let now = new Date("2026-06-01T12:00:00.000Z");
  const ctx = withTestApp(engine, { clock: { now: () => now } });

  beforeAll(async () => {
    const maya = await insertUser(ctx.db, { username: "Maya Okafor", email: "maya@example.test" });
    const leo = await insertUser(ctx.db, { username: "Leo Brandt" });
    await insertArticle(ctx.db, {
      slug: "staking-basics",
      title: "Staking basics",
      publishDate: "2024-03-01T00:00:00.000Z",
      authorId: maya,
      clicks: 5,
      categories: ["DeFi"],
      tags: ["staking"],
      ecosystems: ["Ethereum"],
      content: "# Staking\n\nValidators **stake** ETH.",
    });
    await insertArticle(ctx.db, {
      slug: "rollup-economics",
      title: "Rollup economics",
      publishDate: "2025-01-10T00:00:00.000Z",
      authorId: leo,
      clicks: 50,
      categories: ["Layer 2"],
      ecosystems: ["Arbitrum"],
    });
    await insertArticle(ctx.db, {
      slug: "weekly-newsletter-1",
      title: "Weekly Newsletter #1",
      type: "News",
      publishDate: "2022-06-01T00:00:00.000Z",
      authorId: maya,
      clicks: 1,
    });
    await insertArticle(ctx.db, {
      slug: "market-wrap",
      title: "Weekly Market Report",
      type: "News",
      publishDate: "2026-05-30T00:00:00.000Z",
      authorId: leo,
      clicks: 9,
    });
    await insertArticle(ctx.db, {
      slug: "secret-draft",
      status: "draft",
      publishDate: "2024-01-01T00:00:00.000Z",
    });
    await insertArticle(ctx.db, { slug: "scheduled", publishDate: "2026-12-01T00:00:00.000Z" });
  });

  const get = async (url: string) => {
    const res = await ctx.app.inject({ url });
    return { status: res.statusCode, body: res.json() };
  };

  it("lists published articles newest first with Strapi pagination, hiding drafts and future dates", async () => {
    const { status, body } = await get("/api/articles?pagination[page]=1&pagination[pageSize]=3");
    expect(status).toBe(200);
    expect(body.data.map((a: { attributes: { slug: string } }) => a.attributes.slug)).toEqual([
      "market-wrap",
      "rollup-economics",
      "staking-basics",
    ]);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 3, pageCount: 2, total: 4 });
    const page2 = await get("/api/articles?pagination[page]=2&pagination[pageSize]=3");
    expect(page2.body.data.map((a: { attributes: { slug: string } }) => a.attributes.slug)).toEqual(
      ["weekly-newsletter-1"],
    );
  });

  it("finds one article by slug with its content and a populated author that exposes no private field", async () => {
    const { body } = await get(
      "/api/articles?publicationState=live&filters[slug][$eq]=staking-basics&populate[author][populate]=profilePicture&populate[author][fields][0]=username",
    );
    expect(body.data).toHaveLength(1);
    const a = body.data[0].attributes;
    expect(a.content).toContain("Validators **stake** ETH.");
    expect(a.body).toBe(true);
    expect(Object.keys(a.author).sort()).toEqual(["id", "profilePicture", "username"]);
    expect(a.author.username).toBe("Maya Okafor");
    expect(JSON.stringify(body)).not.toContain("maya@example.test");
    expect(a.categories).toEqual([{ name: "DeFi", slug: "defi" }]);
    expect(a.types).toEqual(["Research"]);
    const draft = await get("/api/articles?filters[slug][$eq]=secret-draft");
    expect(draft.body.data).toEqual([]);
  });

  it("dates an article's last change, never before its publication", async () => {
    const bySlug = async (slug: string) =>
      (await get(`/api/articles?filters[slug][$eq]=${slug}`)).body.data[0]?.attributes;
    // Stored today, published in 2024: last changed today.
    const staking = await bySlug("staking-basics");
    expect(new Date(staking.updatedAt).toISOString()).toBe(staking.updatedAt);
    expect(Date.parse(staking.updatedAt)).toBeGreaterThan(Date.parse(staking.publishDate));
    // Stored long before it goes out: once out, its last change is its publication.
    await insertArticle(ctx.db, { slug: "far-ahead", publishDate: "2099-01-01T00:00:00.000Z" });
    const saved = now;
    now = new Date("2099-01-02T00:00:00.000Z");
    try {
      expect((await bySlug("far-ahead")).updatedAt).toBe("2099-01-01T00:00:00.000Z");
    } finally {
      now = saved;
    }
  });

  it("filters by type, category, author and sorts by clicks on /params", async () => {
    const news = await get("/api/articles/params?types=News&page=1&pageSize=10");
    expect(news.body.data.map((a: { attributes: { slug: string } }) => a.attributes.slug)).toEqual([
      "market-wrap",
      "weekly-newsletter-1",
    ]);
    const l2 = await get("/api/articles/params?categories=layer-2");
    expect(l2.body.data.map((a: { attributes: { slug: string } }) => a.attributes.slug)).toEqual([
      "rollup-economics",
    ]);
    const byAuthor = await get("/api/articles/params?author=maya%20okafor&sortedByClicks=true");
    expect(
      byAuthor.body.data.map((a: { attributes: { slug: string } }) => a.attributes.slug),
    ).toEqual(["staking-basics", "weekly-newsletter-1"]);
    const popular = await get("/api/articles/params?sortedByClicks=true&pageSize=2");
    expect(
      popular.body.data.map((a: { attributes: { clicks: number } }) => a.attributes.clicks),
    ).toEqual([50, 9]);
    const eco = await get("/api/articles/params?withEcosystem=true");
    expect(eco.body.meta.pagination.total).toBe(2);
  });

  it("returns populate-fuzzy results in the order of the ids given, filtered by type", async () => {
    const ids = (await get("/api/articles?pagination[pageSize]=10")).body.data.map(
      (a: { id: number }) => a.id,
    ) as number[];
    const reversed = [...ids].reverse();
    const { body } = await get(
      `/api/articles/populate-fuzzy?articleIds=${reversed.join(",")}&page=1&pageSize=20`,
    );
    expect(body.data.map((a: { id: number }) => a.id)).toEqual(reversed);
    const research = await get(
      `/api/articles/populate-fuzzy?articleIds=${reversed.join(",")}&type=Research`,
    );
    expect(
      research.body.data.every((a: { attributes: { types: string[] } }) =>
        a.attributes.types.includes("Research"),
      ),
    ).toBe(true);
    expect(research.body.meta.pagination.total).toBe(2);
  });

  it("gives the pages' footer the newest News as bare links, without drafts or future dates", async () => {
    const { api } = ctx.app.services;
    expect(await api.latestArticles({ types: ["News"], count: 3 })).toEqual([
      {
        id: expect.any(Number),
        title: "Weekly Market Report",
        slug: "market-wrap",
        publishDate: "2026-05-30T00:00:00.000Z",
      },
      {
        id: expect.any(Number),
        title: "Weekly Newsletter #1",
        slug: "weekly-newsletter-1",
        publishDate: "2022-06-01T00:00:00.000Z",
      },
    ]);
    expect(
      (await api.latestArticles({ types: ["Research"], count: 1 })).map((a) => a.slug),
    ).toEqual(["rollup-economics"]);
  });

  it("counts the articles a reader can find", async () => {
    expect((await get("/api/articles/count")).body).toEqual({ count: 4 });
  });

  it("counts a read once per reader per day, so the counter cannot be pumped", async () => {
    // Readers are told apart by IP and browser (bots never count: modules/analytics).
    const browser = (version: number) =>
      `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
    const read = (ua: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/articles/staking-basics/increment-clicks",
        headers: { "user-agent": ua },
      });
    const clicks = async () =>
      (await get("/api/articles?filters[slug][$eq]=staking-basics")).body.data[0].attributes.clicks;
    const before = await clicks();
    expect((await read(browser(140))).json()).toEqual({ data: { counted: true } });
    for (let i = 0; i < 5; i++)
      expect((await read(browser(140))).json()).toEqual({ data: { counted: false } });
    expect(await clicks()).toBe(before + 1);
    await read(browser(139));
    expect(await clicks()).toBe(before + 2);
    now = new Date("2026-06-02T12:00:00.000Z");
    expect((await read(browser(140))).json()).toEqual({ data: { counted: true } });
    expect(await clicks()).toBe(before + 3);
    const missing = await ctx.app.inject({
      method: "POST",
      url: "/api/articles/no-such-article/increment-clicks",
    });
    expect(missing.statusCode).toBe(404);
    const draft = await ctx.app.inject({
      method: "POST",
      url: "/api/articles/secret-draft/increment-clicks",
    });
    expect(draft.statusCode).toBe(404);
  });

  it("lists categories and ecosystems in use", async () => {
    const { body } = await get("/api/taxonomies/ecosystems");
    expect(body.data).toEqual(
      expect.arrayContaining([
        { name: "Ethereum", slug: "ethereum", articleCount: 1 },
        { name: "Arbitrum", slug: "arbitrum", articleCount: 1 },
      ]),
    );
  });

  it.each([
    "/api/articles?unknown=1",
    "/api/articles?pagination[page]=0",
    "/api/articles?pagination[page]=-1",
    "/api/articles?pagination[page]=abc",
    "/api/articles?publicationState=preview",
    "/api/articles/params?types=Gossip",
    "/api/articles/params?page=1.5",
    "/api/articles/populate-fuzzy?articleIds=1,abc",
    "/api/articles/populate-fuzzy?articleIds=1;drop%20table%20articles",
    "/api/articles/populate-fuzzy",
    `/api/fuzzy-search/search?query=${"a".repeat(201)}`,
    "/api/fuzzy-search/search?query=a&query=b",
    "/api/taxonomies/users",
  ])("answers bad input %s with a 400 Strapi error body", async (url) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body.data).toBeNull();
    expect(body.error).toMatchObject({ status: 400, name: "ValidationError" });
    expect(typeof body.error.message).toBe("string");
  });

  it("answers unknown API routes with a JSON 404, not a page", async () => {
    const { status, body } = await get("/api/nothing-here");
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ status: 404, name: "NotFoundError" });
  });

  it("serves health and the OpenAPI document", async () => {
    expect((await get("/api/health")).body).toEqual({ status: "ok", database: engine });
    const docs = await get("/api/docs/json");
    expect(docs.body.paths).toHaveProperty("/api/articles/params");
  });
});

describe.each(engines)("author pages' lookup on %s", (engine) => {
  const ctx = withTestApp(engine, { clock: { now: () => new Date("2026-06-01T12:00:00.000Z") } });
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const published = async (username: string, slugs: string[], publishDate = "2025-01-01") => {
      ids[username] = await insertUser(ctx.db, { username });
      for (const slug of slugs) {
        await insertArticle(ctx.db, {
          slug,
          authorId: ids[username],
          publishDate: `${publishDate}T00:00:00.000Z`,
        });
      }
    };
    await published("Élodie Brûlé", ["one", "two"]);
    await published("ÉLODIE_BRULE", ["three"]);
    await published("Sam Later", ["later"], "2026-12-01");
    await published("Gone Away", ["orphan"]);
    await published("Just Reading", []);
    await ctx.db.kysely
      .updateTable("users")
      .set({ deleted_at: "2026-01-01T00:00:00.000Z" })
      .where("id", "=", ids["Gone Away"]!)
      .execute();
  });

  const find = (slug: string) => ctx.app.services.articles.findAuthor(slug);

  it("finds an author by the slug of their name, in any case or separators, lowest id first", async () => {
    const expected = {
      id: ids["Élodie Brûlé"],
      username: "Élodie Brûlé",
      slug: "elodie-brule",
      bio: null,
      avatarUrl: null,
      articleCount: 2,
    };
    expect(await find("elodie-brule")).toEqual(expected);
    expect(await find("ELODIE_BRULE")).toEqual(expected);
  });

  it("finds no page for an unknown slug, a reader, a future-dated author or a deleted account", async () => {
    for (const slug of ["nobody", "just-reading", "sam-later", "gone-away", "", "--"]) {
      expect(await find(slug), slug).toBeNull();
    }
  });
});
