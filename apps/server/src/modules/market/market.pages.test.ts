// The Market Data pages as served (docs/product/markets.md#market-data-pages): the built web app over the
// demo content and the offline snapshot, requested with app.inject and parsed. Rebuild the web app
// after changing the pages.
import { describe, expect, it } from "vitest";
import {
  all,
  BASE,
  breadcrumbs,
  demo,
  pageHeadSuite,
  SITE,
  textOf,
} from "../distribution/page-head.testing.ts";
import { engines } from "../../testing/db.ts";

/** The text of a page's inline scripts: its hydration data. */
const scripts = (html: string) =>
  [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("\n");

describe.each(engines)("Market Data pages on %s", (engine) => {
  const { ctx, get, expectNotFound } = pageHeadSuite(engine);

  it("/markets: the table sorted by rank, dated, sourced, each coin linking to its page", async () => {
    const page = await get("/markets");
    expect(page.status).toBe(200);
    expect(page.title).toBe(`Market Data — ${SITE}`);
    expect(page.links("canonical")).toEqual([`${BASE}/markets`]);
    expect(page.links("next")).toEqual([`${BASE}/markets?page=2`]);
    const sorted = all(page.body, (e) => e.tag === "th" && e.attrs["aria-sort"] !== undefined);
    expect(sorted.map((th) => [textOf(th).trim(), th.attrs["aria-sort"]])).toEqual([
      ["#↑", "ascending"],
    ]);
    const rows = all(page.body, (e) => e.tag === "tbody").flatMap((b) =>
      all(b, (e) => e.tag === "tr"),
    );
    expect(rows).toHaveLength(50);
    const coinLinks = all(
      page.body,
      (e) => e.tag === "a" && /^\/markets\/[a-z]/.test(e.attrs.href ?? ""),
    );
    expect(coinLinks[0]?.attrs.href).toBe("/markets/bitcoin");
    const text = textOf(page.body);
    expect(text).toContain("As of 3 May 2026, 07:45 UTC · Data provided by CoinGecko");
    // Bitcoin's 24 h move: its sign, and its direction (colour and arrow, app.css's .change-up).
    const rises = all(page.body, (e) => e.attrs.class === "change-up").map((e) => textOf(e));
    expect(rises[0]).toBe("+0.28%");
    // The rows travel once, as the table's markup, not again in the hydration data
    // (docs/decisions/026-static-parts-not-hydrated.md); a client navigation's data carries them.
    expect(scripts(page.html)).toContain("pageCount");
    expect(scripts(page.html)).not.toContain("sparkline7d");
    const data = await ctx.app.inject({ url: "/markets.data?page=2&_routes=routes%2Fmarkets" });
    expect(data.body).toContain("sparkline7d");
  });

  it("/markets answers a bad parameter 400 with what is wrong, and a page too far 404", async () => {
    for (const query of ["page=abc", "sort=bogus", "tab=hot", "color=red", "page=1&page=2"]) {
      const page = await get(`/markets?${query}`);
      expect(page.status, query).toBe(400);
      expect(page.meta("robots")).toEqual(["noindex"]);
      expect(textOf(page.body)).toContain("This market view does not exist");
    }
    await expectNotFound("/markets?page=40");
    // A client navigation's data request carries the router's own `_routes`: not a bad parameter.
    const data = await ctx.app.inject({ url: "/markets.data?sort=price&_routes=routes%2Fmarkets" });
    expect(data.statusCode).toBe(200);
  });

  it("/markets/bitcoin: figures, chart ending where the data does, research, Ask Max", async () => {
    const page = await get("/markets/bitcoin");
    expect(page.status).toBe(200);
    expect(page.title).toBe(`Bitcoin (BTC) price, chart and research — ${SITE}`);
    expect(page.links("canonical")).toEqual([`${BASE}/markets/bitcoin`]);
    expect(page.ld("WebPage")).toMatchObject({ about: { name: "Bitcoin", alternateName: "BTC" } });
    expect(breadcrumbs(page)).toEqual([
      ["Home", `${BASE}/`],
      ["Market Data", `${BASE}/markets`],
      ["Bitcoin", `${BASE}/markets/bitcoin`],
    ]);
    const text = textOf(page.body);
    for (const shown of [
      "$78,428.00",
      "Fully diluted valuation",
      "All-time low",
      "$67.81 on 6 Jul 2013",
      "The price history in the data ends 2 Sept 2025.",
      "Our research on Bitcoin",
    ]) {
      expect(text).toContain(shown);
    }
    const ask = all(
      page.body,
      (e) => e.tag === "a" && (e.attrs.href ?? "").startsWith("/assistant?ask="),
    );
    expect(textOf(ask[0]!)).toContain("Ask Max about Bitcoin");
    const research = all(
      page.body,
      (e) => e.tag === "section" && e.attrs["aria-labelledby"] === "coin-research",
    );
    const slugs = all(research[0]!, (e) => e.tag === "a").map((a) => a.attrs.href);
    expect(slugs.length).toBeGreaterThan(0);
    // The figures and articles travel once, as markup; the chart's candles and the head's price
    // stay in the hydration data, which a client navigation's data request carries whole.
    expect(scripts(page.html)).toContain("78428");
    expect(scripts(page.html)).not.toContain("fdvUsd");
    expect(scripts(page.html)).not.toContain(slugs[0]!.replace("/p/", ""));
    const data = await ctx.app.inject({ url: "/markets/bitcoin.data?_routes=routes%2Fcoin" });
    expect(data.body).toContain("fdvUsd");
    for (const slug of slugs) expect(slug).toMatch(/^\/p\//);
  });

  it("a coin without figures or history says so, never zero; an unknown coin is a 404", async () => {
    const page = await get("/markets/upside-down-cat");
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain("(no price in the data)");
    expect(text).toContain("The data holds no price history for UpSide Down Cat.");
    expect(text).not.toMatch(/\$0\.00/);
    await expectNotFound("/markets/no-such-coin");
    await expectNotFound("/markets/bitcoin?range=2y");
  });

  it("an article links each coin's first mention to its page and ends with its coins, dated", async () => {
    const page = await get("/p/weekly-market-report-unlocks-and-flows");
    expect(page.status).toBe(200);
    const [body] = all(page.body, (e) => e.attrs["data-document-html"] === "article-body");
    const coinLinks = all(
      body!,
      (e) => e.tag === "a" && (e.attrs.href ?? "").startsWith("/markets/"),
    );
    // "bitcoin" first in a list item, later "Bitcoin" plain; "near neutral" is no NEAR.
    expect(coinLinks.map((a) => [textOf(a), a.attrs.href])).toEqual([
      ["bitcoin", "/markets/bitcoin"],
      ["Ethereum", "/markets/ethereum"],
      ["Arbitrum", "/markets/arbitrum"],
    ]);
    expect(textOf(body!)).toContain("Funding rates stayed near neutral");
    const [coins] = all(page.body, (e) => e.attrs["aria-labelledby"] === "article-coins");
    const rows = all(coins!, (e) => e.tag === "tr").map((tr) =>
      tr.children.filter((c) => c.tag !== "#text").map((cell) => textOf(cell).trim()),
    );
    expect(rows).toEqual([
      ["Coin", "Price", "24h"],
      ["Bitcoin btc", "$78,428.00", "+0.28%"],
      ["Ethereum eth", "$2,312.67", "+0.49%"],
      ["Arbitrum arb", "$0.1191", "-2.71%"],
    ]);
    // Each move's direction: its colour and arrow (app.css's .change-up and .change-down).
    const moves = all(coins!, (e) => /^change-/.test(e.attrs.class ?? ""));
    expect(moves.map((e) => [textOf(e), e.attrs.class])).toEqual([
      ["+0.28%", "change-up"],
      ["+0.49%", "change-up"],
      ["-2.71%", "change-down"],
    ]);
    expect(textOf(coins!)).toContain(
      "As of 3 May 2026, 07:45 UTC · Data provided by CoinGecko (offline snapshot)",
    );
    // The coin's page lists the article among the writing that names it.
    const arbitrum = await get("/markets/arbitrum");
    const [listed] = all(arbitrum.body, (e) => e.attrs["aria-labelledby"] === "coin-newsletters");
    const hrefs = all(listed!, (e) => e.tag === "a").map((a) => a.attrs.href);
    expect(hrefs).toContain("/p/weekly-market-report-unlocks-and-flows");
  });

  it("an article's table cell 'Near neutral' links no coin; a coin it names is listed", async () => {
    const page = await get("/p/daily-market-wrap-fees-and-funding");
    const [body] = all(page.body, (e) => e.attrs["data-document-html"] === "article-body");
    expect(textOf(body!)).toContain("Near neutral");
    const coinLinks = all(
      body!,
      (e) => e.tag === "a" && (e.attrs.href ?? "").startsWith("/markets/"),
    );
    expect(coinLinks.map((a) => a.attrs.href)).toEqual(["/markets/ethereum"]);
  });

  it("caches coin pages as article pages: the same public Cache-Control, an ETag, 304s", async () => {
    const coin = await ctx.app.inject({ url: "/markets/ethereum" });
    const article = await ctx.app.inject({ url: `/p/${demo[0]!.slug}` });
    expect(coin.headers["cache-control"]).toMatch(/^public/);
    expect(coin.headers["cache-control"]).toBe(article.headers["cache-control"]);
    const again = await ctx.app.inject({
      url: "/markets/ethereum",
      headers: { "if-none-match": String(coin.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
