// The built-in newsletter `/newsletter` (docs/product/newsletter.md#newsletter): subscribe, and the
// archive of issues sent (`?page=N`), inside the shared layout.
import { publicationContext } from "@pragmatist/contracts";
import { data } from "react-router";
import { pageNumberOf } from "../features/library/listing.server.ts";
import { pagePath } from "../features/library/listing.ts";
import { IssueArchive } from "../features/newsletter/issue-archive.tsx";
import { pageMeta } from "../lib/meta.ts";
import { useSite } from "../lib/site-data.ts";
import { notFoundMeta, notFoundOf } from "../shell/not-found-data.ts";
import { PageErrorBoundary } from "../shell/page-error-boundary.tsx";
import { notFoundData } from "../shell/suggestions.server.ts";
import type { Route } from "./+types/newsletter";

/** Issues a page of the archive lists. */
const ARCHIVE_PAGE_SIZE = 20;

/**
 * Page `?page=N` of the issues sent, newest first.
 * @throws a 404 response for a malformed page number or a page past the end (page 1 always exists).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const api = context.get(publicationContext);
  const page = pageNumberOf(new URL(request.url));
  const issues =
    page === null ? null : await api.listNewsletterIssues({ page, pageSize: ARCHIVE_PAGE_SIZE });
  if (!issues || (page !== 1 && issues.data.length === 0)) {
    throw data(await notFoundData(api, request), { status: 404 });
  }
  return { issues };
}

/** The newsletter's own feed (distribution routes), for feed readers that find it from the page. */
export const links: Route.LinksFunction = () => [
  {
    rel: "alternate",
    type: "application/rss+xml",
    title: "The Weekly Brief",
    href: "/feeds/newsletter.xml",
  },
];

/** Title "The Weekly Brief", its description and canonical `/newsletter`. */
export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return notFoundMeta(notFoundOf(error));
  const { page } = loaderData.issues.meta.pagination;
  return pageMeta({
    matches,
    title: page > 1 ? `The Weekly Brief (page ${page})` : "The Weekly Brief",
    description:
      "Our weekly newsletter: the week's research and market reports with an editor's note. Subscribe, or read past issues.",
    path: pagePath("/newsletter", page),
    breadcrumbs: [{ name: "Newsletter", path: "/newsletter" }],
  });
};

/** The subscribe panel and the archive. */
export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <IssueArchive
      siteName={site.name}
      issues={loaderData.issues}
      pageHref={(page) => pagePath("/newsletter", page)}
    />
  );
}

/** A 404 with suggestions past the archive's end, else the error screen with a retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageErrorBoundary error={error} />;
}
