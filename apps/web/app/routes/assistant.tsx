// Max, the AI market analyst `/assistant` (spec §2 Assistant screen), inside the shared layout.
// `?article={slug}` (the article page's "Ask Max about this article") gives the chat that article
// as context.
import { publicationContext } from "@pragmatist/contracts";
import { AssistantChat } from "../features/assistant/assistant-chat.tsx";
import { pageMeta } from "../features/layout/meta.ts";
import { useSite } from "../features/layout/site-data.ts";
import type { Route } from "./+types/assistant";

/**
 * The article named by `?article`, read through the publication API (published only): its slug
 * and title for the "About:" note. An unknown slug gives no context rather than an error.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get("article");
  if (!slug) return { article: null };
  const found = await context.get(publicationContext).findArticle(slug);
  return {
    article: found ? { slug: found.attributes.slug, title: found.attributes.title } : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Max, the AI market analyst",
    description:
      "Ask Max about token prices and market data, new and trending tokens, price history and our research. Every figure comes with its date and source.",
    path: "/assistant",
    breadcrumbs: [{ name: "AI Assistant", path: "/assistant" }],
  });

export default function Assistant({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return <AssistantChat siteName={site.name} article={loaderData.article} />;
}
