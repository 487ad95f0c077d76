// Research home `/` (spec §2 "Research listing"): Research articles, category chips, search.
import { publicationContext } from "@pragmatist/contracts";
import { ArticleListing } from "../features/articles/article-listing";
import { listings } from "../features/articles/listing";
import { loadListing } from "../features/articles/listing.server";
import { pageMeta } from "../features/layout/meta";
import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadListing(context.get(publicationContext), listings.research, request);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    matches,
    title: loaderData?.params.q ? `Search results for “${loaderData.params.q}”` : undefined,
    path: "/",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return <ArticleListing listing={listings.research} data={loaderData} />;
}
