// Category page `/categories/{slug}`: the category's published articles, 12 a page
// (`?page=N`), inside the shared layout; unknown categories and pages past the end answer 404.
import { publicationContext } from "@pragmatist/contracts";
import { data, redirect } from "react-router";
import { notFoundMeta, notFoundOf } from "../shell/not-found-data.ts";
import { PageErrorBoundary } from "../shell/page-error-boundary.tsx";
import { notFoundData } from "../shell/suggestions.server.ts";
import { ArchiveList, Breadcrumbs } from "../features/library/archive.tsx";
import { ARCHIVE_PAGE_SIZE, articlesCount, pagePath } from "../features/library/listing.ts";
import { loadArchivePage, pageNumberOf } from "../features/library/listing.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/category";

/**
 * The category (one in use by published articles, `PublicationApi.listTerms`) and page
 * `?page=N` of its articles. Another case of the slug ("DeFi") redirects (301) to the canonical
 * address.
 * @throws a 404 response (the site's not-found page) for an unknown category, a malformed page
 * number or a page past the end.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const api = context.get(publicationContext);
  const url = new URL(request.url);
  const page = pageNumberOf(url);
  const wanted = params.slug.toLowerCase();
  const category =
    page === null ? null : (await api.listTerms("category")).find((t) => t.slug === wanted);
  const list =
    category && page !== null
      ? await loadArchivePage(api, { categories: [category.slug] }, page)
      : null;
  if (!category || !list) throw data(await notFoundData(api, request), { status: 404 });
  const path = `/categories/${encodeURIComponent(category.slug)}`;
  if (params.slug !== category.slug) throw redirect(`${path}${url.search}`, 301);
  return { path, category: { name: category.name, slug: category.slug }, list };
}

/** The category's head: CollectionPage JSON-LD listing this page's articles, newest first. */
export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return notFoundMeta(notFoundOf(error));
  const { category, list, path } = loaderData;
  const on = list.page > 1 ? ` (page ${list.page} of ${list.pageCount})` : "";
  const description = `${category.name}: crypto research, newsletters and market reports, newest first. ${articlesCount(list.total)}.`;
  return pageMeta({
    matches,
    title: `${category.name}${on}`,
    description,
    path: pagePath(path, list.page),
    // The newest article's picture stands for the category in link previews.
    image: list.articles.find((a) => a.thumbnail)?.thumbnail?.url,
    breadcrumbs: [{ name: category.name, path }],
    prev: list.page > 1 ? pagePath(path, list.page - 1) : null,
    next: list.page < list.pageCount ? pagePath(path, list.page + 1) : null,
    jsonLd: ({ url }) => [
      {
        "@type": "CollectionPage",
        name: category.name,
        description,
        url,
        mainEntity: {
          "@type": "ItemList",
          numberOfItems: list.total,
          itemListElement: list.articles.map((a, i) => ({
            "@type": "ListItem",
            position: (list.page - 1) * ARCHIVE_PAGE_SIZE + i + 1,
            url: new URL(`/p/${encodeURIComponent(a.slug)}`, url).href,
            name: a.title,
          })),
        },
      },
    ],
  });
};

/**
 * Breadcrumbs, the category's name and article count (with the page number after page 1), then
 * the page of its articles with Newer / Older links.
 */
export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, list, path } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <Breadcrumbs trail={[{ name: category.name, path }]} />
      <header>
        <p className="text-xs font-semibold tracking-wider text-accent uppercase">Category</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">
          {category.name}
        </h1>
        <p className="tabular mt-1.5 text-[0.9375rem] leading-6 text-muted">
          {articlesCount(list.total)}, newest first
          {list.page > 1 ? ` · page ${list.page} of ${list.pageCount}` : "."}
        </p>
      </header>
      <ArchiveList path={path} data={list} heading={`${category.name} articles`} />
    </div>
  );
}

/**
 * A 404 with suggestions or the error screen with a retry, inside the shared layout (which has the
 * `<main>`).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageErrorBoundary error={error} landmark={false} />;
}
