// The market table as a reader meets it (docs/product/markets.md#market-data-pages): each figure's format,
// missing figures said as missing, direction shown by more than colour, sortable headings.
import { screen, within } from "@testing-library/react";
import type { MarketRow, MarketTable } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { changeCell, compactCell, priceCell, rankCell, supplyCell } from "./market-cells.ts";
import { marketsHref, sortHref, tabHref } from "./market-links.ts";
import { MarketTableView } from "./market-table.tsx";

const row = (over: Partial<MarketRow>): MarketRow => ({
  id: "bitcoin",
  symbol: "btc",
  name: "Bitcoin",
  rank: 1,
  priceUsd: 78428,
  change24hPercent: 0.27661,
  change7dPercent: -2.93,
  change30dPercent: -0.004,
  marketCapUsd: 1569962020102,
  volume24hUsd: 17087776555,
  sparkline7d: null,
  listedAt: null,
  figuresAsOf: null,
  ...over,
});

const table = (over: Partial<MarketTable> = {}): MarketTable => ({
  tab: "all",
  sort: "price",
  order: "desc",
  q: "",
  page: 1,
  pageSize: 50,
  pageCount: 1,
  total: 2,
  rows: [
    row({}),
    row({
      id: "upside-down-cat",
      name: "UpSide Down Cat",
      rank: null,
      priceUsd: null,
      change24hPercent: null,
      change7dPercent: null,
      change30dPercent: null,
      marketCapUsd: null,
      volume24hUsd: null,
    }),
  ],
  asOf: "2026-05-03T07:45:46.127Z",
  source: "snapshot",
  stale: false,
  listAsOf: null,
  ...over,
});

describe("market figures", () => {
  it("writes prices with cents, small prices with significant digits, caps compact", () => {
    expect(priceCell(78428).text).toBe("$78,428.00");
    expect(priceCell(0.0000009048).text).toBe("$0.0000009048");
    expect(compactCell(1569962020102).text).toBe("$1.57T");
    expect(supplyCell(20023521).text).toBe("20.02M");
    expect(rankCell(7).text).toBe("7");
  });

  it("says a missing figure is missing, never zero", () => {
    for (const cell of [priceCell(null), compactCell(null), supplyCell(null), rankCell(null)]) {
      expect(cell).toEqual({ text: "–", missing: true });
    }
    expect(changeCell(null)).toMatchObject({ missing: true, tone: null });
  });

  it("gives a change its sign as well as its direction; a rounded zero has none", () => {
    expect(changeCell(3.214)).toEqual({ text: "+3.21%", missing: false, tone: "up" });
    expect(changeCell(-0.5)).toEqual({ text: "-0.50%", missing: false, tone: "down" });
    expect(changeCell(-0.004)).toEqual({ text: "0.00%", missing: false, tone: null });
  });
});

describe("market table links", () => {
  it("keeps the plain view at /markets and every other view in its query", () => {
    expect(marketsHref({ tab: "all", q: "", sort: null, order: "asc", page: 1 })).toBe("/markets");
    expect(marketsHref({ tab: "gainers", q: "sol", sort: "price", order: "asc", page: 3 })).toBe(
      "/markets?tab=gainers&q=sol&sort=price&order=asc&page=3",
    );
  });

  it("sorts a column its first way, then flips it; a tab keeps the filter, not the sort", () => {
    const t = table({ q: "eth", page: 2 });
    expect(sortHref(t, "price")).toBe("/markets?q=eth&sort=price&order=asc");
    expect(sortHref(t, "volume")).toBe("/markets?q=eth&sort=volume&order=desc");
    expect(sortHref(t, "name")).toBe("/markets?q=eth&sort=name&order=asc");
    expect(tabHref(t, "losers")).toBe("/markets?tab=losers&q=eth");
    // Rank ascending is the "all" tab's own order: the plain address.
    expect(sortHref(table(), "rank")).toBe("/markets");
  });
});

describe("MarketTableView", () => {
  it("marks the sorted column with aria-sort and links each coin to its page", () => {
    renderRoute(<MarketTableView table={table()} caption="All coins" />);
    const price = screen.getByRole("columnheader", { name: /price/i });
    expect(price.getAttribute("aria-sort")).toBe("descending");
    expect(
      screen.getByRole("columnheader", { name: /coin/i }).getAttribute("aria-sort"),
    ).toBeNull();
    const bitcoin = screen.getByRole("link", { name: /Bitcoin/ });
    expect(bitcoin.getAttribute("href")).toBe("/markets/bitcoin");
    const cat = screen.getByRole("row", { name: /UpSide Down Cat/ });
    expect(within(cat).getAllByText("not in the data").length).toBeGreaterThanOrEqual(6);
  });

  it("shows each change's direction by its cell's arrow and colour, a rounded zero by neither", () => {
    renderRoute(<MarketTableView table={table()} caption="All coins" />);
    const bitcoin = screen.getByRole("row", { name: /Bitcoin/ });
    // app.css's .change-up / .change-down draw the arrow and colour; the sign is in the text.
    expect(within(bitcoin).getByText("+0.28%").className).toBe("change-up");
    expect(within(bitcoin).getByText("-2.93%").className).toBe("change-down");
    expect(within(bitcoin).getByText("0.00%").className).toBe("");
  });

  it("says when no coin matches the filter", () => {
    renderRoute(<MarketTableView table={table({ q: "zzz", rows: [], total: 0 })} caption="x" />);
    expect(screen.getByText(/No coin matches “zzz”/)).toBeTruthy();
  });
});
