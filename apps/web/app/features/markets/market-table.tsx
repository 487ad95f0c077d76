// The `/markets` table (docs/product/markets.md#market-data-pages): sortable column headings (links, with
// `aria-sort`), one row per coin, the coin's name sticky at the left edge on narrow screens.
import type { MarketRow, MarketSort, MarketTable } from "@pragmatist/contracts";
import { Link } from "react-router";
import { formatLongDate } from "../../lib/format.ts";
import { ChangeTd, Figure } from "./figure.tsx";
import { changeCell, compactCell, priceCell, rankCell } from "./market-cells.ts";
import { sortHref } from "./market-links.ts";
import { Sparkline } from "./sparkline.tsx";

/** A sortable column: its heading, its sort key, and its cell classes. */
interface Column {
  sort: MarketSort;
  label: string;
  className: string;
}

const NUMERIC = "px-2 text-right whitespace-nowrap sm:px-3";
/** The sticky coin column: stays at the left edge when a narrow screen scrolls the table. */
const STICKY = "sticky left-0 z-10 bg-surface px-2 text-left sm:px-3";

const COLUMNS: Column[] = [
  { sort: "rank", label: "#", className: `${NUMERIC} w-10 sm:w-12` },
  { sort: "name", label: "Coin", className: `${STICKY} min-w-28 sm:min-w-40` },
  { sort: "price", label: "Price", className: NUMERIC },
  { sort: "change24h", label: "24h", className: NUMERIC },
  { sort: "change7d", label: "7d", className: NUMERIC },
  { sort: "change30d", label: "30d", className: NUMERIC },
  { sort: "marketCap", label: "Market cap", className: NUMERIC },
  { sort: "volume", label: "Volume (24h)", className: NUMERIC },
];

/** "ascending" or "descending" on the column the table is sorted by; nothing on the others. */
function ariaSort(table: MarketTable, sort: MarketSort) {
  if (table.sort !== sort) return undefined;
  return table.order === "asc" ? "ascending" : "descending";
}

/** A column heading: a link sorting by it (the other way when it is the current sort). */
function Heading({ table, column }: { table: MarketTable; column: Column }) {
  const current = ariaSort(table, column.sort);
  const arrow = current === "ascending" ? "↑" : current === "descending" ? "↓" : "";
  return (
    <th scope="col" aria-sort={current} className={`py-2 ${column.className}`}>
      <Link
        to={sortHref(table, column.sort)}
        className="inline-flex items-center gap-1 rounded hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
      >
        {column.label}
        <span aria-hidden="true" className="w-2 text-accent">
          {arrow}
        </span>
      </Link>
    </th>
  );
}

/**
 * One coin's row: rank, name and ticker (linking to its page), figures, sparkline if shown. Its
 * cells' styles are the `.market-table` rules in app.css, set once for the table's 400 cells.
 */
function Row({ row, sparklines }: { row: MarketRow; sparklines: boolean }) {
  return (
    <tr>
      <td>
        <Figure cell={rankCell(row.rank)} />
      </td>
      <th scope="row">
        <Link to={`/markets/${encodeURIComponent(row.id)}`}>
          <span>{row.name}</span> <small>{row.symbol}</small>
          {row.listedAt && (
            <span className="block text-xs font-normal text-muted">
              Listed {formatLongDate(row.listedAt)}
            </span>
          )}
          {row.figuresAsOf && (
            <span className="block text-xs font-normal text-muted">
              Figures as of {formatLongDate(row.figuresAsOf)}
            </span>
          )}
        </Link>
      </th>
      <td>
        <Figure cell={priceCell(row.priceUsd)} />
      </td>
      {[row.change24hPercent, row.change7dPercent, row.change30dPercent].map((change, i) => (
        <ChangeTd key={i} cell={changeCell(change)} />
      ))}
      <td>
        <Figure cell={compactCell(row.marketCapUsd)} />
      </td>
      <td>
        <Figure cell={compactCell(row.volume24hUsd)} />
      </td>
      {sparklines && (
        <td className="py-1.5">
          <Sparkline prices={row.sparkline7d} name={row.name} />
        </td>
      )}
    </tr>
  );
}

/**
 * The page of coins as a table captioned `caption`: every column sorts, the current sort marked
 * with `aria-sort` and an arrow; scrolls sideways inside its frame on a narrow screen. The 7-day
 * line's column shows when a coin of the page has one. An empty page says that no coin matches.
 */
export function MarketTableView({ table, caption }: { table: MarketTable; caption: string }) {
  const sparklines = table.rows.some((row) => row.sparkline7d);
  if (table.rows.length === 0) {
    return (
      <p className="rounded-xl border border-line bg-surface px-4 py-8 text-center text-muted">
        No coin matches “{table.q}” here.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-surface">
      <table className="market-table tabular w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <Heading key={column.sort} table={table} column={column} />
            ))}
            {sparklines && (
              <th scope="col" className="px-3 py-2 text-right">
                Last 7 days
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <Row key={row.id} row={row} sparklines={sparklines} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
