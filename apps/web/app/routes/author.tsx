// Author page `/authors/{slug}`: who writes, then their published articles, 12 a page
// (`?page=N`), inside the shared layout; unknown authors and pages past the end answer 404.
import { publicationContext } from "@pragmatist/contracts";
import { data, redirect } from "react-router";
import { AuthorAvatar } from "../features/reader/author-avatar.tsx";
import { notFoundMeta, notFoundOf } from "../shell/not-found-data.ts";
import { PageErrorBoundary } from "../shell/page-error-boundary.tsx";
import { notFoundData } from "../shell/suggestions.server.ts";
import { ArchiveList, Breadcrumbs } from "../features/library/archive.tsx";
import { articlesCount, pagePath } from "../features/library/listing.ts";
import { loadArchivePage, pageNumberOf } from "../features/library/listing.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/author";

/**
 * The author (a live user with published articles, `PublicationApi.findAuthor`) and page
 * `?page=N` of their articles. Another spelling of the slug ("Maya-Okafor") redirects (301) to
 * the canonical address.
 * @throws a 404 response (the site's not-found page) for an unknown author, a malformed page
 * number or a page past the end.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const api = context.get(publicationContext);
  const url = new URL(request.url);
  const page = pageNumberOf(url);
  const author = page === null ? null : await api.findAuthor(params.username);
  const list =
    author && page !== null ? await loadArchivePage(api, { authorId: author.id }, page) : null;
  if (!author || !list) throw data(await notFoundData(api, request), { status: 404 });
  const path = `/authors/${encodeURIComponent(author.slug)}`;
  if (params.username !== author.slug) throw redirect(`${path}${url.search}`, 301);
  return {
    path,
    author: {
      id: author.id,
      username: author.username,
      bio: author.bio,
      avatarUrl: author.avatarUrl,
      articleCount: author.articleCount,
    },
    list,
  };
}

/** The profile's head: og:type profile, the avatar as image, ProfilePage + Person JSON-LD. */
export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return notFoundMeta(notFoundOf(error));
  const { author, list, path } = loaderData;
  const on = list.page > 1 ? ` (page ${list.page} of ${list.pageCount})` : "";
  const bio = author.bio?.trim();
  const about = bio ? bio.replace(/[^.!?]$/, "$&.") : `Research and reports by ${author.username}.`;
  return pageMeta({
    matches,
    title: `${author.username}${on}`,
    description: `${about} ${articlesCount(author.articleCount)}.`,
    path: pagePath(path, list.page),
    type: "profile",
    image: author.avatarUrl,
    breadcrumbs: [{ name: author.username, path }],
    prev: list.page > 1 ? pagePath(path, list.page - 1) : null,
    next: list.page < list.pageCount ? pagePath(path, list.page + 1) : null,
    extra: [{ property: "profile:username", content: author.username }],
    jsonLd: ({ url, image, site }) => [
      {
        "@type": "ProfilePage",
        url,
        mainEntity: {
          "@type": "Person",
          name: author.username,
          url: new URL(path, url).href,
          ...(image ? { image } : {}),
          ...(author.bio ? { description: author.bio } : {}),
          worksFor: { "@type": "Organization", name: site.name },
        },
      },
    ],
  });
};

/**
 * Breadcrumbs, the author's picture, name, bio and article count (with the page number after page
 * 1), then the page of their articles with Newer / Older links.
 */
export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, list, path } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <Breadcrumbs trail={[{ name: author.username, path }]} />
      <header className="flex items-start gap-4 sm:gap-5">
        <AuthorAvatar
          author={{
            id: author.id,
            username: author.username,
            profilePicture: author.avatarUrl ? { url: author.avatarUrl } : null,
          }}
          size={72}
        />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-accent uppercase">Author</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">
            {author.username}
          </h1>
          {author.bio && (
            <p className="mt-2 max-w-2xl text-[0.9375rem] leading-6 text-pretty text-muted">
              {author.bio}
            </p>
          )}
          <p className="tabular mt-2 text-sm text-muted">
            {articlesCount(author.articleCount)}
            {list.page > 1 && ` · page ${list.page} of ${list.pageCount}`}
          </p>
        </div>
      </header>
      <ArchiveList path={path} data={list} heading={`Articles by ${author.username}`} />
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
