// The market table's addresses (docs/product/markets.md#market-data-pages): every tab, sort and page is a
// real link, so the table works without scripts and each view can be shared.
import {
  defaultMarketOrder,
  type MarketSort,
  type MarketTab,
  type MarketTable,
} from "@pragmatist/contracts";

/** The table's tabs in order, with their labels. */
export const TAB_LABELS: ReadonlyArray<[MarketTab, string]> = [
  ["all", "All coins"],
  ["trending", "Trending"],
  ["new", "New listings"],
  ["gainers", "Top gainers"],
  ["losers", "Top losers"],
];

/** What a link changes in the current view; `undefined` keeps the current value. */
interface View {
  tab: MarketTab;
  q: string;
  sort: MarketSort | null;
  order: "asc" | "desc";
  page: number;
}

/**
 * `/markets` with `view`'s parameters, leaving out the defaults (tab "all", page 1, no filter, and
 * no sort, or the "all" tab's own: rank ascending) so each view has one address.
 */
export function marketsHref(view: View): string {
  const params = new URLSearchParams();
  if (view.tab !== "all") params.set("tab", view.tab);
  if (view.q) params.set("q", view.q);
  if (view.sort && namesSort(view)) {
    params.set("sort", view.sort);
    params.set("order", view.order);
  }
  if (view.page > 1) params.set("page", String(view.page));
  const qs = params.toString();
  return qs ? `/markets?${qs}` : "/markets";
}

/**
 * Whether a view's address names its sort: when there is one and it is not the tab's own order
 * (the "all" tab's is rank ascending).
 */
export function namesSort(view: Pick<View, "tab" | "sort" | "order">): boolean {
  if (view.sort === null) return false;
  return !(view.tab === "all" && view.sort === "rank" && view.order === "asc");
}

/** The current view of `table` as marketsHref takes it. */
export function viewOf(table: Pick<MarketTable, "tab" | "q" | "sort" | "order" | "page">): View {
  return { tab: table.tab, q: table.q, sort: table.sort, order: table.order, page: table.page };
}

/**
 * The link a column heading makes: sorted by this column from page 1, the other way round when it
 * is the current sort, else in the column's first direction (rank and name ascending, figures
 * largest first).
 */
export function sortHref(table: MarketTable, sort: MarketSort): string {
  const flipped = table.order === "asc" ? "desc" : "asc";
  const order = table.sort === sort ? flipped : defaultMarketOrder(sort);
  return marketsHref({ ...viewOf(table), sort, order, page: 1 });
}

/** A tab's link: its own order from page 1, the filter kept. */
export function tabHref(table: Pick<MarketTable, "q">, tab: MarketTab): string {
  return marketsHref({ tab, q: table.q, sort: null, order: "asc", page: 1 });
}
