// Market Data `/markets` (docs/product/markets.md#market-data-pages): the coins of the market service Max
// uses, as a table with tabs, sorting, a filter and pages of 50, inside the shared layout.
import { publicationContext } from "@pragmatist/contracts";
import { data, Link } from "react-router";
import { MarketsPage, viewTitle } from "../features/markets/markets-page.tsx";
import { documentOnly } from "../lib/document-only.server.ts";
import { useDocumentData } from "../lib/document-only.ts";
import { marketTableQueryOf } from "../features/markets/markets.server.ts";
import { marketsHref } from "../features/markets/market-links.ts";
import { pageMeta } from "../lib/meta.ts";
import { notFoundMeta, notFoundOf } from "../shell/not-found-data.ts";
import { PageErrorBoundary } from "../shell/page-error-boundary.tsx";
import { notFoundData } from "../shell/suggestions.server.ts";
import type { Route } from "./+types/markets";

/** The DocumentOnly key of the table's rows. */
const MARKET_ROWS = "market-rows";

/**
 * The table for this URL's `?tab`, `?sort`, `?order`, `?page` and `?q`: `table` without its rows,
 * and `rows`, which a document request keeps out of the hydration data (null there: the page
 * hydrates the table as the server's markup, docs/decisions/026-static-parts-not-hydrated.md).
 * @returns `{ invalid }` with status 400 for a parameter the table does not take (the page says
 * which); throws a 404 response (the not-found page) for a page past the last.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const api = context.get(publicationContext);
  const query = marketTableQueryOf(new URL(request.url));
  if ("invalid" in query) {
    return data({ table: null, rows: null, invalid: query.invalid }, { status: 400 });
  }
  const found = await api.findMarketTable(query);
  if (!found) throw data(await notFoundData(api, request), { status: 404 });
  const { rows, ...table } = found;
  return { table, rows: documentOnly(context, MARKET_ROWS, rows), invalid: null };
}

/**
 * "Market Data" (its view and page when not the first), the canonical address of the view
 * (filtered views and refused queries are not indexed), prev/next between pages, and WebPage
 * JSON-LD.
 */
export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return notFoundMeta(notFoundOf(error));
  const { table } = loaderData;
  const description =
    "Crypto prices, market caps, 24 h, 7 d and 30 d moves, trending coins, new listings, top gainers and losers, dated and sourced (data provided by CoinGecko).";
  if (!table) return pageMeta({ matches, title: "Market Data", path: "/markets", noindex: true });
  const view = table.tab === "all" && !table.q ? "" : ` — ${viewTitle(table)}`;
  const on = table.page > 1 ? ` (page ${table.page} of ${table.pageCount})` : "";
  return pageMeta({
    matches,
    title: `Market Data${view}${on}`,
    description,
    path: marketsHref({ ...table, sort: null }),
    noindex: Boolean(table.q),
    breadcrumbs: [{ name: "Market Data", path: "/markets" }],
    prev: table.page > 1 ? marketsHref({ ...table, page: table.page - 1 }) : null,
    next: table.page < table.pageCount ? marketsHref({ ...table, page: table.page + 1 }) : null,
    jsonLd: ({ url }) => [{ "@type": "WebPage", name: "Market Data", description, url }],
  });
};

/** The table, or (status 400) what was wrong with the address and a way back. */
export default function Markets({ loaderData }: Route.ComponentProps) {
  const rows = useDocumentData(MARKET_ROWS, loaderData.rows);
  if (!loaderData.table) {
    return (
      <div className="max-w-xl py-8">
        <h1 className="text-2xl font-semibold tracking-tight">This market view does not exist</h1>
        <p className="mt-3 text-muted">
          The address asks for something the table cannot show: {loaderData.invalid}.
        </p>
        <Link to="/markets" className="mt-6 inline-block font-semibold text-accent underline">
          Show all coins
        </Link>
      </div>
    );
  }
  return <MarketsPage table={loaderData.table} rows={rows} />;
}

/** A 404 with suggestions for a page past the end, else the error screen with a retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageErrorBoundary error={error} landmark={false} />;
}
