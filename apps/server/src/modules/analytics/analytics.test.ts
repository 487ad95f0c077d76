// Page-view analytics as the browser and the old client use it
// (docs/product/api.md#api-analytics), on SQLite and PostgreSQL.
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle } from "../../testing/fixtures.ts";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:141.0) Gecko/20100101 Firefox/141.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe.each(engines)("page-view analytics on %s", (engine) => {
  let now = new Date("2026-06-01T12:00:00.000Z");
  const ctx = withTestApp(engine, {
    config: { PUBLIC_URL: "https://pragmatist.example" },
    clock: { now: () => now },
  });

  beforeAll(async () => {
    await insertArticle(ctx.db, {
      slug: "rollup-economics",
      publishDate: "2024-01-10T00:00:00.000Z",
    });
    await insertArticle(ctx.db, {
      slug: "staking-basics",
      publishDate: "2025-03-01T00:00:00.000Z",
    });
    await insertArticle(ctx.db, { slug: "market-wrap", publishDate: "2026-05-30T00:00:00.000Z" });
    await insertArticle(ctx.db, { slug: "secret-draft", status: "draft" });
  });

  /** Sends a page view as the browser's beacon does; `ua: undefined` sends no User-Agent. */
  const view = (
    body: unknown,
    client: { ip?: string; ua?: string | undefined; contentType?: string } = {},
  ) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/analytics/pageview",
      remoteAddress: client.ip ?? "203.0.113.7",
      headers: {
        "user-agent": "ua" in client ? client.ua : CHROME,
        "content-type": client.contentType ?? "text/plain;charset=UTF-8",
      },
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });
  const dailyOf = (path: string) =>
    ctx.db.kysely
      .selectFrom("page_views_daily")
      .select(["day", "views", "visitors"])
      .where("path", "=", path)
      .orderBy("day")
      .execute();
  const visitorHashes = (path: string) =>
    ctx.db.kysely
      .selectFrom("page_view_visitors")
      .select(["day", "visitor"])
      .where("path", "=", path)
      .execute();
  const clicksOf = async (slug: string) =>
    (
      await ctx.db.kysely
        .selectFrom("articles")
        .select("clicks")
        .where("slug", "=", slug)
        .executeTakeFirstOrThrow()
    ).clicks;

  it("stores a view per day and path, counting a visitor once and another browser separately", async () => {
    now = new Date("2026-06-01T12:00:00.000Z");
    const first = await view({ path: "/about" });
    expect(first.statusCode).toBe(202);
    expect(first.body).toBe("");
    await view({ path: "/about" });
    await view({ path: "/about" }, { contentType: "application/json" });
    await view({ path: "/about" }, { ua: FIREFOX });
    await view({ path: "/about" }, { ip: "198.51.100.23" });
    // Views count every page view (as Plausible's "pageviews"); visitors count people.
    expect(await dailyOf("/about")).toEqual([{ day: "2026-06-01", views: 5, visitors: 3 }]);
  });

  it("keeps only the path: the query string and fragment are cut off, a trailing slash dropped", async () => {
    now = new Date("2026-06-01T12:00:00.000Z");
    await view({ path: "/search?query=my+wallet+seed#results" });
    await view({ path: "/search/" });
    expect(await dailyOf("/search")).toEqual([{ day: "2026-06-01", views: 2, visitors: 1 }]);
    const paths = await ctx.db.kysely.selectFrom("page_views_daily").select("path").execute();
    expect(paths.map((p) => p.path).join(" ")).not.toContain("wallet");
  });

  it("counts views from other sites by host only, and not from our own pages", async () => {
    now = new Date("2026-06-01T12:00:00.000Z");
    await view({ path: "/", referrer: "https://www.news.ycombinator.com/item?id=4242" });
    await view({ path: "/", referrer: "https://news.ycombinator.com" }, { ua: FIREFOX });
    await view({ path: "/about", referrer: "/" });
    await view({ path: "/about", referrer: "https://pragmatist.example/p/market-wrap" });
    await view({ path: "/about", referrer: "not a url" });
    const sources = await ctx.db.kysely.selectFrom("page_view_sources_daily").selectAll().execute();
    expect(sources).toEqual([{ day: "2026-06-01", source: "news.ycombinator.com", views: 2 }]);
  });

  it("ignores bots and requests without a user agent", async () => {
    now = new Date("2026-06-01T12:00:00.000Z");
    expect((await view({ path: "/bots-only" }, { ua: GOOGLEBOT })).statusCode).toBe(202);
    expect((await view({ path: "/bots-only" }, { ua: undefined })).statusCode).toBe(202);
    expect((await view({ path: "/bots-only" }, { ua: "  " })).statusCode).toBe(202);
    expect(await dailyOf("/bots-only")).toEqual([]);
    expect(await visitorHashes("/bots-only")).toEqual([]);
  });

  it("gives the same reader an unrelated visitor id each day and forgets the past days' ids", async () => {
    now = new Date("2026-06-03T09:00:00.000Z");
    await view({ path: "/rotation" }, { ip: "192.0.2.44" });
    const [day1] = await visitorHashes("/rotation");
    now = new Date("2026-06-04T09:00:00.000Z");
    await view({ path: "/rotation" }, { ip: "192.0.2.44" });
    const hashes = await visitorHashes("/rotation");
    expect(hashes).toHaveLength(1);
    expect(hashes[0]?.day).toBe("2026-06-04");
    expect(hashes[0]?.visitor).not.toBe(day1?.visitor);
    // The daily counts stay: the same reader is a visitor on each day.
    expect(await dailyOf("/rotation")).toEqual([
      { day: "2026-06-03", views: 1, visitors: 1 },
      { day: "2026-06-04", views: 1, visitors: 1 },
    ]);
  });

  it("stores no IP address and no user agent in any row", async () => {
    now = new Date("2026-06-04T10:00:00.000Z");
    await view({ path: "/privacy", referrer: "https://duckduckgo.com/?q=pragmatist" });
    const rows = await Promise.all(
      (["page_views_daily", "page_view_sources_daily", "page_view_visitors"] as const).map((t) =>
        ctx.db.kysely.selectFrom(t).selectAll().execute(),
      ),
    );
    const stored = JSON.stringify(rows);
    expect(stored).toContain("/privacy");
    for (const secret of ["203.0.113.7", "198.51.100.23", "192.0.2.44", "Chrome/", "Firefox/"])
      expect(stored).not.toContain(secret);
    expect(stored).not.toContain("pragmatist?q");
  });

  it("makes an article's clicks its visitors per day, which drives the popularity order", async () => {
    now = new Date("2026-06-05T08:00:00.000Z");
    const before = {
      rollup: await clicksOf("rollup-economics"),
      staking: await clicksOf("staking-basics"),
    };
    await view({ path: "/p/rollup-economics" });
    await view({ path: "/p/rollup-economics" });
    await view({ path: "/p/rollup-economics?utm_source=x" });
    await view({ path: "/p/rollup-economics" }, { ua: FIREFOX });
    await view({ path: "/p/staking-basics" });
    await view({ path: "/p/secret-draft" });
    expect(await clicksOf("rollup-economics")).toBe(before.rollup + 2);
    expect(await clicksOf("staking-basics")).toBe(before.staking + 1);
    expect(await clicksOf("secret-draft")).toBe(0);

    const popular = await ctx.app.inject({ url: "/api/articles/params?sortedByClicks=true" });
    expect(
      popular.json().data.map((a: { attributes: { slug: string } }) => a.attributes.slug),
    ).toEqual(["rollup-economics", "staking-basics", "market-wrap"]);
    // By date the order is the other way round, so the order above is the clicks'.
    const latest = await ctx.app.inject({ url: "/api/articles/params" });
    expect(latest.json().data[0].attributes.slug).toBe("market-wrap");

    now = new Date("2026-06-06T08:00:00.000Z");
    await view({ path: "/p/rollup-economics" });
    expect(await clicksOf("rollup-economics")).toBe(before.rollup + 3);
  });

  it("counts increment-clicks as the same page view, so a visit reported both ways counts once", async () => {
    now = new Date("2026-06-07T08:00:00.000Z");
    const before = await clicksOf("market-wrap");
    const increment = (ua: string | undefined) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/articles/market-wrap/increment-clicks",
        remoteAddress: "203.0.113.7",
        headers: { "user-agent": ua },
      });
    await view({ path: "/p/market-wrap" });
    expect((await increment(CHROME)).json()).toEqual({ data: { counted: false } });
    expect((await increment(FIREFOX)).json()).toEqual({ data: { counted: true } });
    await view({ path: "/p/market-wrap" }, { ua: FIREFOX });
    expect((await increment(GOOGLEBOT)).json()).toEqual({ data: { counted: false } });
    expect(await clicksOf("market-wrap")).toBe(before + 2);
    expect(await dailyOf("/p/market-wrap")).toEqual([{ day: "2026-06-07", views: 4, visitors: 2 }]);
    const draft = await ctx.app.inject({
      method: "POST",
      url: "/api/articles/secret-draft/increment-clicks",
      headers: { "user-agent": CHROME },
    });
    expect(draft.statusCode).toBe(404);
    expect(draft.json().error.name).toBe("NotFoundError");
  });

  it.each([
    ["a path not starting with /", { path: "about" }],
    ["a full URL as path", { path: "https://evil.example/" }],
    ["a path over 500 characters", { path: `/${"a".repeat(500)}` }],
    [
      "a referrer over 500 characters",
      { path: "/", referrer: `https://x.example/${"r".repeat(490)}` },
    ],
    ["an unknown field", { path: "/", ip: "1.2.3.4" }],
    ["no path", { referrer: "/" }],
    ["a body that is not JSON", "path=/"],
  ])("answers 400 with the Strapi error body for %s", async (_name, body) => {
    const res = await view(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      data: null,
      error: { status: 400, name: "ValidationError" },
    });
  });

  it("refuses a body over 2 KB with 413", async () => {
    const res = await view({ path: "/", referrer: "/".repeat(3000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.name).toBe("PayloadTooLargeError");
  });

  it("limits page views per IP address", async () => {
    let last = 0;
    for (let i = 0; i < 121; i++)
      last = (await view({ path: "/" }, { ip: "192.0.2.99", ua: GOOGLEBOT })).statusCode;
    expect(last).toBe(429);
    expect((await view({ path: "/" }, { ip: "192.0.2.100" })).statusCode).toBe(202);
  });
});
