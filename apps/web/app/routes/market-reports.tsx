// Market reports `/market-reports` (docs/product/reader.md#market-reports): News articles
// (newsletters and market reports), search, sort by clicks, page size 10; no mobile
// Categories/Ecosystems tabs.
import { publicationContext } from "@pragmatist/contracts";
import { ArticleListing } from "../features/library/article-listing";
import { listings } from "../features/library/listing";
import { loadListing } from "../features/library/listing.server";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/market-reports";

/**
 * The market reports listing for this URL (listing.server.ts loadListing): `?q`, `?sort`; page 1 of News articles and the article count.
 * Errors of the API propagate to the root ErrorBoundary.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadListing(context.get(publicationContext), listings.marketReports, request);
}

/**
 * Title "Market Reports" (or the search's results, not indexed), description, canonical, and the
 * market reports feed.
 */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const q = loaderData?.params.q;
  return pageMeta({
    matches,
    title: q ? `Search results for “${q}”` : "Market Reports",
    description: "Newsletters and weekly crypto market reports: what moved, and why it matters.",
    path: "/market-reports",
    noindex: Boolean(q),
    feed: { title: "Market Reports", path: "/feeds/market-reports.xml" },
  });
};

/** The market reports listing screen. */
export default function MarketReports({ loaderData }: Route.ComponentProps) {
  return <ArticleListing listing={listings.marketReports} data={loaderData} />;
}
