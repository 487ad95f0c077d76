// The Market Data API (docs/product/markets.md#market-data-pages) over the offline snapshot: the table's
// tabs, sorting, paging and filter, one coin, and refusals of bad parameters.
import { describe, expect, it } from "vitest";
import type { MarketTable, TokenData } from "@pragmatist/contracts";
import { withTestApp } from "../../testing/app.ts";

describe("GET /api/markets and /api/markets/{id} (offline snapshot)", () => {
  const t = withTestApp("sqlite");

  async function table(query = ""): Promise<MarketTable> {
    const res = await t.app.inject({ method: "GET", url: `/api/markets${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: MarketTable }).data;
  }

  it("lists the snapshot's coins by market cap, 50 a page, dated and sourced", async () => {
    const first = await table();
    expect(first).toMatchObject({ tab: "all", sort: "rank", order: "asc", page: 1 });
    expect(first).toMatchObject({ pageSize: 50, source: "snapshot", stale: false });
    expect(first.asOf).toBe("2026-05-03T07:45:46.127Z");
    expect(first.rows).toHaveLength(50);
    expect(first.rows.slice(0, 2).map((r) => r.id)).toEqual(["bitcoin", "ethereum"]);
    expect(first.pageCount).toBe(Math.ceil(first.total / 50));

    const second = await table("?page=2");
    expect(second.rows[0]!.rank!).toBeGreaterThan(first.rows[49]!.rank!);
    const last = await table(`?page=${first.pageCount}`);
    expect(last.rows.length).toBe(first.total - 50 * (first.pageCount - 1));
  });

  it("sorts by any column both ways, coins without the figure last", async () => {
    const byPrice = await table("?sort=price");
    const prices = byPrice.rows.map((r) => r.priceUsd ?? -1);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const cheapest = await table("?sort=price&order=asc");
    expect(cheapest.rows[0]!.priceUsd!).toBeLessThan(cheapest.rows[49]!.priceUsd!);

    const byName = await table("?sort=name");
    const names = byName.rows.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    for (const sort of ["change7d", "change30d", "volume", "marketCap"] as const) {
      const { rows } = await table(`?sort=${sort}&order=asc`);
      expect(rows).toHaveLength(50);
    }
    const lastPage = await table(`?sort=change30d&page=${byPrice.pageCount}`);
    const tail = lastPage.rows.map((r) => r.change30dPercent);
    expect(
      tail.indexOf(null) === -1 || tail.slice(tail.indexOf(null)).every((c) => c === null),
    ).toBe(true);
  });

  it("filters by name, ticker or id, in any case", async () => {
    const { rows, total } = await table("?q=ETH");
    expect(rows[0]?.id).toBe("ethereum");
    expect(total).toBe(rows.length);
    for (const r of rows) expect(`${r.name} ${r.symbol} ${r.id}`.toLowerCase()).toContain("eth");
    const none = await table("?q=zzzzzz");
    expect(none).toMatchObject({ total: 0, rows: [], pageCount: 1 });
  });

  it("has tabs for trending, new listings, top gainers and top losers", async () => {
    const gainers = await table("?tab=gainers");
    const up = gainers.rows.map((r) => r.change24hPercent!);
    expect(up.every((c) => c > 0)).toBe(true);
    expect(up).toEqual([...up].sort((a, b) => b - a));
    const losers = await table("?tab=losers");
    const down = losers.rows.map((r) => r.change24hPercent!);
    expect(down.every((c) => c < 0)).toBe(true);
    expect(down).toEqual([...down].sort((a, b) => a - b));

    const trending = await table("?tab=trending");
    expect(trending).toMatchObject({ sort: null, listAsOf: "2025-04-07T11:28:53.000Z" });
    expect(trending.rows[0]?.id).toBe("qubic-network");
    // A trending coin outside the capture keeps what its list gives, the rest missing.
    expect(trending.rows.find((r) => r.id === "notcoin")).toMatchObject({
      change7dPercent: null,
      figuresAsOf: "2025-04-07T11:28:53.000Z",
    });
    expect(trending.rows.find((r) => r.id === "bitcoin")?.figuresAsOf).toBeNull();

    const listed = await table("?tab=new");
    expect(listed.rows[0]).toMatchObject({
      id: "upside-down-cat",
      priceUsd: null,
      listedAt: "2026-05-14T05:38:48.000Z",
    });
  });

  it("refuses bad parameters with the Strapi error body, never a 500", async () => {
    for (const query of [
      "page=0",
      "page=abc",
      "page=01",
      "sort=bogus",
      "order=up",
      "tab=hot",
      "foo=1",
      "sort=price&sort=name",
      `q=${"x".repeat(101)}`,
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/api/markets?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ data: null, error: { status: 400 } });
    }
    const past = await t.app.inject({ method: "GET", url: "/api/markets?page=99" });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toMatchObject({ data: null, error: { name: "NotFoundError" } });
  });

  it("answers one coin by id with every figure the page shows, 404 for an unknown id", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/markets/bitcoin" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/^public/);
    expect(res.headers.etag).toBeTruthy();
    const btc = (res.json() as { data: TokenData }).data;
    expect(btc).toMatchObject({ id: "bitcoin", rank: 1, maxSupply: 21_000_000 });
    expect(btc).toMatchObject({ atlUsd: 67.81, atlDate: "2013-07-06T00:00:00.000Z" });
    expect(btc.fdvUsd).toBeGreaterThan(0);
    // A new listing is known by name only: its figures are missing, not zero.
    const cat = await t.app.inject({ method: "GET", url: "/api/markets/upside-down-cat" });
    expect(cat.json()).toMatchObject({ data: { priceUsd: null, marketCapUsd: null } });

    const unknown = await t.app.inject({ method: "GET", url: "/api/markets/no-such-coin" });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: "GET", url: "/api/markets/Not%20A%20Coin" });
    expect(bad.statusCode).toBe(400);
  });
});
