// Max, the AI market analyst `/assistant` (docs/product/max.md#assistant-screen), inside the shared
// layout. `?article={slug}` (the article page's "Ask Max about this article") gives the chat that
// article as context; `?ask=` (a coin page's "Ask Max about {coin}") puts a question in the input.
import { publicationContext } from "@pragmatist/contracts";
import { lazy, Suspense } from "react";
import { AssistantPlaceholder } from "../features/assistant/assistant-frame.tsx";
import { pageMeta } from "../lib/meta.ts";
import { useSite } from "../lib/site-data.ts";
import type { Route } from "./+types/assistant";

/**
 * The chat with the AI SDK (about 56 KiB compressed) is its own chunk: the page is rendered on
 * the server in full and shows without it, and the browser fetches it after React and the router
 * instead of with them, so it never competes with the page's first paint (decision 004).
 */
const AssistantChat = lazy(() =>
  import("../features/assistant/assistant-chat.tsx").then((m) => ({ default: m.AssistantChat })),
);

/** The longest question Max takes (docs/product/limits.md#constants), so `?ask=` never exceeds it. */
const QUESTION_MAX = 2000;

/**
 * The article named by `?article`, read through the publication API (published only): its slug
 * and title for the "About:" note. An unknown slug gives no context rather than an error. And the
 * question of `?ask=` (trimmed, cut to QUESTION_MAX characters), null when none.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const question = params.get("ask")?.trim().slice(0, QUESTION_MAX) || null;
  const slug = params.get("article");
  if (!slug) return { article: null, question };
  const found = await context.get(publicationContext).findArticle(slug);
  return {
    article: found ? { slug: found.attributes.slug, title: found.attributes.title } : null,
    question,
  };
}

/** The page's title, description, canonical path and breadcrumbs. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Max, the AI market analyst",
    description:
      "Ask Max about token prices and market data, new and trending tokens, price history and our research. Every figure comes with its date and source.",
    path: "/assistant",
    breadcrumbs: [{ name: "AI Assistant", path: "/assistant" }],
  });

/** The chat in the shared layout; the placeholder frame shows until the chat's chunk is in. */
export default function Assistant({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <Suspense fallback={<AssistantPlaceholder />}>
      <AssistantChat
        siteName={site.name}
        article={loaderData.article}
        question={loaderData.question}
      />
    </Suspense>
  );
}
