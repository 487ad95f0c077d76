// A coin page's head and figures (docs/product/markets.md#coin-page): price and moves, market cap,
// valuation, volume, supplies, the all-time high and low with their dates and distance, and what
// the data says about the coin. A missing figure is said to be missing, never shown as zero.
import type { CoinFigures } from "@pragmatist/contracts";
import { asOfLine } from "../../components/market/market-figures.ts";
import { formatLongDate } from "../../lib/format.ts";
import { safeUrl } from "../../lib/safe-url.ts";
import { Change, Figure } from "./figure.tsx";
import {
  type Cell,
  changeCell,
  compactCell,
  MISSING,
  priceCell,
  supplyCell,
} from "./market-cells.ts";

/** The coin's name, ticker and rank, its price and its 24 h, 7 d and 30 d moves, dated. */
export function CoinHeader({ coin }: { coin: CoinFigures }) {
  const moves: Array<[string, number | null]> = [
    ["24h", coin.change24hPercent],
    ["7d", coin.change7dPercent],
    ["30d", coin.change30dPercent],
  ];
  return (
    <header className="flex flex-col gap-2">
      <p className="text-sm text-muted">
        {coin.rank === null ? "Unranked by market cap" : `Rank #${coin.rank} by market cap`}
      </p>
      <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
        {coin.name} <span className="text-lg font-medium text-muted uppercase">{coin.symbol}</span>
      </h1>
      <p className="tabular text-3xl font-semibold">
        <Figure cell={priceCell(coin.priceUsd)} />
        {coin.priceUsd === null && (
          <span className="ml-2 text-base font-normal text-muted">(no price in the data)</span>
        )}
      </p>
      <dl className="tabular flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {moves.map(([label, change]) => (
          <div key={label} className="flex gap-1.5">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium">
              <Change cell={changeCell(change)} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">{asOfLine(coin)}</p>
    </header>
  );
}

/** An all-time high or low: its price, its date and how far today's price is from it. */
function extremeCell(usd: number | null, at: string | null, distance: number | null): Cell {
  if (usd === null) return { text: MISSING, missing: true };
  const date = at ? ` on ${formatLongDate(at)}` : "";
  const away = distance === null ? "" : ` (${changeCell(distance).text} from it)`;
  return { text: `${priceCell(usd).text}${date}${away}`, missing: false };
}

/** The 24 h range "low – high", or missing. */
function rangeCell(low: number | null, high: number | null): Cell {
  if (low === null || high === null) return { text: MISSING, missing: true };
  return { text: `${priceCell(low).text} – ${priceCell(high).text}`, missing: false };
}

/** The figures as a definition list, two or three columns wide. */
export function CoinStats({ coin }: { coin: CoinFigures }) {
  const rows: Array<[string, Cell]> = [
    ["Market cap", compactCell(coin.marketCapUsd)],
    ["Fully diluted valuation", compactCell(coin.fdvUsd)],
    ["Volume (24h)", compactCell(coin.volume24hUsd)],
    ["24h range", rangeCell(coin.low24hUsd, coin.high24hUsd)],
    ["Circulating supply", supplyCell(coin.circulatingSupply)],
    ["Total supply", supplyCell(coin.totalSupply)],
    ["Max supply", supplyCell(coin.maxSupply)],
    ["All-time high", extremeCell(coin.athUsd, coin.athDate, coin.athChangePercent)],
    ["All-time low", extremeCell(coin.atlUsd, coin.atlDate, coin.atlChangePercent)],
  ];
  return (
    <section aria-labelledby="coin-stats">
      <h2 id="coin-stats" className="text-lg font-semibold">
        Market figures
      </h2>
      <dl className="tabular mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 xl:grid-cols-3">
        {rows.map(([label, cell]) => (
          <div key={label} className="border-b border-line pb-2">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="mt-0.5 font-medium">
              <Figure cell={cell} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * What the data says about the coin: its description (plain text), its homepage (kept only under
 * the safe-address rule, docs/product/reader.md#safe-urls) and its categories; a sentence when it has none.
 */
export function CoinAbout({ coin }: { coin: CoinFigures }) {
  const homepage = coin.homepage ? safeUrl(coin.homepage) : "";
  const nothing = !coin.description && !homepage && coin.categories.length === 0;
  return (
    <section aria-labelledby="coin-about">
      <h2 id="coin-about" className="text-lg font-semibold">
        About {coin.name}
      </h2>
      {nothing && <p className="mt-2 text-sm text-muted">The data has no description of it.</p>}
      {coin.description && <p className="mt-2 max-w-prose leading-relaxed">{coin.description}</p>}
      {homepage && (
        <p className="mt-2 text-sm">
          Website:{" "}
          <a href={homepage} rel="noopener noreferrer nofollow" className="text-accent underline">
            {homepage.replace(/^https?:\/\//, "")}
          </a>
        </p>
      )}
      {coin.categories.length > 0 && (
        <ul aria-label="Categories" className="mt-3 flex flex-wrap gap-1.5">
          {coin.categories.map((c) => (
            <li key={c} className="rounded-full bg-line/60 px-2.5 py-0.5 text-xs">
              {c}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
