// Category and tag pages, `/categories/{slug}` and `/tags/{slug}` (one module, two routes): the
// term's published articles, 12 a page (`?page=N`), inside the shared layout; unknown terms and
// pages past the end answer 404.
import { publicationContext } from "@pragmatist/contracts";
import { data, redirect } from "react-router";
import { notFoundMeta, notFoundOf } from "../shell/not-found-data.ts";
import { PageErrorBoundary } from "../shell/page-error-boundary.tsx";
import { notFoundData } from "../shell/suggestions.server.ts";
import { loadTermArchive } from "../features/library/listing.server.ts";
import { termArchiveMeta, TermArchivePage } from "../features/library/term-archive.tsx";
import type { Route } from "./+types/term";

/**
 * The category or tag (by the address's first segment; one in use by published articles) and
 * page `?page=N` of its articles (docs/product/reader.md#category-pages, #tag-pages). Another
 * case of the slug ("DeFi") redirects (301) to the canonical address.
 * @throws a 404 response (the site's not-found page, with suggestions) for an unknown term, a
 * malformed page number or a page past the end.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const api = context.get(publicationContext);
  const url = new URL(request.url);
  const kind = url.pathname.startsWith("/tags/") ? "tag" : "category";
  const archive = await loadTermArchive(api, kind, params.slug, url);
  if (!archive) throw data(await notFoundData(api, request), { status: 404 });
  if (params.slug !== archive.term.slug) throw redirect(`${archive.path}${url.search}`, 301);
  return archive;
}

/** The term's head (`termArchiveMeta`), or the 404's. */
export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? termArchiveMeta(matches, loaderData) : notFoundMeta(notFoundOf(error));

/** The term's page of articles (`TermArchivePage`). */
export default function TermPage({ loaderData }: Route.ComponentProps) {
  return <TermArchivePage data={loaderData} />;
}

/**
 * A 404 with suggestions or the error screen with a retry, inside the shared layout (which has the
 * `<main>`).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageErrorBoundary error={error} landmark={false} />;
}
