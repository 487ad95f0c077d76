// Research home `/` (spec §2 "Research listing").
import { publicationContext } from "@pragmatist/contracts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(publicationContext);
  return { count: await api.countArticles(), siteName: api.site.name };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>{loaderData.siteName}</h1>
      <p>Search our database of {loaderData.count} articles</p>
    </main>
  );
}
