// `/studio` (issue #7 "Article list"): every article the viewer may open, searched and filtered
// through the URL (?q, ?status, ?type, ?authorId, ?page), loaded in the browser.
import { useLocation } from "react-router";
import { accountMeta } from "../features/account/page-meta";
import {
  ArticleFilters,
  ArticleTable,
  articleQueryOf,
  NewArticleLink,
} from "../features/studio/article-list";
import { studioApi } from "../features/studio/studio-api";
import { StudioErrorPage } from "../features/studio/studio-error";
import { studioLoad } from "../features/studio/studio-load";
import { ListSkeleton, PageHeading } from "../features/studio/ui";
import { isEditor, useViewer } from "../lib/viewer";
import type { Route } from "./+types/studio.articles";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = articleQueryOf(new URL(request.url).searchParams);
  const list = await studioLoad(request, (signal) => studioApi.listArticles(query, signal));
  return { query, list };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Articles · Studio", matches);

export function HydrateFallback() {
  return (
    <>
      <PageHeading title="Articles">
        <NewArticleLink />
      </PageHeading>
      <ListSkeleton label="Loading articles…" />
    </>
  );
}

export default function StudioArticles({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const { search } = useLocation();
  const viewer = useViewer();
  const editor = isEditor(viewer?.role);
  const filtered = Boolean(query.q || query.status || query.type || query.authorId);
  const authorName =
    list.data.find((a) => a.attributes.author?.id === query.authorId)?.attributes.author
      ?.username ?? null;
  return (
    <>
      <PageHeading title={editor ? "Articles" : "Your articles"}>
        <NewArticleLink />
      </PageHeading>
      {viewer && (
        <ArticleFilters
          // Filters changed from outside the form (an author link, "Show all") reset its fields.
          key={`${query.authorId ?? ""}|${search === "" ? "all" : ""}`}
          query={query}
          viewer={viewer}
          canFilterAuthor={editor}
          authorName={authorName}
        />
      )}
      <ArticleTable list={list} search={search} canFilterAuthor={editor} filtered={filtered} />
    </>
  );
}

export function ErrorBoundary() {
  return <StudioErrorPage />;
}
