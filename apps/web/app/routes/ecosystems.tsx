// Ecosystems `/ecosystems` (docs/product/reader.md#ecosystems): articles that cover an ecosystem,
// ecosystem chips, search, sort by clicks, page size 10.
import { publicationContext } from "@pragmatist/contracts";
import { ArticleListing } from "../features/library/article-listing";
import { listings } from "../features/library/listing";
import { loadListing } from "../features/library/listing.server";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/ecosystems";

/**
 * The ecosystems listing for this URL (listing.server.ts loadListing): `?q`, `?sort`, `?ecosystem`; page 1 of articles with an ecosystem, the article count and the ecosystem chips.
 * Errors of the API propagate to the root ErrorBoundary.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadListing(context.get(publicationContext), listings.ecosystems, request);
}

/** Title "Ecosystems" (or the search's results, not indexed), description, canonical. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const q = loaderData?.params.q;
  return pageMeta({
    matches,
    title: q ? `Search results for “${q}”` : "Ecosystems",
    description: "Crypto research and reports grouped by the networks they cover.",
    path: "/ecosystems",
    noindex: Boolean(q),
  });
};

/** The ecosystems listing screen. */
export default function Ecosystems({ loaderData }: Route.ComponentProps) {
  return <ArticleListing listing={listings.ecosystems} data={loaderData} />;
}
