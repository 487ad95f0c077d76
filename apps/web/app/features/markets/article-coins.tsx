// "Coins in this article" (docs/product/reader.md#article-coins): each coin an article names, linking
// to its page, with its price and 24 h change from the market service, dated and sourced.
import type { ArticleCoin, Dated, MarketFreshness } from "@pragmatist/contracts";
import { Link } from "react-router";
import { asOfLine } from "../../components/market/market-figures.ts";
import { formatDateTimeUtc } from "../../lib/format.ts";
import { Change, Figure } from "./figure.tsx";
import { changeCell, priceCell } from "./market-cells.ts";

/**
 * The section's as-of line: the newest figures' freshness (as the market table dates its page),
 * or null when no coin has figures (market data unavailable).
 */
export function sharedFreshness(coins: readonly ArticleCoin[]): Dated<MarketFreshness> | null {
  return coins.reduce<Dated<MarketFreshness> | null>(
    (newest, c) =>
      c.freshness && (!newest || c.freshness.asOf > newest.asOf) ? c.freshness : newest,
    null,
  );
}

/** Figures older than this than the section's as-of line carry their own date. */
const APART_MS = 60 * 60 * 1000;

/** Whether `coin`'s figures are dated apart from the section's line (an older capture). */
export function datedApart(coin: ArticleCoin, shared: Dated<MarketFreshness> | null): boolean {
  if (!coin.freshness || !shared) return false;
  return Date.parse(shared.asOf) - Date.parse(coin.freshness.asOf) > APART_MS;
}

/** One coin: its name and ticker linking to its page, its own date when apart, its figures. */
function CoinRow({ coin, shared }: { coin: ArticleCoin; shared: Dated<MarketFreshness> | null }) {
  const own = datedApart(coin, shared) ? coin.freshness : null;
  return (
    <tr>
      <th scope="row" className="py-2 pr-3 text-left font-normal">
        <Link
          to={`/markets/${encodeURIComponent(coin.id)}`}
          className="font-medium text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent"
        >
          {coin.name}
        </Link>{" "}
        <span className="text-xs text-muted uppercase">{coin.symbol}</span>
        {own && (
          <span className="block text-xs text-muted">as of {formatDateTimeUtc(own.asOf)}</span>
        )}
      </th>
      <td className="py-2 pl-3 text-right">
        <Figure cell={priceCell(coin.priceUsd)} />
      </td>
      <td className="py-2 pl-3 text-right">
        <Change cell={changeCell(coin.change24hPercent)} />
      </td>
    </tr>
  );
}

/** The table's columns: the coin, then its figures. */
const HEADINGS = ["Coin", "Price", "24h"] as const;

/**
 * The section closing an article that names coins: a table of each coin (linking to its page), its
 * price and 24 h change (sign and arrow besides colour), then "As of {date} · Data provided by
 * CoinGecko"; nothing when the article names no coin.
 */
export function ArticleCoinsSection({ coins }: { coins: readonly ArticleCoin[] }) {
  if (coins.length === 0) return null;
  const shared = sharedFreshness(coins);
  return (
    <section
      aria-labelledby="article-coins"
      className="rounded-lg border border-line px-4 py-4 sm:px-5"
    >
      <h2 id="article-coins" className="text-lg font-semibold">
        Coins in this article
      </h2>
      <table className="tabular mt-2 w-full text-sm">
        <thead>
          <tr className="border-b border-line text-xs text-muted">
            {HEADINGS.map((heading, i) => (
              <th
                key={heading}
                scope="col"
                className={`py-1.5 font-medium ${i === 0 ? "pr-3 text-left" : "pl-3 text-right"}`}
              >
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {coins.map((coin) => (
            <CoinRow key={coin.id} coin={coin} shared={shared} />
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-muted">
        {shared
          ? asOfLine(shared)
          : "Prices are unavailable right now; each coin's page has its figures when they return."}
      </p>
    </section>
  );
}
