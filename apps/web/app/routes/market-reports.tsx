// Market reports `/market-reports` (spec §2): News articles (newsletters and market reports),
// search, sort by clicks, page size 10; no mobile Categories/Ecosystems tabs.
import { publicationContext } from "@pragmatist/contracts";
import { ArticleListing } from "../features/library/article-listing";
import { listings } from "../features/library/listing";
import { loadListing } from "../features/library/listing.server";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/market-reports";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadListing(context.get(publicationContext), listings.marketReports, request);
}

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

export default function MarketReports({ loaderData }: Route.ComponentProps) {
  return <ArticleListing listing={listings.marketReports} data={loaderData} />;
}
