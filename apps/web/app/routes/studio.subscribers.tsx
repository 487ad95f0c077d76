// `/studio/subscribers` (docs/product/studio.md#studio): editors and
// admins; the one newsletter list (readers of the form and members' switches)
// by email and status, each member marked, and the confirmed subscribers as a CSV download.
import { Badge, type BadgeTone } from "../components/ui/badge";
import { buttonClass } from "../components/ui/button";
import { DataTable } from "../components/ui/data-table";
import { FilterSelect } from "../components/ui/filter-select";
import { FileDownloadIcon } from "../components/ui/action-icons";
import { ListSkeleton } from "../components/ui/list-skeleton";
import { Note } from "../components/ui/note";
import { PageHeading } from "../components/ui/page-heading";
import { Pagination } from "../components/ui/pagination";
import { SearchForm } from "../components/ui/search-form";
import { accountMeta } from "../features/account/page-meta";
import {
  studioApi,
  SUBSCRIBERS_CSV_URL,
  type SubscriberStatus,
} from "../features/studio/studio-api";
import { StudioErrorPage } from "../features/studio/studio-error";
import { pageOf, studioLoad } from "../features/studio/studio-load";
import { formatIsoDateUtc } from "../lib/format";
import type { Route } from "./+types/studio.subscribers";

const STATUSES = ["pending", "confirmed", "unsubscribed"] as const satisfies SubscriberStatus[];

/**
 * `?q=` (part of an email), `?status=` (a known status, else any) and `?page=`, and that page of
 * subscribers; refusals as `studioLoad` turns them (authors get the 403 page).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim() ?? "";
  const statusParam = params.get("status") ?? "";
  const status = (STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as SubscriberStatus)
    : undefined;
  const subscribers = await studioLoad(request, (signal) =>
    studioApi.subscribers({ q: q || undefined, status, page: pageOf(params.get("page")) }, signal),
  );
  return { q, status, subscribers };
}

/** "Subscribers · Studio". */
export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta("Subscribers · Studio", matches);

function DownloadCsv() {
  return (
    // A plain download (the session cookie goes along); not a client-side route.
    <a href={SUBSCRIBERS_CSV_URL} download className={buttonClass("secondary")}>
      <FileDownloadIcon size={16} />
      Download CSV
    </a>
  );
}

/** The heading with Download CSV, and grey rows while the subscribers load. */
export function HydrateFallback() {
  return (
    <>
      <PageHeading title="Newsletter subscribers">
        <DownloadCsv />
      </PageHeading>
      <ListSkeleton label="Loading subscribers…" />
    </>
  );
}

const statusTones: Record<SubscriberStatus, BadgeTone> = {
  confirmed: "accent",
  pending: "muted",
  unsubscribed: "muted",
};

/** Subscribers: Download CSV, the search and status filter, the table and its pages. */
export default function StudioSubscribers({ loaderData }: Route.ComponentProps) {
  const { q, status, subscribers } = loaderData;
  return (
    <>
      <PageHeading title="Newsletter subscribers">
        <DownloadCsv />
      </PageHeading>
      <SearchForm label="Subscribers" searchLabel="Email" q={q}>
        <FilterSelect
          label="Status"
          name="status"
          defaultValue={status ?? ""}
          anyLabel="Any status"
          options={STATUSES}
          className="w-40"
        />
      </SearchForm>
      {subscribers.data.length === 0 ? (
        <Note>No subscriber matches.</Note>
      ) : (
        <DataTable
          caption="Subscribers"
          className="text-sm"
          columns={[
            { label: "Email" },
            { label: "Status", className: "w-32" },
            { label: "Subscribed", className: "hidden w-36 sm:table-cell" },
            { label: "Confirmed", className: "hidden w-36 md:table-cell" },
          ]}
        >
          {subscribers.data.map((s) => (
            <tr key={s.id} className="border-b border-line last:border-0">
              <td className="truncate px-4 py-2.5">
                {s.email}
                {s.member && (
                  <Badge tone="muted" className="ml-2">
                    member
                  </Badge>
                )}
              </td>
              <td className="px-3 py-2.5">
                <Badge
                  tone={statusTones[s.status]}
                  className={s.status === "unsubscribed" ? "line-through" : ""}
                >
                  {s.status}
                </Badge>
              </td>
              <td className="tabular hidden px-3 py-2.5 text-muted sm:table-cell">
                {formatIsoDateUtc(s.createdAt)}
              </td>
              <td className="tabular hidden px-3 py-2.5 text-muted md:table-cell">
                {s.confirmedAt ? formatIsoDateUtc(s.confirmedAt) : "—"}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination
        pagination={subscribers.meta.pagination}
        label="Subscriber pages"
        noun={["subscriber", "subscribers"]}
      />
    </>
  );
}

/** The studio's 403, 404 or error page for this section (`StudioErrorPage`). */
export function ErrorBoundary() {
  return <StudioErrorPage />;
}
