// `/studio/articles/new` and `/studio/articles/{id}` (docs/product/studio.md#studio): one route, so
// the editor stays mounted when a new article's first save gives it an address.
import { data, useLocation } from "react-router";
import { accountMeta } from "../features/account/page-meta";
import { ArticleEditor } from "../features/studio/article-editor";
import { studioApi } from "../features/studio/studio-api";
import { StudioErrorPage } from "../features/studio/studio-error";
import { type StudioRefusal, studioLoad } from "../features/studio/studio-load";
import { Skeleton } from "../components/ui/skeleton";
import { useViewer } from "../lib/viewer";
import type { Route } from "./+types/studio.article";

/** `new`: an empty editor; a positive id: that article with its Markdown; else a 404. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  if (params.id === "new") return { article: null };
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw data<StudioRefusal>({ message: "Article not found" }, { status: 404 });
  }
  return { article: await studioLoad(request, (signal) => studioApi.getArticle(id, signal)) };
}

/** "{title} · Studio", or "New article · Studio". */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  accountMeta(
    loaderData?.article
      ? `${loaderData.article.attributes.title} · Studio`
      : "New article · Studio",
    matches,
  );

/** The editor's outline in grey while the article loads in the browser. */
export function HydrateFallback() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading the editor…</span>
      <Skeleton className="mb-4 h-9 w-64" />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-4">
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-[30rem] rounded-xl" />
        </div>
        <div className="space-y-4">
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-48 rounded-xl" />
        </div>
      </div>
    </div>
  );
}

/** The editor of the loaded article (or a new one) for the signed-in viewer. */
export default function StudioArticle({ loaderData, params }: Route.ComponentProps) {
  const location = useLocation();
  const viewer = useViewer();
  // A new article keeps its editor when its first save moves it to /studio/articles/{id} (the
  // history state carries the editor's key); any other visit starts a fresh editor.
  const carried = (location.state as { editor?: string } | null)?.editor;
  const editorKey = carried ?? (params.id === "new" ? `new-${location.key}` : params.id);
  if (!viewer) return null;
  return (
    <ArticleEditor
      key={editorKey}
      article={loaderData.article}
      role={viewer.role}
      editorKey={editorKey}
    />
  );
}

/** The studio's 403, 404 or error page for this section (`StudioErrorPage`). */
export function ErrorBoundary() {
  return <StudioErrorPage />;
}
