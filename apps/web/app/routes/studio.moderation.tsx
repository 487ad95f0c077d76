// `/studio/moderation` (docs/product/studio.md#studio): editors and admins; the reported
// comments with open reports (?include=all adds those whose reports were answered), 20 a page.
import { Link, useLocation } from "react-router";
import { ListSkeleton } from "../components/ui/list-skeleton";
import { Note } from "../components/ui/note";
import { PageHeading } from "../components/ui/page-heading";
import { Pagination } from "../components/ui/pagination";
import { accountMeta } from "../features/account/page-meta";
import { ModerationQueue } from "../features/studio/moderation-queue";
import { studioApi } from "../features/studio/studio-api";
import { StudioErrorPage } from "../features/studio/studio-error";
import { pageOf, studioLoad } from "../features/studio/studio-load";
import type { Route } from "./+types/studio.moderation";

/**
 * `?include=all` (else open reports only) and `?page=`, and that page of reported comments;
 * refusals as `studioLoad` turns them (authors get the 403 page).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const include = params.get("include") === "all" ? "all" : "open";
  const page = pageOf(params.get("page"));
  const reports = await studioLoad(request, (signal) =>
    studioApi.reports({ include, page }, signal),
  );
  return { include, reports } as const;
}

/** "Moderation · Studio". */
export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta("Moderation · Studio", matches);

function IncludeTabs({ include }: { include: "open" | "all" }) {
  const tab = (value: "open" | "all", label: string) => (
    <Link
      to={value === "all" ? "?include=all" : "?"}
      aria-current={include === value ? "page" : undefined}
      className={`inline-flex h-8 items-center rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent ${
        include === value ? "bg-accent/10 text-accent" : "text-muted hover:text-ink"
      }`}
    >
      {label}
    </Link>
  );
  return (
    <nav
      aria-label="Which reports"
      className="flex gap-1 rounded-lg border border-line bg-surface p-1"
    >
      {tab("open", "Open")}
      {tab("all", "All, with answered reports")}
    </nav>
  );
}

/** The heading and grey rows while the reports load. */
export function HydrateFallback() {
  return (
    <>
      <PageHeading title="Moderation" />
      <ListSkeleton rows={4} label="Loading reported comments…" />
    </>
  );
}

/** Moderation: Open / All tabs, the count, the queue (or an all-clear note) and its pages. */
export default function StudioModeration({ loaderData }: Route.ComponentProps) {
  const { include, reports } = loaderData;
  const { search } = useLocation();
  const { pagination } = reports.meta;
  return (
    <>
      <PageHeading title="Moderation">
        <IncludeTabs include={include} />
      </PageHeading>
      <p className="mb-4 text-sm text-muted">
        Reported comments, most recently reported first.{" "}
        <span className="tabular">{pagination.total}</span> in this list.
      </p>
      {reports.data.length === 0 ? (
        <Note>
          {include === "open"
            ? "No reported comments waiting. All clear."
            : "No reported comments."}
        </Note>
      ) : (
        <ModerationQueue key={search} items={reports.data} />
      )}
      <Pagination pagination={pagination} label="Report pages" />
    </>
  );
}

/** The studio's 403, 404 or error page for this section (`StudioErrorPage`). */
export function ErrorBoundary() {
  return <StudioErrorPage />;
}
