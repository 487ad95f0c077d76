// `/studio/audit` (docs/product/studio.md#studio): editors and admins; newest first, 50 a page,
// filtered by action through ?action=.
import { filterValue, HeadingFilter } from "../components/ui/filter-select";
import { ListSkeleton } from "../components/ui/list-skeleton";
import { Note } from "../components/ui/note";
import { PageHeading } from "../components/ui/page-heading";
import { Pagination } from "../components/ui/pagination";
import { accountMeta } from "../features/account/page-meta";
import { AUDIT_FILTER, AuditTable } from "../features/studio/audit-log";
import { studioApi } from "../features/studio/studio-api";
import { StudioErrorPage } from "../features/studio/studio-error";
import { pageOf, studioLoad } from "../features/studio/studio-load";
import type { Route } from "./+types/studio.audit";

/**
 * `?action=` (a known audit action, else every action) and `?page=`, and that page of the log;
 * refusals as `studioLoad` turns them (authors get the 403 page).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const action = filterValue(AUDIT_FILTER, params);
  const audit = await studioLoad(request, (signal) =>
    studioApi.audit({ action, page: pageOf(params.get("page")) }, signal),
  );
  return { action, audit };
}

/** "Audit log · Studio". */
export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Audit log · Studio", matches);

/** The heading and grey rows while the log loads. */
export function HydrateFallback() {
  return (
    <>
      <PageHeading title="Audit log" />
      <ListSkeleton rows={8} label="Loading the audit log…" />
    </>
  );
}

/** The audit log: the action filter, the table (or "Nothing recorded yet.") and its pages. */
export default function StudioAudit({ loaderData }: Route.ComponentProps) {
  const { action, audit } = loaderData;
  return (
    <>
      <PageHeading title="Audit log">
        <HeadingFilter
          form="Filter the audit log"
          filter={AUDIT_FILTER}
          value={action}
          className="w-56"
        />
      </PageHeading>
      {audit.data.length === 0 ? (
        <Note>Nothing recorded yet.</Note>
      ) : (
        <AuditTable entries={audit.data} />
      )}
      <Pagination pagination={audit.meta.pagination} label="Audit log pages" />
    </>
  );
}

/** The studio's 403, 404 or error page for this section (`StudioErrorPage`). */
export function ErrorBoundary() {
  return <StudioErrorPage />;
}
