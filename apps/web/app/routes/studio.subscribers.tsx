// `/studio/subscribers` (issue #7 "Newsletter subscribers list with CSV export"): editors and
// admins; search by email, filter by status, and the confirmed subscribers as a CSV download.
import { Form, useLocation, useSubmit } from "react-router";
import { accountMeta } from "../features/account/page-meta";
import { buttonClass, Button } from "../components/ui/button";
import { FileDownloadIcon, SearchIcon } from "../components/ui/icons";
import {
  studioApi,
  SUBSCRIBERS_CSV_URL,
  type SubscriberStatus,
} from "../features/studio/studio-api";
import { StudioErrorPage } from "../features/studio/studio-error";
import { pageOf, studioLoad } from "../features/studio/studio-load";
import {
  Badge,
  ListSkeleton,
  Note,
  PageHeading,
  Pagination,
  SelectField,
  TextInput,
} from "../features/studio/ui";
import { formatLongDate } from "../lib/format";
import type { Route } from "./+types/studio.subscribers";

const STATUSES = ["pending", "confirmed", "unsubscribed"] as const satisfies SubscriberStatus[];

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

const statusLooks: Record<SubscriberStatus, string> = {
  confirmed: "border-accent/30 bg-accent/10 text-accent",
  pending: "border-line bg-page text-muted",
  unsubscribed: "border-line bg-page text-muted line-through",
};

export default function StudioSubscribers({ loaderData }: Route.ComponentProps) {
  const { q, status, subscribers } = loaderData;
  const { search } = useLocation();
  const submit = useSubmit();
  const { pagination } = subscribers.meta;
  return (
    <>
      <PageHeading title="Newsletter subscribers">
        <DownloadCsv />
      </PageHeading>
      <Form
        method="get"
        role="search"
        aria-label="Subscribers"
        className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-surface p-3"
      >
        <div className="flex min-w-64 flex-1 items-end gap-2">
          <TextInput
            label="Email"
            type="search"
            name="q"
            defaultValue={q}
            className="flex-1"
            maxLength={200}
          />
          <Button type="submit" variant="secondary" aria-label="Search">
            <SearchIcon size={16} />
            <span className="hidden sm:inline">Search</span>
          </Button>
        </div>
        <SelectField
          label="Status"
          name="status"
          defaultValue={status ?? ""}
          className="w-40"
          onChange={(e) => {
            if (e.currentTarget.form) void submit(e.currentTarget.form, { replace: true });
          }}
        >
          <option value="">Any status</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      </Form>
      {subscribers.data.length === 0 ? (
        <Note>No subscriber matches.</Note>
      ) : (
        <div className="overflow-hidden rounded-xl border border-line bg-surface">
          <table className="w-full table-fixed border-collapse text-left text-sm">
            <caption className="sr-only">Subscribers</caption>
            <thead className="border-b border-line bg-page/60 text-xs font-semibold tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Email
                </th>
                <th scope="col" className="w-32 px-3 py-2">
                  Status
                </th>
                <th scope="col" className="hidden w-36 px-3 py-2 sm:table-cell">
                  Subscribed
                </th>
                <th scope="col" className="hidden w-36 px-3 py-2 md:table-cell">
                  Confirmed
                </th>
              </tr>
            </thead>
            <tbody>
              {subscribers.data.map((s) => (
                <tr key={s.id} className="border-b border-line last:border-0">
                  <td className="truncate px-4 py-2.5">{s.email}</td>
                  <td className="px-3 py-2.5">
                    <Badge className={statusLooks[s.status]}>{s.status}</Badge>
                  </td>
                  <td className="tabular hidden px-3 py-2.5 text-muted sm:table-cell">
                    {formatLongDate(s.createdAt)}
                  </td>
                  <td className="tabular hidden px-3 py-2.5 text-muted md:table-cell">
                    {s.confirmedAt ? formatLongDate(s.confirmedAt) : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="tabular mt-2 text-xs text-muted">{pagination.total} subscribers</p>
      <Pagination
        page={pagination.page}
        pageCount={pagination.pageCount}
        search={search}
        label="Subscriber pages"
      />
    </>
  );
}

export function ErrorBoundary() {
  return <StudioErrorPage />;
}
