// A coin page's price chart (docs/product/markets.md#coin-page): ranges as links, Max's candle chart, where
// the history ends, and its closes as a table for those who cannot see the chart.
import {
  COIN_RANGES,
  type CoinRange,
  isMarketError,
  MARKET_ERRORS,
  type MarketError,
  type MarketResult,
  type Dated,
  type Ohlc,
} from "@pragmatist/contracts";
import { Link } from "react-router";
import { CandleChart } from "../../components/market/candle-chart.tsx";
import { StaticPart } from "../../components/ui/static-part.tsx";
import { formatLongDate, formatUsdPrice } from "../../lib/format.ts";

const RANGE_LABELS: Record<CoinRange, string> = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
  "1y": "1 year",
  max: "All",
};

/** At most this many closes in the text table: a long history is sampled evenly. */
const TABLE_ROWS = 60;

/** The closes of `ohlc` for the table: every one, or every n-th ending with the last. */
export function closesForTable(candles: Ohlc["candles"]): Ohlc["candles"] {
  const step = Math.ceil(candles.length / TABLE_ROWS);
  return candles.filter((_, i) => (candles.length - 1 - i) % step === 0);
}

/** The range links of `/markets/{id}?range=`, the current one marked. */
function RangeLinks({ id, range }: { id: string; range: CoinRange }) {
  return (
    <nav aria-label="Chart range">
      <ul className="flex flex-wrap gap-1">
        {COIN_RANGES.map((r) => (
          <li key={r}>
            <Link
              to={`/markets/${encodeURIComponent(id)}${r === "90d" ? "" : `?range=${r}`}`}
              aria-current={r === range ? "page" : undefined}
              preventScrollReset
              className={`rounded-md px-2.5 py-1 text-sm font-medium ${
                r === range ? "bg-accent/10 text-accent" : "text-muted hover:text-ink"
              }`}
            >
              {RANGE_LABELS[r]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Where the history ends, and from when it is built from daily closing prices only. */
function HistoryNote({ ohlc }: { ohlc: Dated<Ohlc> }) {
  const last = ohlc.candles.at(-1);
  return (
    <>
      {last && `The price history in the data ends ${formatLongDate(last.time * 1000)}. `}
      {ohlc.closesFrom &&
        `From ${formatLongDate(ohlc.closesFrom)} the candles are built from daily closing prices.`}
    </>
  );
}

/**
 * The closes as a table (sampled when long), folded away under a summary; its cells' styles are
 * app.css's `.closes-table` rules, set once for its up to 60 rows.
 */
function ClosesTable({ ohlc }: { ohlc: Dated<Ohlc> }) {
  const rows = closesForTable(ohlc.candles);
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-accent">The chart as a table of closes</summary>
      <table className="closes-table tabular mt-2 w-full max-w-sm text-left">
        <caption className="sr-only">{ohlc.name}: daily closing prices in USD</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="py-1">
              Day (UTC)
            </th>
            <th scope="col" className="py-1 text-right">
              Close
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.time}>
              <td>{formatLongDate(c.time * 1000)}</td>
              <td>{formatUsdPrice(c.close)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Why there is no chart: not fetched yet (live), unavailable, or no history in the data. */
function historyMissing(error: MarketError["error"], name: string): string {
  if (error === MARKET_ERRORS.pending) {
    return "The price history is on its way from CoinGecko: it shows here within a minute.";
  }
  if (error === MARKET_ERRORS.fetchFailed) {
    return "The price history could not be loaded right now. Please try again in a minute.";
  }
  return `The data holds no price history for ${name}.`;
}

/**
 * The chart section: range links, then the candles with the history's end and the closes table,
 * or a sentence saying the data has no history for the coin (or that it could not be loaded, or
 * is still being fetched).
 */
export function CoinChart(props: {
  id: string;
  name: string;
  range: CoinRange;
  history: MarketResult<Dated<Ohlc>>;
}) {
  const { history } = props;
  return (
    <section aria-labelledby="coin-chart">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="coin-chart" className="text-lg font-semibold">
          Price history
        </h2>
        <RangeLinks id={props.id} range={props.range} />
      </div>
      {isMarketError(history) ? (
        <p className="mt-3 rounded-xl border border-line bg-surface px-4 py-6 text-sm text-muted">
          {historyMissing(history.error, props.name)}
        </p>
      ) : (
        <>
          <CandleChart ohlc={history} />
          {/* Text and a native <details>: the server's markup, not walked by React on load (nor
              its dates formatted: docs/architecture.md#what-a-readers-phone-pays). */}
          <StaticPart as="p" deps={[history]} className="mt-2 text-xs text-muted">
            <HistoryNote ohlc={history} />
          </StaticPart>
          <StaticPart deps={[history]}>
            <ClosesTable ohlc={history} />
          </StaticPart>
        </>
      )}
    </section>
  );
}
