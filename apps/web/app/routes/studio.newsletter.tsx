// `/studio/newsletter` (docs/product/newsletter.md#newsletter-sending): editors and admins; the
// newsletter issues, newest first, filtered by status through ?status=, and "New issue".
import { filterValue, HeadingFilter } from "../components/ui/filter-select";
import { ListSkeleton } from "../components/ui/list-skeleton";
import { Note } from "../components/ui/note";
import { PageHeading } from "../components/ui/page-heading";
import { Pagination } from "../components/ui/pagination";
import { accountMeta } from "../features/account/page-meta";
import { IssueTable, NewIssueLink } from "../features/studio/newsletter/issue-list";
import { ISSUE_STATUS_FILTER } from "../features/studio/newsletter/issue-status";
import { newsletterApi } from "../features/studio/newsletter/newsletter-api";
import { StudioErrorPage } from "../features/studio/studio-error";
import { pageOf, studioLoad } from "../features/studio/studio-load";
import type { Route } from "./+types/studio.newsletter";

/**
 * `?status=` (a known status, else every status) and `?page=`, and that page of issues; refusals
 * as `studioLoad` turns them (authors get the 403 page).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = filterValue(ISSUE_STATUS_FILTER, params);
  const issues = await studioLoad(request, (signal) =>
    newsletterApi.list({ status, page: pageOf(params.get("page")) }, signal),
  );
  return { status, issues };
}

/** "Newsletter · Studio". */
export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta("Newsletter · Studio", matches);

/** The heading with New issue, and grey rows while the issues load. */
export function HydrateFallback() {
  return (
    <>
      <PageHeading title="Newsletter">
        <NewIssueLink />
      </PageHeading>
      <ListSkeleton label="Loading newsletter issues…" />
    </>
  );
}

/** The issues: New issue, the status filter, the table (or why it is empty) and its pages. */
export default function StudioNewsletter({ loaderData }: Route.ComponentProps) {
  const { status, issues } = loaderData;
  return (
    <>
      <PageHeading title="Newsletter">
        <HeadingFilter
          form="Filter the issues"
          filter={ISSUE_STATUS_FILTER}
          value={status}
          className="w-36"
        />
        <NewIssueLink />
      </PageHeading>
      {issues.data.length === 0 ? (
        <Note>
          {status
            ? "No issue has this status."
            : "No issue yet. Make one from a published article or from the week's articles."}
        </Note>
      ) : (
        <IssueTable issues={issues.data} />
      )}
      <Pagination
        pagination={issues.meta.pagination}
        label="Issue pages"
        noun={["issue", "issues"]}
      />
    </>
  );
}

/** The studio's 403, 404 or error page for this section (`StudioErrorPage`). */
export function ErrorBoundary() {
  return <StudioErrorPage />;
}
