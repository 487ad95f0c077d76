// Research home `/` (docs/product.md#research-listing): Research articles, category chips, search.
import { publicationContext } from "@pragmatist/contracts";
import { useSearchParams } from "react-router";
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

/** Where the newsletter's mailed links land (`/?newsletter=…`). */
const NEWSLETTER_NOTICES: Record<string, string> = {
  confirmed: "Your newsletter subscription is confirmed. Thank you!",
  unsubscribed: "You are unsubscribed from the newsletter.",
  invalid: "This newsletter link is invalid or has already been used.",
};

/**
 * The research listing, under the notice of a newsletter link that landed here
 * (`?newsletter=confirmed|unsubscribed|invalid`).
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const notice = NEWSLETTER_NOTICES[useSearchParams()[0].get("newsletter") ?? ""];
  return (
    <>
      {notice && (
        <p
          role="status"
          className="mb-6 rounded-lg border border-line bg-surface px-4 py-3 text-sm"
        >
          {notice}
        </p>
      )}
      <ArticleListing listing={listings.research} data={loaderData} />
    </>
  );
}
