// `/studio/members` (docs/product/studio.md#studio): admins only
// (the API answers others 403, shown as the studio's 403 page).
import type { Role } from "@pragmatist/contracts";
import { useLocation } from "react-router";
import { ListSkeleton } from "../components/ui/list-skeleton";
import { Note } from "../components/ui/note";
import { PageHeading } from "../components/ui/page-heading";
import { Pagination } from "../components/ui/pagination";
import { accountMeta } from "../features/account/page-meta";
import { MemberFilters, MembersTable, ROLES } from "../features/studio/members-table";
import { studioApi } from "../features/studio/studio-api";
import { StudioErrorPage } from "../features/studio/studio-error";
import { pageOf, studioLoad } from "../features/studio/studio-load";
import { useViewer } from "../lib/viewer";
import type { Route } from "./+types/studio.members";

/**
 * `?q=` (part of a name or email), `?role=` (a known role, else any) and `?page=`, and that page
 * of members; refusals as `studioLoad` turns them (non-admins get the 403 page).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim() ?? "";
  const roleParam = params.get("role") ?? "";
  const role = (ROLES as readonly string[]).includes(roleParam) ? (roleParam as Role) : undefined;
  const members = await studioLoad(request, (signal) =>
    studioApi.members({ q: q || undefined, role, page: pageOf(params.get("page")) }, signal),
  );
  return { q, role, members };
}

/** "Members · Studio". */
export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Members · Studio", matches);

/** The heading and grey rows while the members load. */
export function HydrateFallback() {
  return (
    <>
      <PageHeading title="Members" />
      <ListSkeleton label="Loading members…" />
    </>
  );
}

/** Members: the search, the table with role selects (or "No member matches.") and its pages. */
export default function StudioMembers({ loaderData }: Route.ComponentProps) {
  const { q, role, members } = loaderData;
  const { search } = useLocation();
  const viewer = useViewer();
  return (
    <>
      <PageHeading title="Members" />
      <MemberFilters q={q} role={role} />
      {members.meta.searchedNewest !== undefined && (
        <Note>
          Searched the newest {members.meta.searchedNewest.toLocaleString("en-US")} members: type 3
          characters or more to search them all.
        </Note>
      )}
      {members.data.length === 0 ? (
        <Note>No member matches.</Note>
      ) : (
        <MembersTable key={search} members={members.data} viewerId={viewer?.id ?? 0} />
      )}
      <Pagination
        pagination={members.meta.pagination}
        label="Member pages"
        noun={["member", "members"]}
      />
    </>
  );
}

/** The studio's 403, 404 or error page for this section (`StudioErrorPage`). */
export function ErrorBoundary() {
  return <StudioErrorPage />;
}
