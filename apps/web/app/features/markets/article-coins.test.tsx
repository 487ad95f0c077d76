// "Coins in this article" as a reader meets it (docs/product/reader.md#article-coins): each coin
// links to its page, its move reads by sign as well as by direction (colour and arrow), figures are dated and
// sourced, an older figure carries its own date, and an outage says so instead of showing zeros.
import { screen, within } from "@testing-library/react";
import type { ArticleCoin } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { ArticleCoinsSection } from "./article-coins.tsx";

const snapshot = { source: "snapshot", stale: false, ageSeconds: 0 } as const;
const coin = (over: Partial<ArticleCoin>): ArticleCoin => ({
  id: "solana",
  symbol: "sol",
  name: "Solana",
  priceUsd: 86.2,
  change24hPercent: 2.314,
  freshness: { asOf: "2026-05-03T07:45:46.127Z", ...snapshot },
  ...over,
});

/** The section's rows as a reader reads them, cell by cell. */
const rows = () =>
  within(screen.getByRole("region", { name: "Coins in this article" }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((c) => c.textContent));

describe("Coins in this article", () => {
  it("lists each coin linking to its page, its price and its 24 h move with sign and direction", () => {
    renderRoute(
      <ArticleCoinsSection
        coins={[
          coin({}),
          coin({
            id: "near",
            symbol: "near",
            name: "NEAR Protocol",
            priceUsd: 1.5,
            change24hPercent: -3.2,
          }),
        ]}
      />,
    );
    expect(rows()).toEqual([
      ["Solana sol", "$86.20", "+2.31%"],
      ["NEAR Protocol near", "$1.50", "-3.20%"],
    ]);
    // The direction's colour and arrow (app.css's .change-up and .change-down; the e2e journey
    // reads the arrow a browser draws).
    expect(screen.getByText("+2.31%").className).toBe("change-up");
    expect(screen.getByText("-3.20%").className).toBe("change-down");
    expect(screen.getByRole("link", { name: "NEAR Protocol" }).getAttribute("href")).toBe(
      "/markets/near",
    );
    expect(
      screen.getByText(
        "As of 3 May 2026, 07:45 UTC · Data provided by CoinGecko (offline snapshot)",
      ),
    ).toBeTruthy();
  });

  it("dates a coin's older figures apart, and says when the data lacks a figure", () => {
    renderRoute(
      <ArticleCoinsSection
        coins={[
          coin({}),
          coin({
            id: "matic-network",
            symbol: "matic",
            name: "Polygon",
            change24hPercent: null,
            freshness: { asOf: "2025-09-02T00:00:00.000Z", ...snapshot },
          }),
        ]}
      />,
    );
    expect(rows()[1]).toEqual([
      "Polygon maticas of 2 Sept 2025, 00:00 UTC",
      "$86.20",
      "–not in the data",
    ]);
  });

  it("says prices are unavailable when market data is down, never a zero", () => {
    renderRoute(
      <ArticleCoinsSection
        coins={[coin({ priceUsd: null, change24hPercent: null, freshness: null })]}
      />,
    );
    expect(rows()).toEqual([["Solana sol", "–not in the data", "–not in the data"]]);
    expect(screen.getByText(/Prices are unavailable right now/)).toBeTruthy();
  });

  it("is not there when the article names no coin", () => {
    renderRoute(<ArticleCoinsSection coins={[]} />);
    expect(screen.queryByRole("region", { name: "Coins in this article" })).toBeNull();
  });
});
