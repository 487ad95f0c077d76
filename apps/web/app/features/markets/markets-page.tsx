// The `/markets` screen around its table (docs/product/markets.md#market-data-pages): tabs, the filter,
// the date and source of every figure, and the pages.
import type { MarketRow, MarketTable } from "@pragmatist/contracts";
import { Link } from "react-router";
import { asOfLine } from "../../components/market/market-figures.ts";
import { Pagination } from "../../components/ui/pagination.tsx";
import { StaticPart } from "../../components/ui/static-part.tsx";
import { formatDateTimeUtc } from "../../lib/format.ts";
import { marketsHref, namesSort, TAB_LABELS, tabHref } from "./market-links.ts";
import { MarketTableView } from "./market-table.tsx";

const tabClass = (active: boolean) =>
  `rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors ${
    active ? "bg-surface text-ink shadow-sm" : "text-muted hover:text-ink"
  }`;

/** The tabs as links (the current one `aria-current="page"`), scrolling sideways when narrow. */
function MarketTabs({ table }: { table: MarketView }) {
  return (
    <nav aria-label="Market lists" className="overflow-x-auto">
      <ul className="inline-flex gap-1 rounded-lg border border-line bg-line/40 p-1">
        {TAB_LABELS.map(([tab, label]) => (
          <li key={tab}>
            <Link
              to={tabHref(table, tab)}
              aria-current={table.tab === tab ? "page" : undefined}
              className={tabClass(table.tab === tab)}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A GET form filtering the current tab by name or ticker, in the current order (works without
 * scripts).
 */
function FilterForm({ table }: { table: MarketView }) {
  return (
    <form method="get" action="/markets" role="search" className="flex gap-2">
      {table.tab !== "all" && <input type="hidden" name="tab" value={table.tab} />}
      {table.sort && namesSort(table) && (
        <>
          <input type="hidden" name="sort" value={table.sort} />
          <input type="hidden" name="order" value={table.order} />
        </>
      )}
      <label htmlFor="markets-q" className="sr-only">
        Filter coins by name or ticker
      </label>
      <input
        id="markets-q"
        name="q"
        type="search"
        defaultValue={table.q}
        maxLength={100}
        placeholder="Filter by name or ticker"
        className="h-9 w-full min-w-0 rounded-lg border border-line bg-surface px-3 text-sm sm:w-64"
      />
      <button
        type="submit"
        className="h-9 rounded-lg border border-line bg-surface px-3 text-sm font-medium hover:border-accent focus-visible:outline-2 focus-visible:outline-accent"
      >
        Filter
      </button>
    </form>
  );
}

/**
 * When the figures were true and who supplied them, and for trending and new listings when the
 * list itself was made (each list carries its own date, docs/product/max.md#market-data).
 */
export function MarketDates({ table }: { table: MarketTable }) {
  const list =
    table.tab === "trending" ? "Trending searches" : table.tab === "new" ? "Listings" : null;
  return (
    <p className="text-xs text-muted">
      {list && table.listAsOf && `${list} as of ${formatDateTimeUtc(table.listAsOf)}. `}
      {asOfLine(table)}
      {!table.rows.some((row) => row.sparkline7d) &&
        table.rows.length > 0 &&
        " · No 7-day price lines: the data holds no hourly prices for these dates."}
    </p>
  );
}

/** What the current view lists, for the table's caption and the count line. */
export function viewTitle(table: MarketView): string {
  const tab = TAB_LABELS.find(([t]) => t === table.tab)?.[1] ?? "All coins";
  return table.q ? `${tab} matching “${table.q}”` : tab;
}

/** A page of the table without its rows: what the loader sends to every request. */
export type MarketView = Omit<MarketTable, "rows">;

/**
 * The whole screen: heading, tabs and filter, then the dates, the table and its pages (a
 * StaticPart: kept as the server rendered it when the page hydrates). `rows` are the table's rows,
 * null while the page hydrates (a document request keeps them on the server, `documentOnly`):
 * the static part then shows the server's markup and never reads them.
 */
export function MarketsPage({ table, rows }: { table: MarketView; rows: MarketRow[] | null }) {
  const title = viewTitle(table);
  const page = { ...table, rows: rows ?? [] };
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">
          Market Data
        </h1>
        <p className="mt-1 text-[0.9375rem] text-muted">
          Prices, market caps and moves of the coins we follow; each coin’s page joins its figures
          with our research and Max.
        </p>
      </header>
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <MarketTabs table={table} />
        <FilterForm table={table} />
      </div>
      {table.q && (
        <p className="text-sm">
          <Link to={marketsHref({ ...table, q: "", page: 1 })} className="text-accent underline">
            Clear the filter
          </Link>
        </p>
      )}
      {/* Dates and rows of figures and links only (sorting and pages are links): the server's
          markup, not walked by React on load, its data not in the hydration data; `contents`
          keeps its pieces in this column's gaps. */}
      <StaticPart deps={[table]} className="contents">
        <MarketDates table={page} />
        <MarketTableView
          table={page}
          caption={`${title}, page ${table.page} of ${table.pageCount}`}
        />
        <Pagination pagination={table} label="Market table pages" noun={["coin", "coins"]} />
      </StaticPart>
    </div>
  );
}
