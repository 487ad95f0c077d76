// Research home `/` (docs/product/reader.md#research-listing): Research articles, category chips,
// search.
import { publicationContext } from "@pragmatist/contracts";
import { ArticleListing } from "../features/library/article-listing";
import { listings } from "../features/library/listing";
import { loadListing } from "../features/library/listing.server";
import { organizationJsonLd, pageMeta } from "../lib/meta";
import type { Route } from "./+types/home";

/**
 * The research listing for this URL (listing.server.ts loadListing): `?q`, `?sort`, `?category`; page 1 of Research articles, the article count and the category chips.
 * Errors of the API propagate to the root ErrorBoundary.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadListing(context.get(publicationContext), listings.research, request);
}

/**
 * The home page's head: Organization and WebSite JSON-LD, the WebSite's SearchAction pointing at
 * this page's own server-rendered search (`/?q=…`, schema.org SearchAction); search results are
 * not indexed.
 */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const q = loaderData?.params.q;
  return pageMeta({
    matches,
    title: q ? `Search results for “${q}”` : undefined,
    path: "/",
    noindex: Boolean(q),
    feed: { title: "Research", path: "/feeds/research.xml" },
    jsonLd: ({ site }) => [
      organizationJsonLd(site),
      {
        "@type": "WebSite",
        name: site.name,
        url: `${site.publicUrl}/`,
        potentialAction: {
          "@type": "SearchAction",
          target: {
            "@type": "EntryPoint",
            urlTemplate: `${site.publicUrl}/?q={search_term_string}`,
          },
          "query-input": "required name=search_term_string",
        },
      },
    ],
  });
};

/** The research listing. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return <ArticleListing listing={listings.research} data={loaderData} />;
}
