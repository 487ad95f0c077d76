// Where the shared layout's links go and which sidebar tab is active
// (docs/product/site.md#shared-layout).

/** A tab of the wide-screen sidebar (shell/sidebar.tsx). */
export type SidebarTab = "research" | "assistant" | "markets" | "market-reports" | "newsletter";

/**
 * The active sidebar tab from the path (docs/product/site.md#sidebar): a path naming the newsletter
 * gives Newsletter; ecosystems gives Research; assistant gives AI Assistant; markets gives Market
 * Data; market-reports gives Market Reports; anything else gives Research.
 */
export function activeSidebarTab(pathname: string): SidebarTab {
  const path = pathname.toLowerCase();
  if (path.includes("newsletter")) return "newsletter";
  if (path.startsWith("/ecosystems")) return "research";
  if (path.startsWith("/assistant")) return "assistant";
  if (path === "/markets" || path.startsWith("/markets/")) return "markets";
  if (path.startsWith("/market-reports")) return "market-reports";
  return "research";
}
