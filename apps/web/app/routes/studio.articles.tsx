// `/studio` (docs/product/studio.md#studio): every article the viewer may open, searched and
// filtered through the URL (?q, ?status, ?type, ?authorId, ?page), loaded in the browser.
import { useLocation } from "react-router";
import { ListSkeleton } from "../components/ui/list-skeleton";
import { PageHeading } from "../components/ui/page-heading";
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
import { isEditor, useViewer } from "../lib/viewer";
import type { Route } from "./+types/studio.articles";

/**
 * The list's query from the URL (`articleQueryOf`) and that page of articles; refusals as
 * `studioLoad` turns them (401 to sign-in, 403 and 404 to the error page).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = articleQueryOf(new URL(request.url).searchParams);
  const list = await studioLoad(request, (signal) => studioApi.listArticles(query, signal));
  return { query, list };
}

/** "Articles · Studio". */
export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Articles · Studio", matches);

/** The heading with New article, and grey rows while the list loads. */
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

/** "Articles" (editors) or "Your articles" (authors): New article, the filters, the table. */
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

/** The studio's 403, 404 or error page for this section (`StudioErrorPage`). */
export function ErrorBoundary() {
  return <StudioErrorPage />;
}
